import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { achievementNotifications, achievementsPage, dismissResponse, notificationParams } from '../../../contract/achievements';
import { answers } from '../../../contract/http';
import { requireUser } from '../auth';
import type { Services } from '../services-types';
import * as achievements from './service';

export async function achievementsRoutes(app: FastifyInstance, services: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/achievements', { schema: { response: answers(achievementsPage) }, config: { readCache: true } }, async (request) => achievements.achievementsPage(services, requireUser(request).id));

  r.get('/api/achievements/notifications', { schema: { response: answers(achievementNotifications) } }, async (request) =>
    achievements.notificationsOf(services, requireUser(request).id),
  );

  r.post('/api/achievements/notifications/:id/dismiss', { schema: { params: notificationParams, response: answers(dismissResponse) } }, async (request) =>
    achievements.dismissNotification(services, requireUser(request).id, request.params.id),
  );

  r.post('/api/achievements/notifications/dismiss-all', { schema: { response: answers(dismissResponse) } }, async (request) =>
    achievements.dismissAllNotifications(services, requireUser(request).id),
  );
}
