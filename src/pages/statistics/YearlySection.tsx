import { Trans, useLingui } from '@lingui/react/macro';
import { useYearlySummaryQuery } from '../../api/statistics';
import { Section } from '../../components/layout';
import { Loading, Table, TableWrap, useLogFailure } from './statistics-blocks';
import { statDistance, statDuration } from './statistics-format';

/** One table row per year. */
export function YearlySection() {
  const { t } = useLingui();
  const { data, isLoading, error } = useYearlySummaryQuery();
  useLogFailure('yearly', error);
  return (
    <Section aria-labelledby="stats-yearly">
      <h2 id="stats-yearly">
        <Trans>Yearly Summary</Trans>
      </h2>
      <Loading loading={isLoading} empty={!data?.length} emptyText={<Trans>No flight data available</Trans>}>
        {() => (
          <TableWrap>
            <Table aria-label={t`Yearly Summary`}>
              <thead>
                <tr>
                  <th scope="col">{t`Year`}</th>
                  <th scope="col">{t`Flights`}</th>
                  <th scope="col">{t`Hours`}</th>
                  <th scope="col">{t`Distance`}</th>
                  <th scope="col">{t`Max Distance`}</th>
                  <th scope="col">{t`Max Duration`}</th>
                  <th scope="col">{t`Avg Flight Time`}</th>
                </tr>
              </thead>
              <tbody>
                {data!.map((y) => (
                  <tr key={y.year}>
                    <th scope="row">{y.year}</th>
                    <td>{y.totalFlights}</td>
                    <td>{statDuration(y.totalHours)}</td>
                    <td>{statDistance(y.totalDistance)}</td>
                    <td>{statDistance(y.maxDistance)}</td>
                    <td>{statDuration(y.maxDuration)}</td>
                    <td>{statDuration(y.avgFlightTime)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableWrap>
        )}
      </Loading>
    </Section>
  );
}
