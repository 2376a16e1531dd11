import type { Db } from '../db';
import { countedFlights, gliderNameSql } from '../flights';
import { listed } from '../privacy';

/** Whose flights a total is over: all the pilot counts (their own statistics), or only those listed publicly (their public page). */
export type StatisticsScope = 'counted' | 'public';
const flightsIn = (db: Db, userId: number, scope: StatisticsScope) => (scope === 'public' ? countedFlights(db, userId).where(listed) : countedFlights(db, userId));

/**
 * The statistics queries (docs/product.md §3), each over the pilot's completed, not-removed flights and
 * aggregated in SQL. Aggregates may arrive as strings from PostgreSQL; the service converts them.
 */

export const overallTotals = (db: Db, userId: number, scope: StatisticsScope = 'counted') =>
  flightsIn(db, userId, scope)
    .select((eb) => [
      eb.fn.countAll().as('totalFlights'),
      eb.fn.sum('flightTime').as('totalHours'),
      eb.fn.sum('distance').as('totalDistance'),
      eb.fn.max('maxAltitude').as('maxAltitude'),
      eb.fn.max('distance').as('maxDistance'),
      eb.fn.max('flightTime').as('maxDuration'),
      eb.fn.min('startTime').as('firstFlight'),
      eb.fn.max('startTime').as('lastFlight'),
    ])
    .executeTakeFirstOrThrow();

/** The time zone of the pilot's first ('asc') or last ('desc') flight, null without flights. */
export async function endFlightTimeZone(db: Db, userId: number, direction: 'asc' | 'desc', scope: StatisticsScope = 'counted'): Promise<string | null> {
  const flight = await flightsIn(db, userId, scope).select('timeZone').orderBy('startTime', direction).limit(1).executeTakeFirst();
  return flight?.timeZone ?? null;
}

/** One row per local year, newest first. */
export const yearlyTotals = (db: Db, userId: number, scope: StatisticsScope = 'counted') =>
  flightsIn(db, userId, scope)
    .select((eb) => [
      'localYear',
      eb.fn.countAll().as('totalFlights'),
      eb.fn.sum('flightTime').as('totalHours'),
      eb.fn.sum('distance').as('totalDistance'),
      eb.fn.max('distance').as('maxDistance'),
      eb.fn.max('flightTime').as('maxDuration'),
      eb.fn.avg('flightTime').as('avgFlightTime'),
    ])
    .groupBy('localYear')
    .orderBy('localYear', 'desc')
    .execute();

/** Seconds flown per local month, oldest first; one year's months when a year is given. */
export async function monthlySeconds(db: Db, userId: number, year?: number) {
  let q = countedFlights(db, userId);
  if (year) q = q.where('localYear', '=', year);
  return q
    .select((eb) => ['localYear', 'localMonth', eb.fn.sum('flightTime').as('totalHours')])
    .groupBy(['localYear', 'localMonth'])
    .orderBy('localYear')
    .orderBy('localMonth')
    .execute();
}

/** One row per launch site, most flown first (then most recently visited). */
export const siteTotals = (db: Db, userId: number) =>
  countedFlights(db, userId)
    .innerJoin('sites', 'sites.id', 'flights.siteId')
    .select((eb) => [
      'sites.id as siteId',
      'sites.name as siteName',
      eb.fn.countAll().as('flightCount'),
      eb.fn.sum('flights.flightTime').as('totalHours'),
      eb.fn.max('flights.startTime').as('lastVisited'),
      // Every flight from one launch site shares its zone.
      eb.fn.max('flights.timeZone').as('timeZone'),
    ])
    .groupBy(['sites.id', 'sites.name'])
    .orderBy('flightCount', 'desc')
    .orderBy('lastVisited', 'desc')
    .execute();

/** Per linked wing and local year: flights, seconds and distance; wings by name, years newest first. */
export const gliderYearTotals = (db: Db, userId: number) =>
  countedFlights(db, userId)
    .innerJoin('gliders', 'gliders.id', 'flights.gliderId')
    .select((eb) => [
      'gliders.id as gliderId',
      gliderNameSql.as('gliderName'),
      'flights.localYear as year',
      eb.fn.countAll().as('flightCount'),
      eb.fn.sum('flights.flightTime').as('totalSeconds'),
      eb.fn.sum('flights.distance').as('totalDistance'),
    ])
    .groupBy(['gliders.id', 'gliders.manufacturer', 'gliders.model', 'gliders.size', 'flights.localYear'])
    .orderBy('gliderName')
    .orderBy('gliders.id')
    .orderBy('flights.localYear', 'desc')
    .execute();
