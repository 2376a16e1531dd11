import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  debugMessage,
  debugStatistics,
  resetAllResponse,
  resetCompletedResponse,
  revalidateAllResponse,
  revalidateFlightBody,
  revalidateFlightResponse,
} from '../../../contract/debug';
import { answers } from '../../../contract/http';
import { requireAdmin } from '../auth';
import type { Services } from '../services-types';
import { debugService } from './service';

/** Admin tools (docs/product.md §7 Debug). Every route checks the Admin role on the server. */
export async function debugRoutes(app: FastifyInstance, services: Services) {
  const debug = debugService(services);
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Before the body is even validated: a non-admin learns nothing about these routes.
  app.addHook('onRequest', async (request) => {
    requireAdmin(request);
  });

  const mailAnswer = { schema: { response: answers(debugMessage) } };
  r.post('/api/debug/send-welcome-email', mailAnswer, async (request) => debug.sendTestMail('welcome', requireAdmin(request)));
  r.post('/api/debug/send-password-reset-email', mailAnswer, async (request) => debug.sendTestMail('reset', requireAdmin(request)));
  r.post('/api/debug/send-email-change', mailAnswer, async (request) => debug.sendTestMail('emailChange', requireAdmin(request)));

  r.post('/api/debug/revalidate-flight', { schema: { body: revalidateFlightBody, response: answers(revalidateFlightResponse) } }, async (request) =>
    debug.revalidateFlight(request.body.flightId),
  );
  r.post('/api/debug/revalidate-all-flights', { schema: { response: answers(revalidateAllResponse) } }, async () => debug.revalidateAll());
  r.post('/api/debug/reset-completed-flights-without-features', { schema: { response: answers(resetCompletedResponse) } }, async () => debug.resetCompletedWithoutFeatures());
  r.post('/api/debug/reset-all-calculations', { schema: { response: answers(resetAllResponse) } }, async () => debug.resetAll());
  r.get('/api/debug/statistics', { schema: { response: answers(debugStatistics) } }, async () => debug.statistics());
}
