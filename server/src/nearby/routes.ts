import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { nearby } from '../../../contract/community';
import { answers } from '../../../contract/http';
import { shareTokenParams } from '../../../contract/sharing';
import { idParams } from '../../../contract/uploads';
import { requireUser } from '../auth';
import type { Services } from '../services-types';
import { publicAnswerHeaders } from '../http';
import * as near from './service';

const PUBLIC = { config: { public: true }, onRequest: publicAnswerHeaders };

/** Who flew here today and who flew with you (docs/community.md). */
export async function nearbyRoutes(app: FastifyInstance, services: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/public/flights/:token/nearby', { ...PUBLIC, schema: { params: shareTokenParams, response: answers(nearby) } }, async (request) => near.publicNearby(services, request.params.token));

  r.get('/api/FlightDetail/:id/nearby', { schema: { params: idParams, response: answers(nearby) } }, async (request) => near.ownNearby(services, requireUser(request).id, request.params.id));
}
