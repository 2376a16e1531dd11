import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blockState, comment, commentBody, commentParams, comments, communityProfile, communityProfileBody, likes, newComments } from '../../../contract/community';
import { answers, errorResponses } from '../../../contract/http';
import { shareTokenParams } from '../../../contract/sharing';
import { requireUser } from '../auth';
import type { Services } from '../services-types';
import { publicAnswerHeaders } from '../http';
import { visibilityService } from '../privacy';
import * as talk from './service';

const PUBLIC = { config: { public: true }, onRequest: publicAnswerHeaders };
const noContent = { 204: z.null(), ...errorResponses };

/** Comments and likes on public flights, the badge of new comments and the community profile (docs/community.md). */
export async function commentsRoutes(app: FastifyInstance, services: Services) {
  const visibility = visibilityService(services);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/profile/community', { schema: { response: answers(communityProfile) } }, async (request) => visibility.profile(requireUser(request).id));

  r.put('/api/profile/community', { schema: { body: communityProfileBody, response: answers(communityProfile) } }, async (request) =>
    visibility.setProfile(requireUser(request).id, request.body),
  );

  r.get('/api/profile/community/new-comments', { schema: { response: answers(newComments) } }, async (request) => talk.newComments(services, requireUser(request).id));

  r.post('/api/profile/community/new-comments/seen', { schema: { response: answers(newComments) } }, async (request) => talk.markCommentsSeen(services, requireUser(request).id));

  r.get('/api/public/flights/:token/comments', { ...PUBLIC, schema: { params: shareTokenParams, response: answers(comments) } }, async (request) =>
    talk.comments(services, request.params.token, request.user?.id),
  );

  // Writing needs a session: these are not public, so a visitor gets 401 before the body is read.
  r.post('/api/public/flights/:token/comments', { schema: { params: shareTokenParams, body: commentBody, response: answers(comment, 201) } }, async (request, reply) =>
    reply.status(201).send(await talk.addComment(services, request.params.token, requireUser(request).id, request.body.body)),
  );

  r.put('/api/comments/:id', { schema: { params: commentParams, body: commentBody, response: answers(comment) } }, async (request) =>
    talk.editComment(services, requireUser(request).id, request.params.id, request.body.body),
  );

  r.delete('/api/comments/:id', { schema: { params: commentParams, response: noContent } }, async (request, reply) => {
    await talk.deleteComment(services, requireUser(request).id, request.params.id);
    return reply.status(204).send(null);
  });

  r.put('/api/comments/:id/block-author', { schema: { params: commentParams, response: answers(blockState) } }, async (request) =>
    talk.blockAuthor(services, requireUser(request).id, request.params.id),
  );

  r.get('/api/public/flights/:token/likes', { ...PUBLIC, schema: { params: shareTokenParams, response: answers(likes) } }, async (request) =>
    talk.likes(services, request.params.token, request.user?.id),
  );

  for (const [method, liked] of [['PUT', true], ['DELETE', false]] as const) {
    r.route({
      method,
      url: '/api/public/flights/:token/like',
      schema: { params: shareTokenParams, response: answers(likes) },
      handler: async (request) => talk.like(services, request.params.token, requireUser(request).id, liked),
    });
  }
}
