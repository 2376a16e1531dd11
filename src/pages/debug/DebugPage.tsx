import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import type { ReasonChange, ResetCompletedResponse, RevalidateAllResponse } from '../../../contract/debug';
import { errorMessage } from '../../api/base';
import {
  useDebugStatisticsQuery,
  useResetAllCalculationsMutation,
  useResetCompletedFlightsMutation,
  useRevalidateAllFlightsMutation,
  useRevalidateFlightMutation,
  useSendEmailChangeMutation,
  useSendPasswordResetEmailMutation,
  useSendWelcomeEmailMutation,
  type ResetAllResponse,
} from '../../api/debug';
import { Alert, Button, Card, Input, Label, Row, Spinner } from '../../components/ui';
import { localDateTime } from '../../format/format';
import { removalReasonLabel } from '../../format/removal-reasons';
import { parseFlightId } from './debug-rules';

const Sections = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 20px;
`;

const Section = styled(Card)`
  h2 {
    margin: 0 0 12px;
    font-size: 1.2rem;
  }
  h3 {
    margin: 0 0 6px;
    font-size: 0.95rem;
    color: ${(p) => p.theme.muted};
  }
`;

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 12px;
  h2 {
    margin: 0;
  }
`;

const Groups = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: 16px;
`;

const Numbers = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 2px 12px;
  margin: 0;
  font-variant-numeric: tabular-nums;
  dt {
    color: ${(p) => p.theme.muted};
  }
  dd {
    margin: 0;
    text-align: right;
    font-weight: 600;
  }
`;

const ResultTable = styled.table`
  border-collapse: collapse;
  margin-top: 8px;
  font-size: 14px;
  font-variant-numeric: tabular-nums;
  th,
  td {
    text-align: left;
    padding: 4px 12px 4px 0;
    border-bottom: 1px solid ${(p) => p.theme.border};
  }
  th {
    color: ${(p) => p.theme.muted};
    font-weight: 600;
  }
`;

const Scroll = styled.div`
  max-height: 320px;
  overflow: auto;
`;

const Result = styled.div`
  margin-top: 12px;
  display: grid;
  gap: 8px;
`;

type Outcome = { tone: 'success' | 'error'; text: string; details?: ReactNode } | null;

function OutcomeView({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <Result>
      <Alert $tone={outcome.tone} role={outcome.tone === 'error' ? 'alert' : 'status'}>
        {outcome.text}
      </Alert>
      {outcome.details}
    </Result>
  );
}

/** Runs one debug action: the response's message (or the default) on success, the server's message (or the default) on failure. */
function useAction<T extends { message?: string }>(success: string, failure: string, details?: (data: T) => ReactNode) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const run = async (call: () => Promise<T>) => {
    setOutcome(null);
    try {
      const data = await call();
      setOutcome({ tone: 'success', text: data?.message || success, details: details?.(data) });
    } catch (error) {
      setOutcome({ tone: 'error', text: errorMessage(error, failure) });
    }
  };
  return { outcome, run };
}

/** SPEC §2 Debug page (admin): statistics, test emails, flight validation tools. The server refuses non-admins. */
export default function DebugPage() {
  const { t } = useLingui();
  const statistics = useDebugStatisticsQuery();
  const status = statistics.error && 'status' in statistics.error ? statistics.error.status : null;
  const refused = status === 403;
  return (
    <>
      <h1>
        <Trans>Debug</Trans>
      </h1>
      {refused ? (
        <Alert $tone="error" role="alert">
          {errorMessage(statistics.error, t`Failed to load statistics.`)}
        </Alert>
      ) : (
        <Sections>
          <StatisticsSection query={statistics} />
          <EmailSection />
          <ValidationSection />
          <Section aria-labelledby="debug-more">
            <h2 id="debug-more">
              <Trans>Additional Tools</Trans>
            </h2>
            <p style={{ margin: 0 }}>
              <Trans>More administration tools will appear here.</Trans>
            </p>
          </Section>
        </Sections>
      )}
    </>
  );
}

function StatisticsSection({ query }: { query: ReturnType<typeof useDebugStatisticsQuery> }) {
  const { t } = useLingui();
  const { data, isLoading, isFetching, isError, error, refetch } = query;
  const pct = (n: number) => `${n.toFixed(2)}%`;
  return (
    <Section aria-labelledby="debug-statistics">
      <Head>
        <h2 id="debug-statistics">
          <Trans>Statistics</Trans>
        </h2>
        <Button type="button" $variant="secondary" onClick={() => refetch()} disabled={isFetching}>
          {isFetching ? t`Refreshing...` : t`Refresh`}
        </Button>
      </Head>
      {isLoading ? (
        <Spinner />
      ) : isError || !data ? (
        <Alert $tone="error" role="alert">
          {errorMessage(error, t`Failed to load statistics.`)}
        </Alert>
      ) : (
        <Groups>
          <div>
            <h3>
              <Trans>Flights</Trans>
            </h3>
            <Numbers aria-label={t`Flights`}>
              {(
                [
                  [t`Total`, data.flights.total],
                  [t`Pending`, data.flights.pending],
                  [t`Processing`, data.flights.processing],
                  [t`Completed`, data.flights.completed],
                  [t`Failed`, data.flights.failed],
                  [t`Valid`, data.flights.valid],
                  [t`Removed`, data.flights.removed],
                  [t`With features`, data.flights.withFeatures],
                  [t`With coordinates`, data.flights.withCoordinates],
                ] as const
              ).map(([label, value]) => (
                <Pair key={label} label={label} value={value} />
              ))}
            </Numbers>
          </div>
          <div>
            <h3>
              <Trans>Profiles</Trans>
            </h3>
            <Numbers aria-label={t`Profiles`}>
              <Pair label={t`Total`} value={data.profiles.total} />
            </Numbers>
          </div>
          <div>
            <h3>
              <Trans>Processing</Trans>
            </h3>
            <Numbers aria-label={t`Processing rates`}>
              <Pair label={t`Completion rate`} value={pct(data.processing.completionRate)} />
              <Pair label={t`Feature extraction rate`} value={pct(data.processing.featureExtractionRate)} />
              <Pair label={t`Coordinate extraction rate`} value={pct(data.processing.coordinateExtractionRate)} />
            </Numbers>
          </div>
        </Groups>
      )}
    </Section>
  );
}

function Pair({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

function EmailSection() {
  const { t } = useLingui();
  const [welcome, welcomeState] = useSendWelcomeEmailMutation();
  const [reset, resetState] = useSendPasswordResetEmailMutation();
  const [change, changeState] = useSendEmailChangeMutation();
  const { outcome, run } = useAction(t`Email sent successfully!`, t`Failed to send email.`);
  const busy = welcomeState.isLoading || resetState.isLoading || changeState.isLoading;
  return (
    <Section aria-labelledby="debug-email">
      <h2 id="debug-email">
        <Trans>Email Testing</Trans>
      </h2>
      <p style={{ marginTop: 0 }}>
        <Trans>Each test message goes to your own address.</Trans>
      </p>
      <Row>
        <Button type="button" $variant="secondary" disabled={busy} onClick={() => run(() => welcome().unwrap())}>
          <Trans>Send Welcome Email</Trans>
        </Button>
        <Button type="button" $variant="secondary" disabled={busy} onClick={() => run(() => reset().unwrap())}>
          <Trans>Send Password Reset Email</Trans>
        </Button>
        <Button type="button" $variant="secondary" disabled={busy} onClick={() => run(() => change().unwrap())}>
          <Trans>Send Email Change Email</Trans>
        </Button>
      </Row>
      <OutcomeView outcome={outcome} />
    </Section>
  );
}

function ReasonChanges({ changes }: { changes: ReasonChange[] }) {
  const { t, i18n } = useLingui();
  const reason = (r: number | null) => removalReasonLabel(r ?? 0, (d) => i18n._(d));
  if (!changes.length) return null;
  return (
    <Scroll>
      <ResultTable aria-label={t`Changed flights`}>
        <thead>
          <tr>
            <th scope="col">{t`Flight ID`}</th>
            <th scope="col">{t`Old reason`}</th>
            <th scope="col">{t`New reason`}</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((c) => (
            <tr key={c.flightId}>
              <td>{c.flightId}</td>
              <td>{reason(c.oldRemovalReason)}</td>
              <td>{reason(c.newRemovalReason)}</td>
            </tr>
          ))}
        </tbody>
      </ResultTable>
    </Scroll>
  );
}

function ValidationSection() {
  const { t, i18n } = useLingui();
  const [flightIdText, setFlightIdText] = useState('');
  const flightId = parseFlightId(flightIdText);
  const [revalidateOne, oneState] = useRevalidateFlightMutation();
  const [revalidateAll, allState] = useRevalidateAllFlightsMutation();
  const [resetCompleted, completedState] = useResetCompletedFlightsMutation();
  const [resetAll, resetAllState] = useResetAllCalculationsMutation();
  const busy = oneState.isLoading || allState.isLoading || completedState.isLoading || resetAllState.isLoading;
  const reason = (r: number | null) => removalReasonLabel(r ?? 0, (d) => i18n._(d));

  const one = useAction<ReasonChange & { message?: string }>(t`Flight revalidated successfully!`, t`Failed to revalidate flight.`, (data) => {
    const { flightId } = data;
    const oldReason = reason(data.oldRemovalReason);
    const newReason = reason(data.newRemovalReason);
    return (
      <p style={{ margin: 0 }} data-testid="revalidate-one-result">
        <Trans>
          Flight {flightId}: {oldReason} → {newReason}
        </Trans>
      </p>
    );
  });
  const all = useAction<RevalidateAllResponse>(t`All flights revalidated successfully!`, t`Failed to revalidate flights.`, (data) => {
    const { processedCount, changedCount } = data;
    return (
      <>
        <p style={{ margin: 0 }}>
          <Trans>
            Processed: {processedCount} · Changed: {changedCount}
          </Trans>
        </p>
        <ReasonChanges changes={data.changes ?? []} />
      </>
    );
  });
  const completed = useAction<ResetCompletedResponse>(t`Flights reset successfully!`, t`Failed to reset flights.`, (data) => {
    const { processedCount } = data;
    return (
      <>
        <p style={{ margin: 0 }}>
          <Trans>Processed: {processedCount}</Trans>
        </p>
        {data.resetFlights?.length > 0 && (
          <Scroll>
            <ResultTable aria-label={t`Reset flights`}>
              <thead>
                <tr>
                  <th scope="col">{t`Flight ID`}</th>
                  <th scope="col">{t`Start time`}</th>
                  <th scope="col">{t`Old status`}</th>
                  <th scope="col">{t`New status`}</th>
                </tr>
              </thead>
              <tbody>
                {data.resetFlights.map((f) => (
                  <tr key={f.flightId}>
                    <td>{f.flightId}</td>
                    <td>{localDateTime(f.startTime, i18n.locale, 'UTC')} UTC</td>
                    <td>{f.oldStatus}</td>
                    <td>{f.newStatus}</td>
                  </tr>
                ))}
              </tbody>
            </ResultTable>
          </Scroll>
        )}
      </>
    );
  });
  const resetAllOutcome = useAction<ResetAllResponse>(t`All flight calculations reset successfully!`, t`Failed to reset calculations.`, (data) =>
    data.details ? (
      <Numbers aria-label={t`Reset details`} style={{ maxWidth: 360 }}>
        <Pair label={t`Flights reset`} value={data.details.flightsReset} />
        <Pair label={t`Features deleted`} value={data.details.featuresDeleted} />
        <Pair label={t`Coordinates deleted`} value={data.details.coordinatesDeleted} />
        <Pair label={t`Feature geometries deleted`} value={data.details.featureGeometriesDeleted} />
        <Pair label={t`Feature properties deleted`} value={data.details.featurePropertiesDeleted} />
      </Numbers>
    ) : null,
  );

  const idInvalid = flightIdText.trim() !== '' && flightId === null;
  return (
    <Section aria-labelledby="debug-validation">
      <h2 id="debug-validation">
        <Trans>Flight Validation</Trans>
      </h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (flightId !== null && !busy) void one.run(() => revalidateOne(flightId).unwrap());
        }}
      >
        <Row style={{ alignItems: 'flex-end' }}>
          <Label>
            <Trans>Flight ID</Trans>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={flightIdText}
              onChange={(event) => setFlightIdText(event.target.value)}
              aria-invalid={idInvalid}
              aria-describedby={idInvalid ? 'flight-id-error' : undefined}
              style={{ width: 160 }}
            />
          </Label>
          <Button type="submit" disabled={flightId === null || busy}>
            <Trans>Revalidate Flight</Trans>
          </Button>
        </Row>
        {idInvalid && (
          <Alert $tone="error" role="alert" id="flight-id-error" style={{ marginTop: 8 }}>
            <Trans>Please enter a valid flight ID.</Trans>
          </Alert>
        )}
      </form>
      <OutcomeView outcome={one.outcome} />
      <h3 style={{ marginTop: 20 }}>
        <Trans>All flights</Trans>
      </h3>
      <Row>
        <Button type="button" $variant="secondary" disabled={busy} onClick={() => all.run(() => revalidateAll().unwrap())}>
          <Trans>Revalidate All Flights</Trans>
        </Button>
        <Button type="button" $variant="secondary" disabled={busy} onClick={() => completed.run(() => resetCompleted().unwrap())}>
          <Trans>Reset Completed Flights Without Features</Trans>
        </Button>
        <Button
          type="button"
          $variant="danger"
          disabled={busy}
          onClick={() => {
            if (window.confirm(t`Reset the calculations of every flight? All flights are analysed again.`)) void resetAllOutcome.run(() => resetAll().unwrap());
          }}
        >
          <Trans>Reset All Calculations</Trans>
        </Button>
      </Row>
      <OutcomeView outcome={all.outcome} />
      <OutcomeView outcome={completed.outcome} />
      <OutcomeView outcome={resetAllOutcome.outcome} />
    </Section>
  );
}
