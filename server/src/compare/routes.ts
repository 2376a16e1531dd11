import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { compareAnswer, compareQuery } from '../../../contract/compare';
import { answers } from '../../../contract/http';
import type { Services } from '../services-types';
import { publicAnswerHeaders } from '../http';
import { compare } from './service';

/** Public flights need no session; own flight ids need one (the service checks). Never cached. */
const OPEN = { config: { public: true, publicRateLimit: true }, onRequest: publicAnswerHeaders };

/** Compare and replay several flights (docs/compare.md). */
export async function compareRoutes(app: FastifyInstance, services: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/compare', { ...OPEN, schema: { querystring: compareQuery, response: answers(compareAnswer) } }, async (request) => compare(services, request.user, request.query.f));
}
