import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { place, placeDay, placeDayParams, placeParams } from '../../../contract/community';
import { answers } from '../../../contract/http';
import type { Services } from '../services-types';
import { publicAnswerHeaders } from '../http';
import * as places from './service';

const PUBLIC = { config: { public: true }, onRequest: publicAnswerHeaders };

/** Places shared by all pilots (docs/community.md): read without a session, never cached. */
export async function placesRoutes(app: FastifyInstance, services: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/places/:id', { ...PUBLIC, schema: { params: placeParams, response: answers(place) } }, async (request) => places.place(services, request.params.id));

  r.get('/api/places/:id/days/:date', { ...PUBLIC, schema: { params: placeDayParams, response: answers(placeDay) } }, async (request) =>
    places.placeDay(services, request.params.id, request.params.date),
  );
}
