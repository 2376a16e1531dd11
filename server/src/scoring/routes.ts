import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answers } from '../../../contract/http';
import { scoringPreference, scoringPreferenceBody } from '../../../contract/scoring';
import { requireUser } from '../auth';
import type { Services } from '../services-types';
import { scoringService } from './service';

/** The pilot's league: read it (with re-scoring progress) and change it. */
export async function scoringRoutes(app: FastifyInstance, services: Services) {
  const scoring = scoringService(services);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/profile/scoring', { schema: { response: answers(scoringPreference) } }, async (request) => scoring.preference(requireUser(request).id));

  r.put('/api/profile/scoring', { schema: { body: scoringPreferenceBody, response: answers(scoringPreference) } }, async (request) =>
    scoring.choose(requireUser(request).id, request.body.scoringRules),
  );
}
