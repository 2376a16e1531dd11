import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useId, useState } from 'react';
import { NOTES_MAX, type FlightSummary } from '../../../contract/flights';
import { errorMessage } from '../../api/base';
import { useCreateFlightMutation } from '../../api/flights';
import { useGlidersQuery } from '../../api/gliders';
import { useSitesQuery } from '../../api/sites';
import { NewSiteFields, siteDraftAt } from '../../components/logbook/NewSiteFields';
import { PointsMap } from '../../components/map/PointsMap';
import { Modal } from '../../components/Modal';
import { Alert, FieldPairs, Form, Hint, Input, Label, Select, TextArea } from '../../components/ui';
import { buildManualFlight, type AddFlightForm } from './add-flight';
import { DialogFooter } from '../../components/DialogFooter';
import { useSiteLabels } from '../../features/logbook/useSiteLabels';


const NEW = 'new';

const emptyForm = (gliderId: string): AddFlightForm => ({
  start: '',
  duration: '',
  launch: '',
  newLaunch: siteDraftAt(),
  landing: '',
  newLanding: siteDraftAt(),
  gliderId,
  notes: '',
  distance: '',
});

/** The pilot's logbook (docs/app.md): a flight without a track (a tandem without instrument, a paper logbook). */
export function AddFlightDialog({ onClose, onAdded }: { onClose: () => void; onAdded: (flight: FlightSummary) => void }) {
  const { t } = useLingui();
  const id = useId();
  const sites = useSitesQuery();
  const gliders = useGlidersQuery();
  const defaultGlider = gliders.data?.find((g) => g.isDefault);
  const [form, setForm] = useState<AddFlightForm>(() => emptyForm(''));
  const [gliderTouched, setGliderTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [create, { isLoading }] = useCreateFlightMutation();
  const gliderId = gliderTouched ? form.gliderId : form.gliderId || (defaultGlider ? String(defaultGlider.id) : '');
  const set = <K extends keyof AddFlightForm>(key: K, value: AddFlightForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const siteList = sites.data ?? [];
  const siteLabel = useSiteLabels(siteList);
  /** A click on the map places the new launch site there. */
  const placeLaunch = useCallback(
    (latitude: number, longitude: number) => setForm((f) => ({ ...f, newLaunch: { ...f.newLaunch, latitude: latitude.toFixed(5), longitude: longitude.toFixed(5) } })),
    [],
  );
  const placed = Number(form.newLaunch.latitude);
  const placedLon = Number(form.newLaunch.longitude);
  const newPoint = form.newLaunch.latitude && form.newLaunch.longitude && Number.isFinite(placed) && Number.isFinite(placedLon) ? [{ id: -1, name: form.newLaunch.name || t`New site`, latitude: placed, longitude: placedLon }] : [];

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const built = buildManualFlight({ ...form, gliderId }, (siteId) => siteList.find((s) => s.id === siteId)?.timeZone ?? null, {
      start: t`Enter the date and local time of takeoff.`,
      duration: t`Enter the duration as h:mm, for example 1:30.`,
      launch: t`Choose the launch site or add a new one.`,
      distance: t`Distance must be a number of kilometres.`,
    });
    if (!built.body) return setError(built.error);
    setError(null);
    try {
      onAdded(await create(built.body).unwrap());
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const siteOptions = siteList.map((s) => (
    <option key={s.id} value={s.id}>
      {siteLabel(s)}
    </option>
  ));

  return (
    <Modal title={t`Add a flight without a track`} onClose={onClose}>
      <Form onSubmit={onSubmit} noValidate>
        <FieldPairs>
          <Label htmlFor={`${id}-start`}>
            {t`Takeoff (local date and time)`}
            <Input id={`${id}-start`} type="datetime-local" required autoFocus value={form.start} onChange={(e) => set('start', e.target.value)} />
          </Label>
          <Label htmlFor={`${id}-duration`}>
            {t`Duration (h:mm)`}
            <Input id={`${id}-duration`} required placeholder="1:30" inputMode="numeric" value={form.duration} onChange={(e) => set('duration', e.target.value)} />
          </Label>
        </FieldPairs>
        <Label htmlFor={`${id}-launch`}>
          {t`Launch site`}
          <Select id={`${id}-launch`} required value={form.launch} onChange={(e) => set('launch', e.target.value)}>
            <option value="">{t`Choose…`}</option>
            {siteOptions}
            <option value={NEW}>{t`New site…`}</option>
          </Select>
        </Label>
        {form.launch === NEW && (
          <fieldset style={{ border: 'none', padding: 0, margin: 0 }}>
            <legend style={{ fontWeight: 600, marginBottom: 6 }}>{t`New launch site`}</legend>
            <NewSiteFields draft={form.newLaunch} onChange={(d) => set('newLaunch', d)} idPrefix={`${id}-new-launch`} />
            <Hint as="p" style={{ margin: '8px 0 6px' }}>
              <Trans>Or click the map to place it.</Trans>
            </Hint>
            <PointsMap points={[...siteList, ...newPoint]} pickedId={newPoint.length ? -1 : null} label={t`Map for placing the new launch site`} onPick={placeLaunch} height={220} />
          </fieldset>
        )}
        <Label htmlFor={`${id}-landing`}>
          {t`Landing site (optional)`}
          <Select id={`${id}-landing`} value={form.landing} onChange={(e) => set('landing', e.target.value)}>
            <option value="">{t`Not recorded`}</option>
            {siteOptions}
            <option value={NEW}>{t`New site…`}</option>
          </Select>
        </Label>
        {form.landing === NEW && (
          <fieldset style={{ border: 'none', padding: 0, margin: 0 }}>
            <legend style={{ fontWeight: 600, marginBottom: 6 }}>{t`New landing site`}</legend>
            <NewSiteFields draft={form.newLanding} onChange={(d) => set('newLanding', d)} idPrefix={`${id}-new-landing`} />
          </fieldset>
        )}
        <FieldPairs>
          <Label htmlFor={`${id}-glider`}>
            {t`Glider`}
            <Select
              id={`${id}-glider`}
              value={gliderId}
              onChange={(e) => {
                setGliderTouched(true);
                set('gliderId', e.target.value);
              }}
            >
              <option value="">{t`No wing linked`}</option>
              {(gliders.data ?? []).map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </Select>
          </Label>
          <Label htmlFor={`${id}-distance`}>
            {t`Distance in km (optional)`}
            <Input id={`${id}-distance`} inputMode="decimal" value={form.distance} onChange={(e) => set('distance', e.target.value)} />
          </Label>
        </FieldPairs>
        <Label htmlFor={`${id}-notes`}>
          {t`Notes`}
          <TextArea id={`${id}-notes`} maxLength={NOTES_MAX} value={form.notes} onChange={(e) => set('notes', e.target.value)} />
        </Label>
        {(form.launch === NEW || form.landing === NEW) && (
          <Hint>
            <Trans>A new site is placed at the coordinates you type (decimal degrees, as a map app shows them).</Trans>
          </Hint>
        )}
        {error && (
          <Alert $tone="error" role="alert">
            {error}
          </Alert>
        )}
        <DialogFooter onCancel={onClose} confirm={{ label: <Trans>Add flight</Trans>, submit: true, disabled: isLoading }} />
      </Form>
    </Modal>
  );
}
