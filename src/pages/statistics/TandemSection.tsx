import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useTandemStatisticsQuery } from '../../api/tandem';
import { Section } from '../../components/layout';
import { Table, TableWrap } from '../../components/statistics/statistics-blocks';

interface CountRow {
  key: string | number;
  name: ReactNode;
  count: number;
}

/** One table of tandem flights counted by something (a season, a wing): its rows are headed by what is counted by. */
function TandemCountTable({ label, by, rows }: { label: string; by: string; rows: CountRow[] }) {
  const { t } = useLingui();
  return (
    <TableWrap tabIndex={0} role="region" aria-label={label}>
      <Table aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{by}</th>
            <th scope="col">{t`Tandem flights`}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.name}</th>
              <td>{row.count}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableWrap>
  );
}

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
        <Plural value={total} one="# tandem flight in all" other="# tandem flights in all" />
      </p>
      <TandemCountTable label={t`Tandem flights per season`} by={t`Season`} rows={data.seasons.map((s) => ({ key: s.year, name: s.year, count: s.count }))} />
      <TandemCountTable
        label={t`Tandem flights per wing`}
        by={t`Glider`}
        rows={data.wings.map((w) => ({ key: w.gliderId ?? 'none', name: w.gliderName ?? t`No wing linked`, count: w.count }))}
      />
    </Section>
  );
}
