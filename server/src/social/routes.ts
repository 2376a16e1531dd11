import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blockState,
  comment,
  commentBody,
  commentParams,
  comments,
  communityProfile,
  communityProfileBody,
  feed,
  feedQuery,
  followState,
  likes,
  moderationReports,
  nearby,
  newComments,
  reportActionParams,
  reportBody,
} from '../../../contract/community';
import { answers, errorResponses } from '../../../contract/http';
import { shareTokenParams, usernameParams } from '../../../contract/sharing';
import { idParams } from '../../../contract/uploads';
import { requireAdmin, requireUser } from '../auth';
import type { Services } from '../services-types';
import { publicAnswerHeaders } from '../http';
import { visibilityService } from '../privacy';
import { socialService } from './service';

const PUBLIC = { config: { public: true }, onRequest: publicAnswerHeaders };
const noContent = { 204: z.null(), ...errorResponses };

/** Following, the feed, who flew here today, comments, likes and the community profile (docs/community.md). */
export async function socialRoutes(app: FastifyInstance, services: Services) {
  const social = socialService(services);
  const visibility = visibilityService(services);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/profile/community', { schema: { response: answers(communityProfile) } }, async (request) => visibility.profile(requireUser(request).id));

  r.put('/api/profile/community', { schema: { body: communityProfileBody, response: answers(communityProfile) } }, async (request) =>
    visibility.setProfile(requireUser(request).id, request.body),
  );

  r.get('/api/profile/community/new-comments', { schema: { response: answers(newComments) } }, async (request) => social.newComments(requireUser(request).id));

  r.post('/api/profile/community/new-comments/seen', { schema: { response: answers(newComments) } }, async (request) => social.markCommentsSeen(requireUser(request).id));

  r.get('/api/public/flights/:token/nearby', { ...PUBLIC, schema: { params: shareTokenParams, response: answers(nearby) } }, async (request) => social.publicNearby(request.params.token));

  r.get('/api/FlightDetail/:id/nearby', { schema: { params: idParams, response: answers(nearby) } }, async (request) => social.ownNearby(requireUser(request).id, request.params.id));

  r.get('/api/pilots/:username/follow', { schema: { params: usernameParams, response: answers(followState) } }, async (request) =>
    social.followState(requireUser(request).id, request.params.username),
  );

  r.put('/api/pilots/:username/follow', { schema: { params: usernameParams, response: answers(followState) } }, async (request) =>
    social.follow(requireUser(request).id, request.params.username),
  );

  r.delete('/api/pilots/:username/follow', { schema: { params: usernameParams, response: answers(followState) } }, async (request) =>
    social.unfollow(requireUser(request).id, request.params.username),
  );

  r.delete('/api/followers/:username', { schema: { params: usernameParams, response: noContent } }, async (request, reply) => {
    await social.removeFollower(requireUser(request).id, request.params.username);
    return reply.status(204).send(null);
  });

  r.put('/api/pilots/:username/block', { schema: { params: usernameParams, response: answers(blockState) } }, async (request) =>
    social.block(requireUser(request).id, request.params.username),
  );

  r.delete('/api/pilots/:username/block', { schema: { params: usernameParams, response: answers(blockState) } }, async (request) =>
    social.unblock(requireUser(request).id, request.params.username),
  );

  r.get('/api/feed', { schema: { querystring: feedQuery, response: answers(feed) } }, async (request) =>
    social.feed(requireUser(request).id, request.query.before, request.query.limit),
  );

  r.get('/api/public/flights/:token/comments', { ...PUBLIC, schema: { params: shareTokenParams, response: answers(comments) } }, async (request) =>
    social.comments(request.params.token, request.user?.id),
  );

  // Writing needs a session: these are not public, so a visitor gets 401 before the body is read.
  r.post('/api/public/flights/:token/comments', { schema: { params: shareTokenParams, body: commentBody, response: answers(comment, 201) } }, async (request, reply) =>
    reply.status(201).send(await social.addComment(request.params.token, requireUser(request).id, request.body.body)),
  );

  r.put('/api/comments/:id', { schema: { params: commentParams, body: commentBody, response: answers(comment) } }, async (request) =>
    social.editComment(requireUser(request).id, request.params.id, request.body.body),
  );

  r.delete('/api/comments/:id', { schema: { params: commentParams, response: noContent } }, async (request, reply) => {
    await social.deleteComment(requireUser(request).id, request.params.id);
    return reply.status(204).send(null);
  });

  r.post('/api/comments/:id/report', { schema: { params: commentParams, body: reportBody, response: noContent } }, async (request, reply) => {
    await social.report(requireUser(request).id, request.params.id, request.body.reason);
    return reply.status(204).send(null);
  });

  r.put('/api/comments/:id/block-author', { schema: { params: commentParams, response: answers(blockState) } }, async (request) =>
    social.blockAuthor(requireUser(request).id, request.params.id),
  );

  r.get('/api/public/flights/:token/likes', { ...PUBLIC, schema: { params: shareTokenParams, response: answers(likes) } }, async (request) =>
    social.likes(request.params.token, request.user?.id),
  );

  for (const [method, liked] of [['PUT', true], ['DELETE', false]] as const) {
    r.route({
      method,
      url: '/api/public/flights/:token/like',
      schema: { params: shareTokenParams, response: answers(likes) },
      handler: async (request) => social.like(request.params.token, requireUser(request).id, liked),
    });
  }
}

/** The admin's moderation queue in the debug area (docs/community.md). */
export async function moderationRoutes(app: FastifyInstance, services: Services) {
  const social = socialService(services);
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Before the body is even validated: a non-admin learns nothing about these routes.
  app.addHook('onRequest', async (request) => {
    requireAdmin(request);
  });

  r.get('/api/debug/reports', { schema: { response: answers(moderationReports) } }, async () => social.reports());

  r.post('/api/debug/reports/:id/:action', { schema: { params: reportActionParams, response: answers(moderationReports) } }, async (request) =>
    social.moderate(request.params.id, request.params.action),
  );
}
