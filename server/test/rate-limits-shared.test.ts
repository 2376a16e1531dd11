import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { createServices, type Services } from '../src/services';
import { Client, DATABASES, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { seedFlights } from './helpers/flights';

/**
 * On PostgreSQL several web processes share one database, and the login and public-read budgets are
 * counted there (docs/architecture.md, "State every process sees"): two app instances, each with its
 * own services and memory, on one database refuse the attempt after the budget, wherever it lands.
 * SQLite runs one process, which keeps its budgets in memory.
 */
const describePostgres = DATABASES.includes('postgres') ? describe : describe.skip;

describePostgres('rate limits across two app instances on one PostgreSQL database', () => {
  let ctx: TestContext;
  let second: Services;
  let apps: [FastifyInstance, FastifyInstance];
  let token: string;

  beforeAll(async () => {
    ctx = await startTestApp('postgres', { AUTH_RATE_LIMIT_PER_EMAIL: '4', AUTH_RATE_LIMIT_PER_IP: '100', PUBLIC_RATE_LIMIT_PER_IP: '5', PUBLIC_RATE_LIMIT_WINDOW_SECONDS: '120', TRUST_PROXY: 'true' }, { workers: false });
    second = await createServices(ctx.services.config, { workers: false });
    const app2 = await buildApp(second);
    await app2.ready();
    apps = [ctx.app, app2];
    const owner = await signedInClient(ctx);
    const [flightId] = await seedFlights(ctx.services.database.db, owner.user.id, [{ startTime: '2024-07-01T09:00:00.000Z', flightTime: 3600 }]);
    token = (await owner.client.post(`/api/FlightDetail/${flightId}/share`, {})).json().token;
  });
  afterAll(async () => {
    await apps?.[1].close();
    await second?.close();
    await ctx?.close();
  });

  it('refuses the login attempt after the per-email budget, the attempts split over both instances', async () => {
    const clients = apps.map((app) => new Client(app));
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await clients[i % 2]!.post('/api/auth/login', { email: 'target@example.com', password: `guess${i}` })).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 429]);
    // Refused on both instances now, with the same readable answer and Retry-After.
    for (const client of clients) {
      const refused = await client.post('/api/auth/login', { email: 'target@example.com', password: 'guess' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another address has its own budget.
    expect((await clients[1]!.post('/api/auth/login', { email: 'other@example.com', password: 'guess' })).statusCode).toBe(401);
  });

  it('refuses the public read after the per-address budget, the reads split over both instances', async () => {
    const visitors = apps.map((app) => new Client(app));
    const from = { 'x-forwarded-for': '198.51.100.7' };
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await visitors[i % 2]!.request('GET', `/api/public/flights/${token}`, undefined, from)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await visitors[0]!.request('GET', `/api/public/flights/${token}`, undefined, from);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(120);
    // Another address reads on.
    expect((await visitors[1]!.request('GET', `/api/public/flights/${token}`, undefined, { 'x-forwarded-for': '198.51.100.8' })).statusCode).toBe(200);
  });
});
