import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { COMPARE_MAX, type CompareAnswer } from '../../../contract/compare';
import { errorMessage } from '../../api/base';
import { useCompareQuery } from '../../api/compare';
import { paths, useLocalePath } from '../../app/paths';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { Section } from '../../components/layout';
import { isNotFound, PublicPage } from '../../components/public-page';
import { Alert, Button, Hint, Input, Label, Row, Spinner } from '../../components/ui';
import { flightColour } from '../../features/compare/colours';
import { CompareReplay } from '../../features/compare/CompareReplay';
import { flightLabels } from '../../features/compare/labels';
import { localDateTime } from '../../format/format';

const FlightList = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0 0 12px;
  display: flex;
  flex-direction: column;
  gap: 6px;
  li { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; }
`;

const Swatch = styled.span<{ $colour: string }>`
  width: 14px;
  height: 14px;
  border-radius: 50%;
  background: ${(p) => p.$colour};
  border: 1px solid ${(p) => p.theme.border};
`;

const AddForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 8px;
  label { flex: 1 1 240px; }
  input { width: 100%; box-sizing: border-box; }
`;

const ShareUrl = styled(Input)`
  width: 100%;
  box-sizing: border-box;
`;

/** The flights in the address: `?f=ID,token,…`, each once. */
export function refsFromSearch(value: string | null): string[] {
  return [...new Set((value ?? '').split(',').map((r) => r.trim()).filter(Boolean))];
}

/** What a pilot pastes to add a flight: a share link (…/shared/{token}), a token or an own flight id. */
export function refFromInput(value: string): string | null {
  const v = value.trim();
  const shared = /\/shared\/([A-Za-z0-9_-]+)/.exec(v);
  if (shared) return shared[1]!;
  const own = /\/flight\/(\d+)/.exec(v);
  if (own) return own[1]!;
  return /^(\d{1,12}|[A-Za-z0-9_-]{8,100})$/.test(v) ? v : null;
}

/** `/compare?f=…`: up to ten flights on one map and height profile, replayed together (docs/compare.md). */
export default function ComparePage() {
  const { t } = useLingui();
  useDocumentTitle(t`Compare flights`);
  const [search, setSearch] = useSearchParams();
  const refs = refsFromSearch(search.get('f'));
  const query = useCompareQuery(refs, { skip: refs.length === 0 });
  const setRefs = (next: string[]) => setSearch(next.length ? { f: next.join(',') } : {}, { replace: false });

  return (
    <PublicPage>
      <h1>
        <Trans>Compare flights</Trans>
      </h1>
      <Section aria-labelledby="compare-flights">
        <h2 id="compare-flights">
          <Trans>Flights</Trans>
        </h2>
        {query.currentData && <FlightRefs answer={query.currentData} onRemove={(ref) => setRefs(refs.filter((r) => r !== ref))} />}
        {refs.length === 0 && (
          <Hint>
            <Trans>Add your own flights or public flights of other pilots: up to ten, on one map and one height profile.</Trans>
          </Hint>
        )}
        {refs.length < COMPARE_MAX && <AddFlight onAdd={(ref) => !refs.includes(ref) && setRefs([...refs, ref])} />}
        {query.currentData?.shareable && <ShareLink refs={query.currentData.flights.map((f) => f.token!)} />}
      </Section>
      {query.isFetching && !query.currentData && <Spinner />}
      {query.isError && (
        <Alert $tone="error" role="alert">
          {isNotFound(query.error) ? t`One of these flights does not exist or is not public. Remove it to compare the others.` : errorMessage(query.error, t`Failed to load the flights to compare`)}
        </Alert>
      )}
      {isNotFound(query.error) && <RemoveEach refs={refs} onRemove={(ref) => setRefs(refs.filter((r) => r !== ref))} />}
      {query.currentData && query.currentData.flights.length > 0 && (
        <Section aria-labelledby="compare-replay">
          <h2 id="compare-replay">
            <Trans>Replay</Trans>
          </h2>
          <CompareReplay answer={query.currentData} />
        </Section>
      )}
    </PublicPage>
  );
}

function FlightRefs({ answer, onRemove }: { answer: CompareAnswer; onRemove: (ref: string) => void }) {
  const { t, i18n } = useLingui();
  const to = useLocalePath();
  const labels = flightLabels(answer.flights, i18n.locale);
  return (
    <FlightList aria-label={t`Compared flights`}>
      {answer.flights.map((f) => {
        const name = labels.get(f.ref) ?? f.pilot.name;
        const href = f.token ? paths.sharedFlight.getHref(f.token) : /^\d+$/.test(f.ref) ? paths.flight.getHref(f.ref) : paths.sharedFlight.getHref(f.ref);
        return (
          <li key={f.ref}>
            <Swatch $colour={flightColour(f.colourIndex)} aria-hidden="true" />
            <Link to={to(href)}>{name}</Link>
            <span>{localDateTime(f.startTime, i18n.locale, f.timeZone)}</span>
            <Button type="button" $variant="link" onClick={() => onRemove(f.ref)} aria-label={t`Remove the flight of ${name}`}>
              <Trans>Remove</Trans>
            </Button>
          </li>
        );
      })}
    </FlightList>
  );
}

/** When one flight is gone the answer names none: each can be removed by what the address says. */
function RemoveEach({ refs, onRemove }: { refs: string[]; onRemove: (ref: string) => void }) {
  const { t } = useLingui();
  return (
    <FlightList aria-label={t`Flights in the address`}>
      {refs.map((ref, i) => {
        const n = i + 1;
        return (
          <li key={ref}>
            <span>
              <Trans>Flight {n}</Trans>
            </span>
            <Button type="button" $variant="secondary" onClick={() => onRemove(ref)} aria-label={t`Remove flight ${n}`}>
              <Trans>Remove</Trans>
            </Button>
          </li>
        );
      })}
    </FlightList>
  );
}

function AddFlight({ onAdd }: { onAdd: (ref: string) => void }) {
  const { t } = useLingui();
  const id = useId();
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const ref = refFromInput(value);
    setInvalid(!ref);
    if (ref) {
      onAdd(ref);
      setValue('');
    }
  };
  return (
    <AddForm onSubmit={submit} noValidate>
      <Label htmlFor={id}>
        <Trans>Add a flight: its share link, or your flight's number</Trans>
        <Input id={id} value={value} onChange={(e) => setValue(e.target.value)} aria-invalid={invalid} aria-describedby={invalid ? `${id}-error` : undefined} />
      </Label>
      <Button type="submit">
        <Trans>Add</Trans>
      </Button>
      {invalid && (
        <Alert $tone="error" id={`${id}-error`} role="alert" style={{ flexBasis: '100%' }}>
          {t`This is neither a share link nor a flight number.`}
        </Alert>
      )}
    </AddForm>
  );
}

function ShareLink({ refs }: { refs: string[] }) {
  const to = useLocalePath();
  const id = useId();
  const url = `${window.location.origin}${to(paths.compare.getHref(refs))}`;
  return (
    <Row style={{ marginTop: 12 }}>
      <Label htmlFor={id} style={{ flex: '1 1 100%' }}>
        <Trans>Link to this comparison (every flight in it is public)</Trans>
        <ShareUrl id={id} readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
      </Label>
    </Row>
  );
}
