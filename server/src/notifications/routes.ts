import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answers } from '../../../contract/http';
import { notificationParams, notifications } from '../../../contract/notifications';
import { requireUser } from '../auth';
import type { Services } from '../services-types';
import { notificationsService } from './service';

/** The bell: the pilot's notifications, marking one or all read (docs/notifications.md). */
export async function notificationsRoutes(app: FastifyInstance, services: Services) {
  const service = notificationsService(services);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/notifications', { schema: { response: answers(notifications) } }, async (request) => service.list(requireUser(request).id));

  r.post('/api/notifications/read', { schema: { response: answers(notifications) } }, async (request) => service.markAllRead(requireUser(request).id));

  r.post('/api/notifications/:id/read', { schema: { params: notificationParams, response: answers(notifications) } }, async (request) =>
    service.markRead(requireUser(request).id, request.params.id),
  );
}
