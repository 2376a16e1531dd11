import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adjacentQuery,
  byMonthQuery,
  byYearQuery,
  flightDetail,
  flightRef,
  flightsMessage,
  flightSummaries,
  flightSummary,
  type FlightSummary,
  includeDeletedFlagQuery,
  markedCount,
  markedOnlyQuery,
  monthSummaries,
  monthsQuery,
  removalDateBody,
  removalReasonBody,
} from '../../../contract/flights';
import { flightCategory, flightCategoryBody } from '../../../contract/aircraft';
import { answers } from '../../../contract/http';
import { featuresQuery, flightFeatures, flightPath, flightStatus, idParams, igcFileBytes, includeDeletedQuery } from '../../../contract/uploads';
import { requireUser } from '../auth';
import { attachment } from '../http';
import { sendJsonText, type JsonText } from '../http';
import type { Services } from '../services-types';
import { flightsService } from './service';

/** The flight library (docs/product.md §4) and the reads of one flight's track and file. */
export async function flightsRoutes(app: FastifyInstance, services: Services) {
  const flights = flightsService(services);
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The lists show each flight's notes and search them: a saved note makes them stale (http/read-cache.ts).
  const cachedList = { config: { readCache: 'notes' as const } };

  // The lists come as JSON text from the database; checked against the contract outside production.
  const checkLists = services.config.nodeEnv !== 'production';
  const sendList = (reply: FastifyReply, list: JsonText<FlightSummary[]>) => sendJsonText(reply, flightSummaries, list, checkLists);
  r.get('/api/FlightDetail', { ...cachedList, schema: { querystring: markedOnlyQuery, response: answers(flightSummaries) } }, async (request, reply) =>
    sendList(reply, await flights.list(requireUser(request).id, request.query)),
  );

  r.get('/api/FlightDetail/byMonth', { ...cachedList, schema: { querystring: byMonthQuery, response: answers(flightSummaries) } }, async (request, reply) =>
    sendList(reply, await flights.list(requireUser(request).id, request.query)),
  );

  r.get('/api/FlightDetail/byYear', { ...cachedList, schema: { querystring: byYearQuery, response: answers(flightSummaries) } }, async (request, reply) =>
    sendList(reply, await flights.list(requireUser(request).id, request.query)),
  );

  r.get('/api/FlightDetail/months', { ...cachedList, schema: { querystring: monthsQuery, response: answers(monthSummaries) } }, async (request) =>
    flights.months(requireUser(request).id, request.query.q),
  );

  r.get('/api/FlightDetail/marked/count', { schema: { response: answers(markedCount) } }, async (request) => flights.markedCount(requireUser(request).id));

  r.put('/api/FlightDetail/marked/delete-all', { schema: { response: answers(flightsMessage) } }, async (request) => flights.removeMarked(requireUser(request).id));

  r.get('/api/FlightDetail/:id', { schema: { params: idParams, querystring: includeDeletedFlagQuery, response: answers(flightSummary) } }, async (request) =>
    flights.flight(requireUser(request).id, request.params.id, request.query.includeDeleted),
  );

  r.get('/api/FlightDetail/:id/detailed', { schema: { params: idParams, response: answers(flightDetail) } }, async (request) =>
    flights.flight(requireUser(request).id, request.params.id),
  );

  r.get('/api/FlightDetail/:id/adjacent', { schema: { params: idParams, querystring: adjacentQuery, response: answers(flightRef) } }, async (request) =>
    flights.adjacent(requireUser(request).id, request.params.id, request.query.direction),
  );

  r.put('/api/FlightDetail/:id/removalreason', { schema: { params: idParams, body: removalReasonBody, response: answers(flightSummary) } }, async (request) =>
    flights.setRemovalReason(requireUser(request).id, request.params.id, request.body.removalReason),
  );

  r.put('/api/FlightDetail/:id/removaldate', { schema: { params: idParams, body: removalDateBody, response: answers(flightSummary) } }, async (request) =>
    flights.setRemovalDate(requireUser(request).id, request.params.id, request.body.removalDate),
  );

  r.post('/api/FlightDetail/:id/restore', { schema: { params: idParams, response: answers(flightSummary) } }, async (request) =>
    flights.restore(requireUser(request).id, request.params.id),
  );

  r.get('/api/FlightDetail/:id/category', { schema: { params: idParams, response: answers(flightCategory) } }, async (request) =>
    flights.category(requireUser(request).id, request.params.id),
  );

  r.put('/api/FlightDetail/:id/category', { schema: { params: idParams, body: flightCategoryBody, response: answers(flightCategory) } }, async (request) =>
    flights.setCategory(requireUser(request).id, request.params.id, request.body.category),
  );

  r.get('/api/FlightDetail/:id/status', { schema: { params: idParams, response: answers(flightStatus) } }, async (request) =>
    flights.status(requireUser(request).id, request.params.id),
  );

  r.get('/api/FlightDetail/:id/features', { schema: { params: idParams, querystring: featuresQuery, response: answers(flightFeatures) } }, async (request) =>
    flights.features(requireUser(request).id, request.params.id, request.query.lowRes === 'true'),
  );

  r.get('/api/FlightDetail/:id/path', { schema: { params: idParams, querystring: includeDeletedQuery, response: answers(flightPath) } }, async (request) =>
    flights.path(requireUser(request).id, request.params.id, request.query.includeDeleted === 'true'),
  );

  r.get('/api/FlightDetail/:id/igc', { schema: { params: idParams, response: answers(igcFileBytes) } }, async (request, reply) => {
    const { name, bytes } = await flights.originalFile(requireUser(request).id, request.params.id);
    return reply
      .type('application/octet-stream')
      .header('content-disposition', attachment(name))
      .send(bytes);
  });
}
