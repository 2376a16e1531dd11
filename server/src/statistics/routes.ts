import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { optionalYearQuery } from '../../../contract/flights';
import { requireUser } from '../auth/sessions';
import { toNumber } from '../db';
import { countedFlights } from '../flights/repository';
import type { Services } from '../services';

const TOP_SITES = 10;

/** SPEC §3 statistics over the pilot's completed, not-removed flights, aggregated in SQL. */
export async function statisticsRoutes(app: FastifyInstance, services: Services) {
  const { db } = services.database;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/statistics/overall', async (request) => {
    const row = await countedFlights(db, requireUser(request).id)
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
    // The zone each end of the logbook was flown in, so the app shows those dates as the pilot lived them.
    const zoneOf = (direction: 'asc' | 'desc') =>
      countedFlights(db, requireUser(request).id).select('timeZone').orderBy('startTime', direction).limit(1).executeTakeFirst().then((f) => f?.timeZone ?? null);
    const [firstFlightTimeZone, lastFlightTimeZone] = await Promise.all([zoneOf('asc'), zoneOf('desc')]);
    return {
      totalFlights: toNumber(row.totalFlights),
      totalHours: toNumber(row.totalHours),
      totalDistance: toNumber(row.totalDistance),
      maxAltitude: toNumber(row.maxAltitude),
      maxDistance: toNumber(row.maxDistance),
      maxDuration: toNumber(row.maxDuration),
      firstFlight: row.firstFlight ?? null,
      lastFlight: row.lastFlight ?? null,
      firstFlightTimeZone,
      lastFlightTimeZone,
    };
  });

  r.get('/api/statistics/yearly-summary', async (request) => {
    const rows = await countedFlights(db, requireUser(request).id)
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
    return rows.map((y) => ({
      year: toNumber(y.localYear),
      totalFlights: toNumber(y.totalFlights),
      totalHours: toNumber(y.totalHours),
      totalDistance: toNumber(y.totalDistance),
      maxDistance: toNumber(y.maxDistance),
      maxDuration: toNumber(y.maxDuration),
      avgFlightTime: Math.round(toNumber(y.avgFlightTime)),
    }));
  });

  r.get('/api/statistics/monthly-hours', { schema: { querystring: optionalYearQuery } }, async (request) => {
    let q = countedFlights(db, requireUser(request).id);
    if (request.query.year) q = q.where('localYear', '=', request.query.year);
    const rows = await q
      .select((eb) => ['localYear', 'localMonth', eb.fn.sum('flightTime').as('totalHours')])
      .groupBy(['localYear', 'localMonth'])
      .orderBy('localYear')
      .orderBy('localMonth')
      .execute();
    return rows.map((m) => ({ year: toNumber(m.localYear), month: toNumber(m.localMonth), totalHours: toNumber(m.totalHours) }));
  });

  r.get('/api/statistics/flight-sites', async (request) => {
    const userId = requireUser(request).id;
    const sites = await countedFlights(db, userId)
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
    const ranked = sites.map((s) => ({ siteId: toNumber(s.siteId), siteName: s.siteName, flightCount: toNumber(s.flightCount), totalHours: toNumber(s.totalHours), lastVisited: String(s.lastVisited), timeZone: s.timeZone ?? null }));
    const recent = [...ranked].sort((a, b) => b.lastVisited.localeCompare(a.lastVisited))[0];
    const most = ranked[0];
    return {
      totalSites: ranked.length,
      mostRecentSite: recent ? { siteName: recent.siteName, date: recent.lastVisited, timeZone: recent.timeZone } : null,
      mostFlightsSite: most ? { siteName: most.siteName, flightCount: most.flightCount, totalHours: most.totalHours } : null,
      topLaunchSites: ranked.slice(0, TOP_SITES),
    };
  });
}
