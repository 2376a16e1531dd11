import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { INCIDENT_CAUSES, INCIDENT_PHASES, INJURIES, type IncidentCause, type IncidentPhase, type Injuries } from '../../../contract/incidents';
import { errorMessage } from '../../api/base';
import { useFlightQuery } from '../../api/flights';
import { useCreateIncidentMutation, useIncidentPrefillQuery } from '../../api/incidents';
import { paths, useLocalePath } from '../../app/paths';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { Section, Sections } from '../../components/layout';
import { useUnits } from '../../components/units';
import { Alert, Button, Form, Hint, Input, Label, Select, Spinner } from '../../components/ui';
import { localDateTime } from '../../format/format';
import { altitude, climb, speed } from '../../format/units';
import { causeName, injuriesName, phaseName } from './incident-words';

/** `/incidents/new/:flightId`: a report prefilled from the flight at a chosen moment (docs/career.md, "Incident reports"). */
export default function NewIncidentPage() {
  const { t, i18n } = useLingui();
  const units = useUnits();
  const to = useLocalePath();
  const navigate = useNavigate();
  const flightId = Number(useParams().flightId);
  const ids = { minutes: useId(), phase: useId(), what: useId(), injuries: useId(), cause: useId(), note: useId(), harness: useId(), reserve: useId(), thrown: useId() };
  const flight = useFlightQuery({ id: flightId });
  const [minutes, setMinutes] = useState(0);
  const start = flight.currentData?.startTime ? Date.parse(flight.currentData.startTime) : null;
  const maxMinutes = Math.max(0, Math.floor((flight.currentData?.flightTime ?? 0) / 60));
  const moment = start !== null && minutes > 0 ? new Date(start + minutes * 60_000).toISOString() : undefined;
  const facts = useIncidentPrefillQuery({ flightId, moment }, { skip: !flight.currentData });
  const [create, { isLoading, error }] = useCreateIncidentMutation();
  const [phase, setPhase] = useState<IncidentPhase | ''>('');
  const [whatHappened, setWhatHappened] = useState('');
  const [injuries, setInjuries] = useState<Injuries>('none');
  const [cause, setCause] = useState<IncidentCause | ''>('');
  const [causeNote, setCauseNote] = useState('');
  const [reserveThrown, setReserveThrown] = useState(false);
  const [harness, setHarness] = useState<string | null>(null);
  const [reserve, setReserve] = useState<string | null>(null);
  useDocumentTitle(t`New incident report`);

  const f = facts.currentData;
  const chosenPhase = phase || f?.phase || '';
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!chosenPhase || !cause) return;
    const made = await create({
      flightId,
      moment,
      phase: chosenPhase,
      whatHappened,
      injuries,
      reserveThrown,
      cause,
      causeNote: causeNote || undefined,
      harness: harness ?? f?.harness ?? null,
      reserve: reserve ?? f?.reserve ?? null,
    })
      .unwrap()
      .catch(() => null);
    if (made) navigate(to(paths.incidents.getHref()));
  };

  if (flight.isError) return <Alert $tone="error" role="alert">{errorMessage(flight.error, t`Flight not found.`)}</Alert>;
  return (
    <>
      <h1>
        <Trans>New incident report</Trans>
      </h1>
      <Sections>
        <Section aria-labelledby="incident-facts">
          <h2 id="incident-facts">
            <Trans>From the flight</Trans>
          </h2>
          <Label htmlFor={ids.minutes}>
            <Trans>Moment of the incident (minutes after takeoff)</Trans>
          </Label>
          <Input id={ids.minutes} type="number" min={0} max={maxMinutes} value={minutes} onChange={(e) => setMinutes(Math.min(maxMinutes, Math.max(0, Number(e.target.value) || 0)))} />
          {!f ? (
            <Spinner />
          ) : (
            <dl>
              <dt>
                <Trans>Time</Trans>
              </dt>
              <dd>{localDateTime(f.occurredAt, i18n.locale, flight.currentData?.timeZone)}</dd>
              <dt>
                <Trans>Place</Trans>
              </dt>
              <dd>{f.placeName ?? '–'}</dd>
              <dt>
                <Trans>Wing</Trans>
              </dt>
              <dd>{[f.wingName, f.wingClass].filter(Boolean).join(', ') || '–'}</dd>
              <dt>
                <Trans>Altitude</Trans>
              </dt>
              <dd>{f.altitude === null ? '–' : altitude(f.altitude, units)}</dd>
              <dt>
                <Trans>Wind</Trans>
              </dt>
              <dd>{f.conditions.windSpeed === null ? '–' : t`${speed(f.conditions.windSpeed, 0, units)} from ${Math.round(f.conditions.windDirection ?? 0)}°`}</dd>
              <dt>
                <Trans>Climb nearby</Trans>
              </dt>
              <dd>{f.conditions.climbNearby === null ? '–' : climb(f.conditions.climbNearby, units)}</dd>
            </dl>
          )}
        </Section>
        <Section aria-labelledby="incident-account">
          <h2 id="incident-account">
            <Trans>Your account</Trans>
          </h2>
          <Form onSubmit={onSubmit}>
            <Label htmlFor={ids.phase}>
              <Trans>Phase of flight</Trans>
            </Label>
            <Select id={ids.phase} value={chosenPhase} onChange={(e) => setPhase(e.target.value as IncidentPhase)} required>
              <option value="">{t`Choose…`}</option>
              {INCIDENT_PHASES.map((p) => (
                <option key={p} value={p}>
                  {phaseName(i18n, p)}
                </option>
              ))}
            </Select>
            <Label htmlFor={ids.what}>
              <Trans>What happened</Trans>
            </Label>
            <Input as="textarea" id={ids.what} value={whatHappened} onChange={(e) => setWhatHappened(e.target.value)} required maxLength={4000} rows={5} />
            <Label htmlFor={ids.injuries}>
              <Trans>Injuries</Trans>
            </Label>
            <Select id={ids.injuries} value={injuries} onChange={(e) => setInjuries(e.target.value as Injuries)}>
              {INJURIES.map((v) => (
                <option key={v} value={v}>
                  {injuriesName(i18n, v)}
                </option>
              ))}
            </Select>
            <label htmlFor={ids.thrown}>
              <input id={ids.thrown} type="checkbox" checked={reserveThrown} onChange={(e) => setReserveThrown(e.target.checked)} /> <Trans>Reserve thrown</Trans>
            </label>
            <Label htmlFor={ids.cause}>
              <Trans>Cause as you see it</Trans>
            </Label>
            <Select id={ids.cause} value={cause} onChange={(e) => setCause(e.target.value as IncidentCause)} required>
              <option value="">{t`Choose…`}</option>
              {INCIDENT_CAUSES.map((c) => (
                <option key={c} value={c}>
                  {causeName(i18n, c)}
                </option>
              ))}
            </Select>
            <Label htmlFor={ids.note}>
              <Trans>About the cause (optional)</Trans>
            </Label>
            <Input as="textarea" id={ids.note} value={causeNote} onChange={(e) => setCauseNote(e.target.value)} maxLength={4000} rows={3} />
            <Label htmlFor={ids.harness}>
              <Trans>Harness</Trans>
            </Label>
            <Input id={ids.harness} value={harness ?? f?.harness ?? ''} onChange={(e) => setHarness(e.target.value)} maxLength={200} />
            <Label htmlFor={ids.reserve}>
              <Trans>Reserve</Trans>
            </Label>
            <Input id={ids.reserve} value={reserve ?? f?.reserve ?? ''} onChange={(e) => setReserve(e.target.value)} maxLength={200} />
            <Hint>
              <Trans>The report stays private. You can share it without your name afterwards.</Trans>
            </Hint>
            {error && (
              <Alert $tone="error" role="alert">
                {errorMessage(error, t`The report could not be saved`)}
              </Alert>
            )}
            <Button type="submit" disabled={isLoading || !f}>
              <Trans>Save the report</Trans>
            </Button>
          </Form>
        </Section>
      </Sections>
    </>
  );
}
