import { Plural, Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { errorMessage } from '../../api/base';
import { useSafetyOverviewQuery } from '../../api/incidents';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { Section, Sections } from '../../components/layout';
import { Alert, Spinner } from '../../components/ui';
import { causeName, injuriesName, phaseName } from './incident-words';

/** The three totals side by side, wrapping on a phone. */
const TotalsRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 16px 40px;
  caption {
    text-align: start;
    font-weight: 600;
    padding-bottom: 4px;
  }
  th {
    text-align: start;
    font-weight: normal;
  }
  td {
    padding-inline-start: 16px;
    text-align: end;
  }
`;

function Totals({ caption, rows, name }: { caption: string; rows: { value: string; count: number }[]; name: (v: string) => string }) {
  return (
    <table>
      <caption>{caption}</caption>
      <tbody>
        {rows.map((r) => (
          <tr key={r.value}>
            <th scope="row">{name(r.value)}</th>
            <td>{r.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** `/safety`: shared incident reports without identity, and totals, for safety officers (docs/career.md). */
export default function SafetyPage() {
  const { t, i18n } = useLingui();
  const overview = useSafetyOverviewQuery();
  useDocumentTitle(t`Safety reports`);
  return (
    <>
      <h1>
        <Trans>Safety reports</Trans>
      </h1>
      {overview.isError ? (
        <Alert $tone="error" role="alert">
          {errorMessage(overview.error, t`Failed to load the shared reports`)}
        </Alert>
      ) : !overview.currentData ? (
        <Spinner />
      ) : (
        <Sections>
          <Section aria-labelledby="safety-totals">
            <h2 id="safety-totals">
              <Plural value={overview.currentData.reports.length} one="Totals of # shared report" other="Totals of # shared reports" />
            </h2>
            <TotalsRow>
              <Totals caption={t`By cause`} rows={overview.currentData.totals.byCause} name={(v) => causeName(i18n, v)} />
              <Totals caption={t`By wing class`} rows={overview.currentData.totals.byWingClass} name={(v) => (v === 'unknown' ? t`unknown` : v)} />
              <Totals caption={t`By phase`} rows={overview.currentData.totals.byPhase} name={(v) => phaseName(i18n, v)} />
            </TotalsRow>
          </Section>
          <Section aria-labelledby="safety-reports">
            <h2 id="safety-reports">
              <Trans>Shared reports, without names</Trans>
            </h2>
            <ul>
              {overview.currentData.reports.map((r, i) => (
                <li key={i}>
                  <p>
                    {r.month ?? '–'} · {r.wingClass ?? '–'} · {phaseName(i18n, r.phase)} · {causeName(i18n, r.cause)} · <Trans>Injuries: {injuriesName(i18n, r.injuries)}</Trans>
                    {r.reserveThrown ? <> · <Trans>Reserve thrown</Trans></> : null}
                  </p>
                  <p>{r.whatHappened}</p>
                  {r.causeNote && <p>{r.causeNote}</p>}
                </li>
              ))}
            </ul>
          </Section>
        </Sections>
      )}
    </>
  );
}
