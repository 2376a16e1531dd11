import type { PublicFlightRef } from '../../../contract/community';
import type { Db } from '../db';
import { listed } from './rules';

// Public flights as lists show them (a place's day, nearby, the feed), addressed by their share token.
/** Listed flights with their token and pilot; callers add their own where, order and limit. */
export function listedFlights(db: Db) {
  return db
    .selectFrom('flights')
    .innerJoin('flightShares', 'flightShares.flightId', 'flights.id')
    .innerJoin('users', 'users.id', 'flights.userId')
    .select([
      'flights.id',
      'flights.userId',
      'flightShares.token',
      'users.displayName',
      'users.username',
      'users.publicPage',
      'flights.startTime',
      'flights.endTime',
      'flights.timeZone',
      'flights.flightTime',
      'flights.distance',
      'flights.xcPoints',
      'flights.flightCode',
      'flights.localDate',
    ])
    .where(listed);
}
export type ListedRow = Awaited<ReturnType<ReturnType<typeof listedFlights>['execute']>>[number];

/** The display name, else the username; the username only when the pilot's page is public. */
export const pilotRef = (u: { displayName: string | null; username: string; publicPage: number }) => ({
  name: u.displayName?.trim() || u.username,
  username: u.publicPage === 1 ? u.username : null,
});

export const toFlightRef = (r: ListedRow): PublicFlightRef => ({
  token: r.token,
  pilot: pilotRef(r),
  startTime: r.startTime,
  timeZone: r.timeZone,
  flightTime: r.flightTime,
  distance: r.distance,
  xcPoints: r.xcPoints,
  flightCode: r.flightCode,
});
