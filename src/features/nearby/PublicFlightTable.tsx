import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { PublicFlightRef } from '../../../contract/community';
import { paths, useLocalePath } from '../../app/paths';
import { Table, TableWrap } from '../../components/statistics/statistics-blocks';
import { decimal, hoursMinutes, km, localDateTime } from '../../format/format';

/** The time of day in the flight's time zone (the browser's when unknown). */
export function timeOfDay(iso: string | null, locale: string, timeZone: string | null): string {
  if (!iso) return '–';
  try {
    return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: timeZone ?? undefined }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
  }
}

/**
 * Public flights of other pilots in a labelled table (docs/community.md): each opens at /shared/{token}.
 * `withDate` shows the day (best of the season) rather than the takeoff time; `metAt` adds when they met.
 */
export function PublicFlightTable({ flights, caption, withDate = false }: { flights: (PublicFlightRef & { metAt?: string })[]; caption: string; withDate?: boolean }) {
  const { t, i18n } = useLingui();
  const to = useLocalePath();
  const met = flights.some((f) => f.metAt);
  return (
    <TableWrap>
      <Table aria-label={caption}>
        <thead>
          <tr>
            <th scope="col" className="text">
              {t`Pilot`}
            </th>
            <th scope="col">{withDate ? t`Date` : t`Takeoff`}</th>
            {met && <th scope="col">{t`Met at`}</th>}
            <th scope="col">{t`Time`}</th>
            <th scope="col">{t`Distance`}</th>
            <th scope="col">{t`Points`}</th>
          </tr>
        </thead>
        <tbody>
          {flights.map((f) => (
            <tr key={f.token}>
              <td className="text">
                <Link to={to(paths.sharedFlight.getHref(f.token))}>{f.pilot.name}</Link>
              </td>
              <td>{withDate ? localDateTime(f.startTime, i18n.locale, f.timeZone, false) : timeOfDay(f.startTime, i18n.locale, f.timeZone)}</td>
              {met && <td>{f.metAt ? timeOfDay(f.metAt, i18n.locale, f.timeZone) : '–'}</td>}
              <td>{hoursMinutes(f.flightTime)}</td>
              <td>{km(f.distance, 1)}</td>
              <td>{f.xcPoints === null ? '–' : decimal(f.xcPoints, 2)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableWrap>
  );
}
