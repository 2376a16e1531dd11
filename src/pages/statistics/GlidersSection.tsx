import { Trans, useLingui } from '@lingui/react/macro';
import { Fragment } from 'react';
import { useGliderStatisticsQuery } from '../../api/gliders';
import { Section } from '../../components/layout';
import { Loading, Table, TableWrap, useLogFailure } from '../../components/statistics/statistics-blocks';
import { statDistance, statDuration } from '../../components/statistics/statistics-format';

/** The pilot's logbook (docs/app.md): flights, hours and distance per wing, in all and per year. */
export function GlidersSection() {
  const { t } = useLingui();
  const { data, isLoading, error } = useGliderStatisticsQuery();
  useLogFailure('glider', error);
  return (
    <Section aria-labelledby="stats-gliders">
      <h2 id="stats-gliders">
        <Trans>Gliders</Trans>
      </h2>
      <Loading loading={isLoading} empty={!data?.length} emptyText={<Trans>No flights linked to a glider yet</Trans>}>
        {() => (
          <TableWrap tabIndex={0} role="region" aria-label={t`Flights per glider`}>
            <Table aria-label={t`Flights per glider`}>
              <thead>
                <tr>
                  <th scope="col">{t`Glider`}</th>
                  <th scope="col">{t`Flights`}</th>
                  <th scope="col">{t`Hours`}</th>
                  <th scope="col">{t`Distance`}</th>
                </tr>
              </thead>
              <tbody>
                {data!.map((g) => (
                  <Fragment key={g.gliderId}>
                    <tr>
                      <th scope="row" style={{ fontWeight: 700 }}>
                        {g.gliderName}
                      </th>
                      <td>{g.flightCount}</td>
                      <td>{statDuration(g.totalSeconds)}</td>
                      <td>{statDistance(g.totalDistance)}</td>
                    </tr>
                    {g.years.map((y) => (
                      <tr key={y.year}>
                        <th scope="row" style={{ paddingLeft: 28, fontWeight: 400 }}>
                          <Trans>
                            {g.gliderName} in {y.year}
                          </Trans>
                        </th>
                        <td>{y.flightCount}</td>
                        <td>{statDuration(y.totalSeconds)}</td>
                        <td>{statDistance(y.totalDistance)}</td>
                      </tr>
                    ))}
                  </Fragment>
                ))}
              </tbody>
            </Table>
          </TableWrap>
        )}
      </Loading>
    </Section>
  );
}
