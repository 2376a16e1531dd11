import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { errorMessage } from '../../api/base';
import type { useDebugStatisticsQuery } from '../../api/debug';
import { SectionHead } from '../../components/layout';
import { Alert, Button, Spinner } from '../../components/ui';
import { DebugSection, Numbers, Pair } from './debug-blocks';

const Groups = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: 16px;
`;

/** Counts of flights and profiles, and the processing rates, with Refresh. */
export function DebugStatisticsSection({ query }: { query: ReturnType<typeof useDebugStatisticsQuery> }) {
  const { t } = useLingui();
  const { data, isLoading, isFetching, isError, error, refetch } = query;
  const pct = (n: number) => `${n.toFixed(2)}%`;
  return (
    <DebugSection aria-labelledby="debug-statistics">
      <SectionHead>
        <h2 id="debug-statistics">
          <Trans>Statistics</Trans>
        </h2>
        <Button type="button" $variant="secondary" onClick={() => refetch()} disabled={isFetching}>
          {isFetching ? t`Refreshing...` : t`Refresh`}
        </Button>
      </SectionHead>
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
    </DebugSection>
  );
}
