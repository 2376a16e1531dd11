import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/sessions';
import { nowIso } from '../db';
import { notFound } from '../http/errors';
import type { Services } from '../services';
import { achievementsPage, notificationsOf } from './service';

const notificationParams = z.object({ id: z.coerce.number().int().positive('Notification id must be a positive number.') });

export async function achievementsRoutes(app: FastifyInstance, services: Services) {
  const { db } = services.database;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/achievements', async (request) => achievementsPage(db, requireUser(request).id));

  r.get('/api/achievements/notifications', async (request) => notificationsOf(db, requireUser(request).id));

  r.post('/api/achievements/notifications/:id/dismiss', { schema: { params: notificationParams } }, async (request) => {
    const user = requireUser(request);
    const res = await db.updateTable('notifications').set({ dismissedAt: nowIso() }).where('id', '=', request.params.id).where('userId', '=', user.id).where('dismissedAt', 'is', null).executeTakeFirst();
    if (!Number(res.numUpdatedRows)) throw notFound('Notification not found.');
    return { message: 'Notification dismissed.' };
  });

  r.post('/api/achievements/notifications/dismiss-all', async (request) => {
    const user = requireUser(request);
    const res = await db.updateTable('notifications').set({ dismissedAt: nowIso() }).where('userId', '=', user.id).where('dismissedAt', 'is', null).executeTakeFirst();
    return { message: `${Number(res.numUpdatedRows)} notifications dismissed.` };
  });
}
