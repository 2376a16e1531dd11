import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blockState, followState } from '../../../contract/community';
import { answers, errorResponses } from '../../../contract/http';
import { usernameParams } from '../../../contract/sharing';
import { requireUser } from '../auth';
import type { Services } from '../services-types';
import * as follows from './service';

const noContent = { 204: z.null(), ...errorResponses };

/** Following and blocking pilots (docs/community.md). */
export async function followsRoutes(app: FastifyInstance, services: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/pilots/:username/follow', { schema: { params: usernameParams, response: answers(followState) } }, async (request) =>
    follows.followState(services, requireUser(request).id, request.params.username),
  );

  r.put('/api/pilots/:username/follow', { schema: { params: usernameParams, response: answers(followState) } }, async (request) =>
    follows.follow(services, requireUser(request).id, request.params.username),
  );

  r.delete('/api/pilots/:username/follow', { schema: { params: usernameParams, response: answers(followState) } }, async (request) =>
    follows.unfollow(services, requireUser(request).id, request.params.username),
  );

  r.delete('/api/followers/:username', { schema: { params: usernameParams, response: noContent } }, async (request, reply) => {
    await follows.removeFollower(services, requireUser(request).id, request.params.username);
    return reply.status(204).send(null);
  });

  r.put('/api/pilots/:username/block', { schema: { params: usernameParams, response: answers(blockState) } }, async (request) =>
    follows.block(services, requireUser(request).id, request.params.username),
  );

  r.delete('/api/pilots/:username/block', { schema: { params: usernameParams, response: answers(blockState) } }, async (request) =>
    follows.unblock(services, requireUser(request).id, request.params.username),
  );
}
