import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answers } from '../../../contract/http';
import { ranking, rankingPlaces, rankingPlacesQuery, rankingsQuery } from '../../../contract/rankings';
import type { Services } from '../services-types';
import { publicAnswerHeaders } from '../http';
import { rankingsService } from './service';

const PUBLIC = { config: { public: true, publicRateLimit: true }, onRequest: publicAnswerHeaders };

/** Season rankings (docs/rankings-and-clubs.md): read without a session, never cached. */
export async function rankingsRoutes(app: FastifyInstance, services: Services) {
  const rankings = rankingsService(services);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/rankings', { ...PUBLIC, schema: { querystring: rankingsQuery, response: answers(ranking) } }, async (request) => rankings.publicRanking(request.query, request.user?.id));

  r.get('/api/rankings/places', { ...PUBLIC, schema: { querystring: rankingPlacesQuery, response: answers(rankingPlaces) } }, async (request) => rankings.places(request.query.season, request.query.category));
}
