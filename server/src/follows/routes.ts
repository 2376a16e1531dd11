import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blockState, followState } from '../../../contract/community';
import { answers, errorResponses } from '../../../contract/http';
import { followers, followSettings, followSettingsBody, pilotSearch, pilotSearchQuery } from '../../../contract/follows';
import { usernameParams } from '../../../contract/sharing';
import { requireUser } from '../auth';
import { publicAnswerHeaders } from '../http';
import type { Services } from '../services-types';
import * as follows from './service';

const noContent = { 204: z.null(), ...errorResponses };
/** Read without a session and counted in the public read budget per address (docs/sharing.md). */
const PUBLIC = { config: { public: true, publicRateLimit: true }, onRequest: publicAnswerHeaders };

/** Finding, following and blocking pilots (docs/community.md). */
export async function followsRoutes(app: FastifyInstance, services: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/public/pilots', { ...PUBLIC, schema: { querystring: pilotSearchQuery, response: answers(pilotSearch) } }, async (request) =>
    follows.search(services, request.query.q, request.user?.id),
  );

  r.get('/api/profile/follow-settings', { schema: { response: answers(followSettings) } }, async (request) => follows.followSettings(services, requireUser(request).id));

  r.put('/api/profile/follow-settings', { schema: { body: followSettingsBody, response: answers(followSettings) } }, async (request) =>
    follows.setFollowSettings(services, requireUser(request).id, request.body),
  );

  r.get('/api/profile/followers', { schema: { response: answers(followers) } }, async (request) => follows.followersList(services, requireUser(request).id));

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
