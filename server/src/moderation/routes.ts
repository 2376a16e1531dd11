import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commentParams, moderationReports, reportActionParams, reportBody } from '../../../contract/community';
import { answers, errorResponses } from '../../../contract/http';
import { requireAdmin, requireUser } from '../auth';
import type { Services } from '../services-types';
import * as moderation from './service';

const noContent = { 204: z.null(), ...errorResponses };

/** A pilot reports a comment (docs/community.md). */
export async function reportRoutes(app: FastifyInstance, services: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/comments/:id/report', { schema: { params: commentParams, body: reportBody, response: noContent } }, async (request, reply) => {
    await moderation.report(services, requireUser(request).id, request.params.id, request.body.reason);
    return reply.status(204).send(null);
  });
}

/** The admin's moderation queue in the debug area (docs/community.md). */
export async function moderationRoutes(app: FastifyInstance, services: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Before the body is even validated: a non-admin learns nothing about these routes.
  app.addHook('onRequest', async (request) => {
    requireAdmin(request);
  });

  r.get('/api/debug/reports', { schema: { response: answers(moderationReports) } }, async () => moderation.reports(services));

  r.post('/api/debug/reports/:id/:action', { schema: { params: reportActionParams, response: answers(moderationReports) } }, async (request) =>
    moderation.moderate(services, request.params.id, request.params.action),
  );
}
