import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { Nearby } from '../../../contract/community';
import { COMPARE_MAX } from '../../../contract/compare';
import { useFlightNearbyQuery, usePublicNearbyQuery } from '../../api/places';
import { paths, useLocalePath } from '../../app/paths';
import { Section } from '../../components/layout';
import { Empty } from '../../components/statistics/statistics-blocks';
import { PublicFlightTable } from './PublicFlightTable';

/** "Who flew here today" on a shared flight (public answer; docs/community.md). */
export function PublicNearbyPanel({ token }: { token: string }) {
  const query = usePublicNearbyQuery(token);
  return query.currentData ? <NearbyList nearby={query.currentData} self={token} /> : null;
}

/** "Who flew here today" on the pilot's own flight page. */
export function FlightNearbyPanel({ flightId }: { flightId: number }) {
  const query = useFlightNearbyQuery(flightId);
  return query.currentData ? <NearbyList nearby={query.currentData} self={String(flightId)} /> : null;
}

/** Hidden while loading or on error: the panel is a bonus and never blocks the flight page. */
export function NearbyList({ nearby, self }: { nearby: Nearby; self: string }) {
  const { t } = useLingui();
  const to = useLocalePath();
  // One click compares this flight with everyone listed (docs/compare.md), up to the comparison's limit.
  const others = [...new Set([...nearby.flewWith, ...nearby.sameDay].map((f) => f.token))];
  const compareRefs = [self, ...others].slice(0, COMPARE_MAX);
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
      {others.length > 0 && (
        <p>
          <Link to={to(paths.compare.getHref(compareRefs))}>
            <Trans>Compare these flights</Trans>
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
