import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers, errorResponses } from '../../../contract/http';
import { passengerBody, passengerFeatures, passengerPage, passengerState, passengerTokenParams, tandemStatistics } from '../../../contract/tandem';
import { featuresQuery, idParams } from '../../../contract/uploads';
import { requireUser } from '../auth';
import { publicAnswerHeaders } from '../http';
import type { Services } from '../services-types';
import { tandemService } from './service';

const PUBLIC = { config: { public: true, publicRateLimit: true }, onRequest: publicAnswerHeaders };

/** Tandem passengers, their pages, and the pilot's tandem counts (docs/career.md, "Tandem"). */
export async function tandemRoutes(app: FastifyInstance, services: Services) {
  const tandem = tandemService(services);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/FlightDetail/:id/passenger', { schema: { params: idParams, response: answers(passengerState) } }, async (request) => tandem.state(requireUser(request).id, request.params.id));
  r.put('/api/FlightDetail/:id/passenger', { schema: { params: idParams, body: passengerBody, response: answers(passengerState) } }, async (request) =>
    tandem.save(requireUser(request).id, request.params.id, request.body),
  );
  r.delete('/api/FlightDetail/:id/passenger', { schema: { params: idParams, response: { 204: z.null(), ...errorResponses } } }, async (request, reply) => {
    await tandem.remove(requireUser(request).id, request.params.id);
    return reply.status(204).send(null);
  });
  r.post('/api/FlightDetail/:id/passenger/link', { schema: { params: idParams, response: answers(passengerState) } }, async (request) => tandem.createLink(requireUser(request).id, request.params.id));
  r.delete('/api/FlightDetail/:id/passenger/link', { schema: { params: idParams, response: answers(passengerState) } }, async (request) => tandem.revokeLink(requireUser(request).id, request.params.id));

  r.get('/api/tandem/statistics', { schema: { response: answers(tandemStatistics) } }, async (request) => tandem.statistics(requireUser(request).id));

  r.get('/api/public/passengers/:token', { ...PUBLIC, schema: { params: passengerTokenParams, response: answers(passengerPage) } }, async (request) => tandem.publicPage(request.params.token));
  r.get('/api/public/passengers/:token/features', { ...PUBLIC, schema: { params: passengerTokenParams, querystring: featuresQuery, response: answers(passengerFeatures) } }, async (request) =>
    tandem.publicFeatures(request.params.token, request.query.lowRes === 'true'),
  );
}
