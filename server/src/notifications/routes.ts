import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answers } from '../../../contract/http';
import { notificationParams, notifications } from '../../../contract/notifications';
import { requireUser } from '../auth';
import type { Services } from '../services-types';
import * as bell from './service';

/** The bell: the pilot's notifications, marking one or all read (docs/notifications.md). */
export async function notificationsRoutes(app: FastifyInstance, services: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/notifications', { schema: { response: answers(notifications) } }, async (request) => bell.notificationsOf(services, requireUser(request).id));

  r.post('/api/notifications/read', { schema: { response: answers(notifications) } }, async (request) => bell.markAllRead(services, requireUser(request).id));

  r.post('/api/notifications/:id/read', { schema: { params: notificationParams, response: answers(notifications) } }, async (request) =>
    bell.markRead(services, requireUser(request).id, request.params.id),
  );
}
