import { Trans, useLingui } from '@lingui/react/macro';
import { useTandemStatisticsQuery } from '../../api/tandem';
import { Section } from '../../components/layout';
import { Table, TableWrap } from '../../components/statistics/statistics-blocks';

/** Tandem flights per season and per wing (docs/career.md, "Tandem"), which licences ask for; shown once there is one. */
export function TandemSection() {
  const { t } = useLingui();
  const { data } = useTandemStatisticsQuery();
  if (!data?.total) return null;
  const total = data.total;
  return (
    <Section aria-labelledby="stats-tandem">
      <h2 id="stats-tandem">
        <Trans>Tandem flights</Trans>
      </h2>
      <p>
        <Trans>{total} tandem flights in all</Trans>
      </p>
      <TableWrap tabIndex={0} role="region" aria-label={t`Tandem flights per season`}>
        <Table aria-label={t`Tandem flights per season`}>
          <thead>
            <tr>
              <th scope="col">{t`Season`}</th>
              <th scope="col">{t`Tandem flights`}</th>
            </tr>
          </thead>
          <tbody>
            {data.seasons.map((s) => (
              <tr key={s.year}>
                <th scope="row">{s.year}</th>
                <td>{s.count}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableWrap>
      <TableWrap tabIndex={0} role="region" aria-label={t`Tandem flights per wing`}>
        <Table aria-label={t`Tandem flights per wing`}>
          <thead>
            <tr>
              <th scope="col">{t`Glider`}</th>
              <th scope="col">{t`Tandem flights`}</th>
            </tr>
          </thead>
          <tbody>
            {data.wings.map((w) => (
              <tr key={w.gliderId ?? 'none'}>
                <th scope="row">{w.gliderName ?? t`No wing linked`}</th>
                <td>{w.count}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableWrap>
    </Section>
  );
}
