import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { flightDetail, flightMergeBody, flightSplitBody, flightWindowBody } from '../../../contract/flights';
import { answers } from '../../../contract/http';
import { flightPhases } from '../../../contract/phases';
import { idParams } from '../../../contract/uploads';
import { requireUser } from '../auth';
import type { Services } from '../services-types';
import { correctionsService } from './service';

/** A flight's thermals and glides, and the pilot's corrections. */
export async function correctionsRoutes(app: FastifyInstance, services: Services) {
  const corrections = correctionsService(services.ingest);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/FlightDetail/:id/phases', { config: { readCache: true }, schema: { params: idParams, response: answers(flightPhases) } }, async (request) =>
    corrections.phases(requireUser(request).id, request.params.id),
  );

  r.put('/api/FlightDetail/:id/window', { schema: { params: idParams, body: flightWindowBody, response: answers(flightDetail) } }, async (request) =>
    corrections.setWindow(requireUser(request).id, request.params.id, request.body),
  );

  r.post('/api/FlightDetail/:id/split', { schema: { params: idParams, body: flightSplitBody, response: answers(z.array(flightDetail)) } }, async (request) =>
    corrections.split(requireUser(request).id, request.params.id, request.body.at),
  );

  r.post('/api/FlightDetail/:id/merge', { schema: { params: idParams, body: flightMergeBody, response: answers(flightDetail) } }, async (request) =>
    corrections.merge(requireUser(request).id, request.params.id, request.body.withFlightId),
  );
}
