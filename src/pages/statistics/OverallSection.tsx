import { Trans, useLingui } from '@lingui/react/macro';
import { useOverallStatisticsQuery } from '../../api/statistics';
import { Section } from '../../components/layout';
import { Loading, Tile, Tiles, useLogFailure } from './statistics-blocks';
import { statDate, statDistance, statDuration, statHeight } from './statistics-format';

/** Totals and records of all flights, one tile each. */
export function OverallSection() {
  const { t, i18n } = useLingui();
  const { data, isLoading, error } = useOverallStatisticsQuery();
  useLogFailure('overall', error);
  const date = (iso: string | null | undefined, timeZone: string | null | undefined) => statDate(iso, i18n.locale, timeZone);
  return (
    <Section aria-labelledby="stats-overall">
      <h2 id="stats-overall">
        <Trans>Overall Statistics</Trans>
      </h2>
      <Loading loading={isLoading} empty={!data || !data.totalFlights} emptyText={<Trans>No flight data available</Trans>}>
        {() => (
          <Tiles>
            {[
              [t`Total Flights`, String(data!.totalFlights)],
              [t`Total Hours`, statDuration(data!.totalHours)],
              [t`Total Distance`, statDistance(data!.totalDistance)],
              [t`Max Altitude`, statHeight(data!.maxAltitude)],
              [t`Max Distance`, statDistance(data!.maxDistance)],
              [t`Max Duration`, statDuration(data!.maxDuration)],
              [t`First Flight`, date(data!.firstFlight, data!.firstFlightTimeZone)],
              [t`Last Flight`, date(data!.lastFlight, data!.lastFlightTimeZone)],
            ].map(([label, value]) => (
              <Tile key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </Tile>
            ))}
          </Tiles>
        )}
      </Loading>
    </Section>
  );
}
