import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { optionalYearQuery } from '../../../contract/flights';
import { requireUser } from '../auth/sessions';
import { countedFlights } from '../flights/repository';
import type { Services } from '../services';

/** Aggregates come back as strings on PostgreSQL and may be null on an empty logbook. */
const num = (v: unknown) => Number(v ?? 0);
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
    return {
      totalFlights: num(row.totalFlights),
      totalHours: num(row.totalHours),
      totalDistance: num(row.totalDistance),
      maxAltitude: num(row.maxAltitude),
      maxDistance: num(row.maxDistance),
      maxDuration: num(row.maxDuration),
      firstFlight: row.firstFlight ?? null,
      lastFlight: row.lastFlight ?? null,
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
      year: num(y.localYear),
      totalFlights: num(y.totalFlights),
      totalHours: num(y.totalHours),
      totalDistance: num(y.totalDistance),
      maxDistance: num(y.maxDistance),
      maxDuration: num(y.maxDuration),
      avgFlightTime: Math.round(num(y.avgFlightTime)),
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
    return rows.map((m) => ({ year: num(m.localYear), month: num(m.localMonth), totalHours: num(m.totalHours) }));
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
      ])
      .groupBy(['sites.id', 'sites.name'])
      .orderBy('flightCount', 'desc')
      .orderBy('lastVisited', 'desc')
      .execute();
    const ranked = sites.map((s) => ({ siteId: num(s.siteId), siteName: s.siteName, flightCount: num(s.flightCount), totalHours: num(s.totalHours), lastVisited: String(s.lastVisited) }));
    const recent = [...ranked].sort((a, b) => b.lastVisited.localeCompare(a.lastVisited))[0];
    const most = ranked[0];
    return {
      totalSites: ranked.length,
      mostRecentSite: recent ? { siteName: recent.siteName, date: recent.lastVisited } : null,
      mostFlightsSite: most ? { siteName: most.siteName, flightCount: most.flightCount, totalHours: most.totalHours } : null,
      topLaunchSites: ranked.slice(0, TOP_SITES),
    };
  });
}
