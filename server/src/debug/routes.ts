import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { revalidateFlightBody } from '../../../contract/debug';
import { requireAdmin } from '../auth/sessions';
import { issueToken } from '../auth/tokens';
import { notFound } from '../http/errors';
import { composeMail, type MailKind } from '../mail/templates';
import type { Services } from '../services';
import { requeue, revalidate } from './service';

const pct = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10000) / 100 : 0);

/** Admin tools (SPEC §7 Debug). Every route checks the Admin role on the server. */
export async function debugRoutes(app: FastifyInstance, services: Services) {
  const { db } = services.database;
  const { config, mailer, pool, queue } = services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Before the body is even validated: a non-admin learns nothing about these routes.
  app.addHook('onRequest', async (request) => {
    requireAdmin(request);
  });

  const testMail = (kind: MailKind, link: (userId: number, email: string) => Promise<string>) => async (request: Parameters<typeof requireAdmin>[0]) => {
    const admin = requireAdmin(request);
    const url = await link(admin.id, admin.email);
    await mailer.send(composeMail(kind, { to: admin.email, name: admin.displayName || admin.username, language: admin.preferredLanguage, link: url }));
    return { message: `Test email sent to ${admin.email}.` };
  };
  r.post('/api/debug/send-welcome-email', testMail('welcome', async () => `${config.publicUrl}/dashboard`));
  r.post('/api/debug/send-password-reset-email', testMail('reset', async (id, email) => `${config.publicUrl}/reset-password?code=${await issueToken(db, id, 'reset', email)}`));
  r.post('/api/debug/send-email-change', testMail('emailChange', async (id, email) => `${config.publicUrl}/api/auth/verify-email?code=${await issueToken(db, id, 'verify', email)}`));

  r.post('/api/debug/revalidate-flight', { schema: { body: revalidateFlightBody } }, async (request) => {
    const { flightId } = request.body;
    const flight = await db.selectFrom('flights').select(['id', 'removalReason']).where('id', '=', flightId).executeTakeFirst();
    if (!flight) throw notFound(`Flight ${flightId} not found.`);
    const { changes } = await revalidate(db, pool, [flightId]);
    const change = changes[0];
    return {
      flightId,
      oldRemovalReason: flight.removalReason,
      newRemovalReason: change ? change.newRemovalReason : flight.removalReason,
      message: change ? 'Flight revalidated: its removal reason changed.' : 'Flight revalidated: no change.',
    };
  });

  r.post('/api/debug/revalidate-all-flights', async () => {
    const { processedCount, changes } = await revalidate(db, pool, 'all');
    return { processedCount, changedCount: changes.length, changes, message: `${processedCount} flights revalidated, ${changes.length} changed.` };
  });

  r.post('/api/debug/reset-completed-flights-without-features', async () => {
    const flights = await db
      .selectFrom('flights')
      .leftJoin('flightTracks', 'flightTracks.flightId', 'flights.id')
      .select(['flights.id', 'flights.startTime', 'flights.status'])
      .where('flights.status', '=', 'Completed')
      .where('flightTracks.flightId', 'is', null)
      .execute();
    await requeue(db, queue, flights.map((f) => f.id));
    return {
      processedCount: flights.length,
      resetFlights: flights.map((f) => ({ flightId: f.id, startTime: f.startTime, oldStatus: f.status, newStatus: 'Pending' })),
      message: `${flights.length} flights queued for analysis again.`,
    };
  });

  r.post('/api/debug/reset-all-calculations', async () => {
    const tracks = await db.deleteFrom('flightTracks').executeTakeFirst();
    const flights = await db.selectFrom('flights').select('id').execute();
    await requeue(db, queue, flights.map((f) => f.id));
    const deleted = Number(tracks.numDeletedRows);
    return {
      // Track, features and their geometry live in one row per flight here.
      details: { flightsReset: flights.length, featuresDeleted: deleted, coordinatesDeleted: deleted, featureGeometriesDeleted: deleted, featurePropertiesDeleted: 0 },
      message: `${flights.length} flights queued for analysis again.`,
    };
  });

  r.get('/api/debug/statistics', async () => {
    const byStatus = await db.selectFrom('flights').select((eb) => ['status', eb.fn.countAll().as('n')]).groupBy('status').execute();
    const count = (s: string) => Number(byStatus.find((b) => b.status === s)?.n ?? 0);
    const total = byStatus.reduce((n, b) => n + Number(b.n), 0);
    const removed = Number((await db.selectFrom('flights').select((eb) => eb.fn.countAll().as('n')).where('removalDate', 'is not', null).where('removalReason', 'is not', null).where('removalReason', '!=', 0).executeTakeFirstOrThrow()).n);
    const withFeatures = Number((await db.selectFrom('flightTracks').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const withCoordinates = Number((await db.selectFrom('flights').select((eb) => eb.fn.countAll().as('n')).where('takeoffLat', 'is not', null).executeTakeFirstOrThrow()).n);
    const profiles = Number((await db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const completed = count('Completed');
    return {
      flights: { total, pending: count('Pending'), processing: count('Processing'), completed, failed: count('Failed'), valid: total - removed, removed, withFeatures, withCoordinates },
      profiles: { total: profiles },
      processing: { completionRate: pct(completed, total), featureExtractionRate: pct(withFeatures, completed), coordinateExtractionRate: pct(withCoordinates, completed) },
    };
  });
}
