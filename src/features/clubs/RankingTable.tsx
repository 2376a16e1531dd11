import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { Ranking } from '../../../contract/rankings';
import { paths, useLocalePath } from '../../app/paths';
import { Table, TableWrap } from '../../components/statistics/statistics-blocks';
import { decimal, localDateTime } from '../../format/format';

/**
 * A season ranking (docs/rankings-and-clubs.md): rank, pilot (linking to their page when it is public),
 * points, and the flights that count, each opening its shared page.
 */
export function RankingTable({ ranking, caption }: { ranking: Ranking; caption: string }) {
  const { t, i18n } = useLingui();
  const to = useLocalePath();
  return (
    <TableWrap>
      <Table aria-label={caption}>
        <thead>
          <tr>
            <th scope="col">{t`Rank`}</th>
            <th scope="col" className="text">
              {t`Pilot`}
            </th>
            <th scope="col">{t`Points`}</th>
            <th scope="col" className="text">
              {t`Flights that count`}
            </th>
          </tr>
        </thead>
        <tbody>
          {ranking.map((row) => (
            <tr key={`${row.rank}-${row.pilot.displayName}-${row.flights[0]?.token ?? ''}`}>
              <td>{row.rank}</td>
              <td className="text">{row.pilot.username ? <Link to={to(paths.publicPilot.getHref(row.pilot.username))}>{row.pilot.displayName}</Link> : row.pilot.displayName}</td>
              <td>{decimal(row.points, 2)}</td>
              <td className="text">
                {row.flights.map((f, i) => {
                  const day = localDateTime(`${f.date}T12:00:00Z`, i18n.locale, 'UTC', false);
                  const points = decimal(f.points, 2);
                  return (
                    <span key={f.token}>
                      {i > 0 && ', '}
                      <Link to={to(paths.sharedFlight.getHref(f.token))} aria-label={t`Flight of ${day} with ${points} points`}>
                        {points}
                      </Link>
                    </span>
                  );
                })}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableWrap>
  );
}
