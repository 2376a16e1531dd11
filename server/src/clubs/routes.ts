import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { club, clubCreated, clubInvite, clubMemberParams, clubParams, clubPlacesBody, clubQuery, createClubBody, joinClubBody, myClubs } from '../../../contract/clubs';
import { answers, errorResponses } from '../../../contract/http';
import { requireUser } from '../auth';
import type { Services } from '../services-types';
import { publicAnswerHeaders } from '../http';
import { clubsService } from './service';

const PUBLIC = { config: { public: true, publicRateLimit: true }, onRequest: publicAnswerHeaders };
const noContent = { 204: z.null(), ...errorResponses };

/** Clubs (docs/rankings-and-clubs.md): the page is public, everything else needs a signed-in pilot. */
export async function clubsRoutes(app: FastifyInstance, services: Services) {
  const clubs = clubsService(services);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/clubs', { schema: { response: answers(myClubs) } }, async (request) => clubs.mine(requireUser(request).id));

  r.post('/api/clubs', { schema: { body: createClubBody, response: answers(clubCreated, 201) } }, async (request, reply) =>
    reply.status(201).send(await clubs.create(requireUser(request).id, request.body)),
  );

  r.post('/api/clubs/join', { schema: { body: joinClubBody, response: answers(clubCreated) } }, async (request) => clubs.join(requireUser(request).id, request.body.token));

  // The invite page names the club before the pilot joins (docs/rankings-and-clubs.md); reading changes nothing.
  r.get('/api/clubs/join/:token', { schema: { params: joinClubBody, response: answers(clubCreated) } }, async (request) => {
    requireUser(request);
    return clubs.invitedTo(request.params.token);
  });

  r.get('/api/clubs/:slug', { ...PUBLIC, schema: { params: clubParams, querystring: clubQuery, response: answers(club) } }, async (request) =>
    clubs.page(request.user?.id, request.params.slug, request.query.date),
  );

  r.delete('/api/clubs/:slug', { schema: { params: clubParams, response: noContent } }, async (request, reply) => {
    await clubs.remove(requireUser(request).id, request.params.slug);
    return reply.status(204).send(null);
  });

  r.post('/api/clubs/:slug/invite', { schema: { params: clubParams, response: answers(clubInvite) } }, async (request) => clubs.renewInvite(requireUser(request).id, request.params.slug));

  r.put('/api/clubs/:slug/places', { schema: { params: clubParams, body: clubPlacesBody, response: noContent } }, async (request, reply) => {
    await clubs.setPlaces(requireUser(request).id, request.params.slug, request.body.places);
    return reply.status(204).send(null);
  });

  r.delete('/api/clubs/:slug/members/:username', { schema: { params: clubMemberParams, response: noContent } }, async (request, reply) => {
    await clubs.removeMember(requireUser(request).id, request.params.slug, request.params.username);
    return reply.status(204).send(null);
  });

  r.put('/api/clubs/:slug/admins/:username', { schema: { params: clubMemberParams, response: noContent } }, async (request, reply) => {
    await clubs.setRole(requireUser(request).id, request.params.slug, request.params.username, 'admin');
    return reply.status(204).send(null);
  });

  r.delete('/api/clubs/:slug/admins/:username', { schema: { params: clubMemberParams, response: noContent } }, async (request, reply) => {
    await clubs.setRole(requireUser(request).id, request.params.slug, request.params.username, 'member');
    return reply.status(204).send(null);
  });
}
