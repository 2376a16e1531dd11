import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { Client, describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { seedFlights } from './helpers/flights';

const INDEX = '<!doctype html><html><head><title>Flightlog</title></head><body></body></html>';

/** Visitors' reads (share links, the pilot page and their HTML pages) share one budget per client address (docs/sharing.md). */
describeEachDatabase('the public rate limit', (kind) => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let appDir: string;
  let token: string;
  let username: string;
  beforeAll(async () => {
    ctx = await startTestApp(kind, { PUBLIC_RATE_LIMIT_PER_IP: '4', PUBLIC_RATE_LIMIT_WINDOW_SECONDS: '120', TRUST_PROXY: 'true' }, { workers: false });
    appDir = mkdtempSync(join(tmpdir(), 'flightlog-app-'));
    writeFileSync(join(appDir, 'index.html'), INDEX);
    app = await buildApp(ctx.services, { appDir });
    await app.ready();
    const owner = await signedInClient(ctx);
    username = owner.user.username;
    const [flightId] = await seedFlights(ctx.services.database.db, owner.user.id, [{ startTime: '2024-07-01T09:00:00.000Z', flightTime: 3600 }]);
    token = (await owner.client.post(`/api/FlightDetail/${flightId}/share`, {})).json().token;
    await owner.client.put('/api/profile/public', { enabled: true });
  });
  afterAll(async () => {
    await app.close();
    await ctx.close();
    rmSync(appDir, { recursive: true, force: true });
  });

  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  it('answers 429 with Retry-After once an address has used its budget across share reads, pilot page and pages', async () => {
    const visitor = new Client(app);
    const ip = from('198.51.100.1');
    const codes = [];
    for (const url of [`/api/public/flights/${token}`, `/api/public/pilots/${username}`, `/shared/${token}`, `/fr/pilots/${username}`, `/api/public/flights/${token}/features`])
      codes.push((await visitor.request('GET', url, undefined, ip)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 429]);

    const refused = await visitor.request('GET', `/api/public/flights/${token}`, undefined, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(120);
    expect(refused.json().message).toMatch(/^Too many requests\. Please wait \d+ seconds? and try again\.$/);
    expect(refused.headers['cache-control']).toBe('no-store');
    // A guessed token is refused the same way: the budget is counted before the token is looked up.
    expect((await visitor.request('GET', '/api/public/flights/guessed-token', undefined, ip)).statusCode).toBe(429);
    expect((await visitor.request('GET', `/pilots/${username}`, undefined, ip)).statusCode).toBe(429);
  });

  it('counts the public track downloads in the same budget, before the flight is looked up', async () => {
    const visitor = new Client(app);
    const ip = from('198.51.100.9');
    const codes = [];
    for (const url of [`/api/public/flights/${token}/track.gpx`, `/api/public/flights/${token}/track.igc`, '/api/public/flights/guessed-token/track.gpx', `/api/public/flights/${token}`, `/api/public/flights/${token}/track.gpx`])
      codes.push((await visitor.request('GET', url, undefined, ip)).statusCode);
    // The pilot allows no download here: 404 like an unknown flight, until the budget is spent.
    expect(codes).toEqual([404, 404, 404, 200, 429]);
  });

  it('counts each address on its own and leaves the pilot’s own signed-in reads alone', async () => {
    const other = new Client(app);
    expect((await other.request('GET', `/api/public/flights/${token}`, undefined, from('198.51.100.2'))).statusCode).toBe(200);

    const pilot = await signedInClient(ctx);
    const own = new Client(app);
    own.cookies = pilot.client.cookies;
    for (let i = 0; i < 6; i++) expect((await own.request('GET', '/api/FlightDetail', undefined, from('198.51.100.1'))).statusCode).toBe(200);
  });
});
