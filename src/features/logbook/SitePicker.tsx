import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { FlightSummary } from '../../../contract/flights';
import { errorMessage } from '../../api/base';
import { usePatchFlightMutation } from '../../api/flights';
import { useCreateSiteMutation, useSitesQuery } from '../../api/sites';
import { useSiteLabels } from './useSiteLabels';
import { Alert, Button, Row, Select } from '../../components/ui';
import { NewSiteFields, parseSiteDraft, siteDraftAt, type SiteDraft } from '../../components/logbook/NewSiteFields';

const NEW = 'new';

export interface SitePickerProps {
  flight: FlightSummary;
  which: 'launch' | 'landing';
  /** Where a new site is placed unless the pilot types other coordinates (the flight's takeoff or landing). */
  at?: { latitude: number; longitude: number } | null;
}

/** Moves a flight's launch or landing to another of the pilot's sites, or to a new one. */
export function SitePicker({ flight, which, at }: SitePickerProps) {
  const { t } = useLingui();
  const id = useId();
  const sites = useSitesQuery();
  const [patch, patchResult] = usePatchFlightMutation();
  const [createSite, createResult] = useCreateSiteMutation();
  const [draft, setDraft] = useState<SiteDraft | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const current = which === 'launch' ? flight.siteId : flight.landingSiteId;
  const currentName = which === 'launch' ? flight.siteName : flight.landingSiteName;
  const field = which === 'launch' ? 'siteId' : 'landingSiteId';
  const label = which === 'launch' ? t`Launch site` : t`Landing site`;
  const options = sites.data ?? [];
  const siteLabel = useSiteLabels(options);
  const busy = patchResult.isLoading || createResult.isLoading;

  const move = (siteId: number | null) => patch({ id: flight.id, body: { [field]: siteId } });

  const onSelect = (value: string) => {
    if (value === NEW) {
      const here = at ?? options.find((s) => s.id === current) ?? null;
      setDraft(siteDraftAt(here));
      setFormError(null);
      return;
    }
    setDraft(null);
    void move(value === '' ? null : Number(value));
  };

  const onCreate = async () => {
    if (!draft) return;
    const parsed = parseSiteDraft(draft);
    if (!parsed.site) return setFormError(parsed.error);
    try {
      const site = await createSite(parsed.site).unwrap();
      await move(site.id).unwrap();
      setDraft(null);
      setFormError(null);
    } catch (failure) {
      setFormError(errorMessage(failure));
    }
  };

  const error = formError ?? (patchResult.isError ? errorMessage(patchResult.error) : null);

  return (
    <div>
      <label htmlFor={id} style={{ display: 'block', fontWeight: 600, marginBottom: 4 }}>
        {label}
      </label>
      <Select id={id} value={draft ? NEW : current ?? ''} disabled={busy || sites.isLoading} onChange={(e) => onSelect(e.target.value)} style={{ maxWidth: '100%' }}>
        <option value="">{t`No site`}</option>
        {current !== null && !options.some((s) => s.id === current) && <option value={current}>{currentName ?? label}</option>}
        {options.map((s) => (
          <option key={s.id} value={s.id}>
            {siteLabel(s)}
          </option>
        ))}
        <option value={NEW}>{t`New site…`}</option>
      </Select>
      {draft && (
        <div role="group" aria-label={t`New site`} style={{ marginTop: 10, display: 'flex', flexDirection: 'column', gap: 10 }}>
          <NewSiteFields draft={draft} onChange={setDraft} idPrefix={`${id}-new`} />
          <Row>
            <Button type="button" disabled={busy} onClick={() => void onCreate()}>
              <Trans>Create site and move the flight</Trans>
            </Button>
            <Button type="button" $variant="secondary" onClick={() => setDraft(null)}>
              <Trans>Cancel</Trans>
            </Button>
          </Row>
        </div>
      )}
      {error && (
        <Alert $tone="error" role="alert" style={{ marginTop: 6 }}>
          {error}
        </Alert>
      )}
    </div>
  );
}
