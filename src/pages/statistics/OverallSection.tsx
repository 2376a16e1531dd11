import { Trans } from '@lingui/react/macro';
import { useOverallStatisticsQuery } from '../../api/statistics';
import { Section } from '../../components/layout';
import { OverallTiles } from '../../components/statistics/OverallTiles';
import { Loading, useLogFailure } from '../../components/statistics/statistics-blocks';

/** Totals and records of all flights, one tile each. */
export function OverallSection() {
  const { data, isLoading, error } = useOverallStatisticsQuery();
  useLogFailure('overall', error);
  return (
    <Section aria-labelledby="stats-overall">
      <h2 id="stats-overall">
        <Trans>Overall Statistics</Trans>
      </h2>
      <Loading loading={isLoading} empty={!data || !data.totalFlights} emptyText={<Trans>No flight data available</Trans>}>
        {() => <OverallTiles data={data!} />}
      </Loading>
    </Section>
  );
}
