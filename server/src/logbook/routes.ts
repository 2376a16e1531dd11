import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bulkVisibilityBody, bulkVisibilityQuery, reviewDecided, reviewDecisionBody, reviewList, visibilityChanged } from '../../../contract/community';
import { flightPatchBody, flightSummary, manualFlightBody } from '../../../contract/flights';
import { answers } from '../../../contract/http';
import { idParams } from '../../../contract/uploads';
import { requireUser } from '../auth';
import { visibilityService } from '../privacy';
import type { Services } from '../services-types';
import { logbookService } from './service';

/** The pilot's own logbook entries: edits of notes, wing and sites; flights without a track. */
export async function logbookRoutes(app: FastifyInstance, services: Services) {
  const logbook = logbookService(services);
  const visibility = visibilityService(services);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/FlightDetail/visibility', { schema: { querystring: bulkVisibilityQuery, response: answers(visibilityChanged) } }, async (request) =>
    visibility.countMany(requireUser(request).id, request.query.visibility, request.query.year),
  );

  r.put('/api/FlightDetail/visibility', { schema: { body: bulkVisibilityBody, response: answers(visibilityChanged) } }, async (request) =>
    visibility.setMany(requireUser(request).id, request.body.visibility, request.body.year),
  );

  // "Publish after I review" (docs/community.md): the waiting flights, and the pilot's decision on one or all.
  r.get('/api/FlightDetail/review', { schema: { response: answers(reviewList) } }, async (request) => visibility.waiting(requireUser(request).id));

  r.post('/api/FlightDetail/review', { schema: { body: reviewDecisionBody, response: answers(reviewDecided) } }, async (request) =>
    visibility.decide(requireUser(request).id, request.body.flightId, request.body.visibility),
  );

  r.patch('/api/FlightDetail/:id', { schema: { params: idParams, body: flightPatchBody, response: answers(flightSummary) } }, async (request) =>
    logbook.patch(requireUser(request).id, request.params.id, request.body),
  );

  r.post('/api/FlightDetail', { schema: { body: manualFlightBody, response: answers(flightSummary, 201) } }, async (request, reply) =>
    reply.status(201).send(await logbook.createManual(requireUser(request).id, request.body)),
  );
}
