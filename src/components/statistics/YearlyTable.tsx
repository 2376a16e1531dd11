import { useLingui } from '@lingui/react/macro';
import type { YearlySummaryItem } from '../../../contract/statistics';
import { Table, TableWrap } from './statistics-blocks';
import { statDistance, statDuration } from './statistics-format';

/** One row per year (the statistics page, a pilot's public page). */
export function YearlyTable({ years }: { years: readonly YearlySummaryItem[] }) {
  const { t } = useLingui();
  return (
    // Focusable: on a phone the table scrolls sideways, and a keyboard must be able to scroll it too.
    <TableWrap tabIndex={0} role="region" aria-label={t`Yearly Summary`}>
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
          {years.map((y) => (
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
  );
}
