import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { feed, feedQuery } from '../../../contract/community';
import { answers } from '../../../contract/http';
import { requireUser } from '../auth';
import type { Services } from '../services-types';
import * as feeds from './service';

/** The feed of followed pilots' public flights (docs/community.md). */
export async function feedRoutes(app: FastifyInstance, services: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/feed', { schema: { querystring: feedQuery, response: answers(feed) } }, async (request) => feeds.feed(services, requireUser(request).id, request.query.before, request.query.limit));
}
