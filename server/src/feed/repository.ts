import type { Db } from '../db';
import { listedFlights } from '../privacy';

/**
 * Public flights of the pilots this pilot follows, newest first (takeoff, then token: a total order),
 * after the page boundary `before`: earlier takeoffs, or the same takeoff with a smaller token.
 */
export function feedFlights(db: Db, userId: number, before: { time: string; token?: string } | undefined, limit: number) {
  let q = listedFlights(db)
    .innerJoin('follows', 'follows.followeeId', 'flights.userId')
    .where('follows.followerId', '=', userId)
    .where('flights.userId', '!=', userId)
    .where('flights.startTime', 'is not', null);
  if (before) {
    const { time, token } = before;
    q = token === undefined
      ? q.where('flights.startTime', '<', time)
      : q.where((eb) => eb.or([eb('flights.startTime', '<', time), eb.and([eb('flights.startTime', '=', time), eb('flightShares.token', '<', token)])]));
  }
  return q.orderBy('flights.startTime', 'desc').orderBy('flightShares.token', 'desc').limit(limit).execute();
}
