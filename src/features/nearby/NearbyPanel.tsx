import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { Nearby } from '../../../contract/community';
import { useFlightNearbyQuery, usePublicNearbyQuery } from '../../api/places';
import { paths, useLocalePath } from '../../app/paths';
import { Section } from '../../components/layout';
import { Empty } from '../../components/statistics/statistics-blocks';
import { PublicFlightTable } from './PublicFlightTable';

/** "Who flew here today" on a shared flight (public answer; docs/community.md). */
export function PublicNearbyPanel({ token }: { token: string }) {
  const query = usePublicNearbyQuery(token);
  return query.currentData ? <NearbyList nearby={query.currentData} /> : null;
}

/** "Who flew here today" on the pilot's own flight page. */
export function FlightNearbyPanel({ flightId }: { flightId: number }) {
  const query = useFlightNearbyQuery(flightId);
  return query.currentData ? <NearbyList nearby={query.currentData} /> : null;
}

/** Hidden while loading or on error: the panel is a bonus and never blocks the flight page. */
export function NearbyList({ nearby }: { nearby: Nearby }) {
  const { t } = useLingui();
  const to = useLocalePath();
  return (
    <Section aria-labelledby="nearby-title">
      <h2 id="nearby-title">
        <Trans>Who flew here today</Trans>
      </h2>
      {nearby.place && (
        <p>
          <Link to={to(paths.place.getHref(nearby.place.id))}>
            <Trans>All flights at {nearby.place.name}</Trans>
          </Link>
        </p>
      )}
      <h3 id="nearby-flew-with">
        <Trans>Flew with</Trans>
      </h3>
      {nearby.flewWith.length > 0 ? (
        <PublicFlightTable flights={nearby.flewWith} caption={t`Flew with`} />
      ) : (
        <Empty>
          <Trans>No public flight met this one.</Trans>
        </Empty>
      )}
      <h3 id="nearby-same-day">
        <Trans>Same place, same day</Trans>
      </h3>
      {nearby.sameDay.length > 0 ? (
        <PublicFlightTable flights={nearby.sameDay} caption={t`Same place, same day`} />
      ) : (
        <Empty>
          <Trans>No other public flight from here on this day.</Trans>
        </Empty>
      )}
    </Section>
  );
}
