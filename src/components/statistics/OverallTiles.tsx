import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { OverallStatistics } from '../../../contract/statistics';
import { Tile, Tiles } from './statistics-blocks';
import { statDate, statDistance, statDuration, statHeight } from './statistics-format';

/** Eight tiles: two rows of four, four rows of two on a phone (never one tile alone on a row). */
const EightTiles = styled(Tiles)`
  grid-template-columns: repeat(4, minmax(0, 1fr));
  @media (max-width: 560px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

/** Totals and records of all flights, one tile each (the statistics page, a pilot's public page). */
export function OverallTiles({ data }: { data: OverallStatistics }) {
  const { t, i18n } = useLingui();
  const date = (iso: string | null | undefined, timeZone: string | null | undefined) => statDate(iso, i18n.locale, timeZone);
  return (
    <EightTiles>
      {[
        [t`Total Flights`, String(data.totalFlights)],
        [t`Total Hours`, statDuration(data.totalHours)],
        [t`Total Distance`, statDistance(data.totalDistance)],
        [t`Max Altitude`, statHeight(data.maxAltitude)],
        [t`Max Distance`, statDistance(data.maxDistance)],
        [t`Max Duration`, statDuration(data.maxDuration)],
        [t`First Flight`, date(data.firstFlight, data.firstFlightTimeZone)],
        [t`Last Flight`, date(data.lastFlight, data.lastFlightTimeZone)],
      ].map(([label, value]) => (
        <Tile key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Tile>
      ))}
    </EightTiles>
  );
}
