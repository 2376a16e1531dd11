import { generateIgc, thermalFlight } from '../../scripts/synthetic-igc';
import { Client, describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { multipart } from './helpers/archives';
import { readOutbox } from './helpers/outbox';

const ROUTES: [string, string, unknown?][] = [
  ['POST', '/api/debug/send-welcome-email'],
  ['POST', '/api/debug/send-password-reset-email'],
  ['POST', '/api/debug/send-email-change'],
  ['POST', '/api/debug/revalidate-flight', { flightId: 1 }],
  ['POST', '/api/debug/revalidate-all-flights'],
  ['POST', '/api/debug/reset-completed-flights-without-features'],
  ['POST', '/api/debug/reset-all-calculations'],
  ['GET', '/api/debug/statistics'],
];

describeEachDatabase('admin tools', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
  });
  afterAll(() => ctx.close());

  it('refuses every debug route to pilots (403) and to visitors (401)', async () => {
    const { client } = await signedInClient(ctx);
    for (const [method, url, body] of ROUTES) {
      expect([url, (await client.request(method, url, body ?? {})).statusCode]).toEqual([url, 403]);
      expect([url, (await new Client(ctx.app).request(method, url, body ?? {})).statusCode]).toEqual([url, 401]);
    }
  });

  it('sends test mails, reports statistics, revalidates and re-analyses flights', async () => {
    const { client: admin, user } = await signedInClient(ctx, { role: 'Admin' });
    for (const [, url] of ROUTES.slice(0, 3)) expect((await admin.post(url)).json().message).toBe(`Test email sent to ${user.email}.`);
    expect(readOutbox(ctx.dataDir).filter((m) => m.to.includes(user.email)).map((m) => m.subject)).toEqual(['Welcome to Flight Logbook', 'Reset your password', 'Confirm your new email address']);

    const { payload, headers } = multipart([{ name: 'a.igc', data: Buffer.from(generateIgc(thermalFlight('2024-07-01T09:00:00Z', 3))) }]);
    await admin.request('POST', '/api/FlightDetail/upload', payload, headers);
    await ctx.services.queue.drain();
    const [flight] = await ctx.services.database.db.selectFrom('flights').select(['id', 'removalReason']).where('userId', '=', user.id).execute();

    const bad = await admin.post('/api/debug/revalidate-flight', { flightId: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Please enter a valid flight ID.');
    await ctx.services.database.db.updateTable('flights').set({ removalReason: 5 }).where('id', '=', flight!.id).execute();
    expect((await admin.post('/api/debug/revalidate-flight', { flightId: flight!.id })).json()).toMatchObject({ flightId: flight!.id, oldRemovalReason: 5, newRemovalReason: null });
    expect((await admin.post('/api/debug/revalidate-all-flights')).json()).toMatchObject({ changedCount: 0 });

    const stats = (await admin.get('/api/debug/statistics')).json();
    expect(stats.flights).toMatchObject({ completed: stats.flights.total, withFeatures: stats.flights.total });
    expect(stats.processing.completionRate).toBe(100);

    const reset = (await admin.post('/api/debug/reset-all-calculations')).json();
    expect(reset.details.flightsReset).toBe(stats.flights.total);
    await ctx.services.queue.drain();
    expect((await admin.get('/api/debug/statistics')).json().flights.withFeatures).toBe(stats.flights.total);
    expect((await admin.post('/api/debug/reset-completed-flights-without-features')).json()).toMatchObject({ processedCount: 0, resetFlights: [] });
  });
});
