import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { flightsMessage } from '../../../contract/flights';
import { glider, gliderBody, gliderFlightsChanged, gliderMatches, gliderParams, gliders, setGliderFlightsBody } from '../../../contract/gliders';
import { answers } from '../../../contract/http';
import { requireUser } from '../auth';
import type { Services } from '../services-types';
import { glidersService } from './service';

/** The pilot's wings. */
export async function glidersRoutes(app: FastifyInstance, services: Services) {
  const service = glidersService(services);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/gliders', { schema: { response: answers(gliders) } }, async (request) => service.list(requireUser(request).id));

  r.post('/api/gliders', { schema: { body: gliderBody, response: answers(glider, 201) } }, async (request, reply) =>
    reply.status(201).send(await service.create(requireUser(request).id, request.body)),
  );

  r.put('/api/gliders/:id', { schema: { params: gliderParams, body: gliderBody, response: answers(glider) } }, async (request) =>
    service.update(requireUser(request).id, request.params.id, request.body),
  );

  r.get('/api/gliders/:id/matching-flights', { schema: { params: gliderParams, response: answers(gliderMatches) } }, async (request) =>
    service.matchingFlights(requireUser(request).id, request.params.id),
  );

  r.post('/api/gliders/:id/link-matching', { schema: { params: gliderParams, response: answers(gliderFlightsChanged) } }, async (request) =>
    service.linkMatching(requireUser(request).id, request.params.id),
  );

  r.put('/api/gliders/:id/flights', { schema: { params: gliderParams, body: setGliderFlightsBody, response: answers(gliderFlightsChanged) } }, async (request) =>
    service.setFlights(requireUser(request).id, request.params.id, request.body),
  );

  r.delete('/api/gliders/:id', { schema: { params: gliderParams, response: answers(flightsMessage) } }, async (request) =>
    service.remove(requireUser(request).id, request.params.id),
  );
}
