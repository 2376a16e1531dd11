import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalYearQuery } from '../../../contract/flights';
import { answers } from '../../../contract/http';
import { flightSiteStatistics, gliderStatistics, monthlyHoursItem, overallStatistics, yearlySummaryItem } from '../../../contract/statistics';
import { requireUser } from '../auth';
import type { Services } from '../services-types';
import * as statistics from './service';

/** A pilot's read, kept in the read cache until their flights change. */
const CACHED = { readCache: true };

export async function statisticsRoutes(app: FastifyInstance, services: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/statistics/overall', { schema: { response: answers(overallStatistics) }, config: CACHED }, async (request) => statistics.ownOverallStatistics(services, requireUser(request).id));

  r.get('/api/statistics/yearly-summary', { schema: { response: answers(z.array(yearlySummaryItem)) }, config: CACHED }, async (request) =>
    statistics.ownYearlySummary(services, requireUser(request).id),
  );

  r.get('/api/statistics/monthly-hours', { schema: { querystring: optionalYearQuery, response: answers(z.array(monthlyHoursItem)) }, config: CACHED }, async (request) =>
    statistics.monthlyHours(services, requireUser(request).id, request.query.year),
  );

  r.get('/api/statistics/flight-sites', { schema: { response: answers(flightSiteStatistics) }, config: CACHED }, async (request) => statistics.flightSites(services, requireUser(request).id));

  r.get('/api/statistics/gliders', { schema: { response: answers(gliderStatistics) }, config: CACHED }, async (request) => statistics.gliderStatistics(services, requireUser(request).id));
}
