import { Trans } from '@lingui/react/macro';
import { useYearlySummaryQuery } from '../../api/statistics';
import { Section } from '../../components/layout';
import { Loading, useLogFailure } from '../../components/statistics/statistics-blocks';
import { YearlyTable } from '../../components/statistics/YearlyTable';

/** One table row per year. */
export function YearlySection() {
  const { data, isLoading, error } = useYearlySummaryQuery();
  useLogFailure('yearly', error);
  return (
    <Section aria-labelledby="stats-yearly">
      <h2 id="stats-yearly">
        <Trans>Yearly Summary</Trans>
      </h2>
      <Loading loading={isLoading} empty={!data?.length} emptyText={<Trans>No flight data available</Trans>}>
        {() => <YearlyTable years={data!} />}
      </Loading>
    </Section>
  );
}
