import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { achievementsRoutes } from '../src/achievements/routes';
import { authRoutes } from '../src/auth/routes';
import { statisticsRoutes } from '../src/statistics/routes';
import { startTestApp, type TestContext } from './helpers/app';

/** The auth, statistics and achievements routes answer through the contract (response schemas). */
describe('auth, statistics and achievements routes declare their answers', () => {
  let ctx: TestContext;
  const routes: RouteOptions[] = [];
  beforeAll(async () => {
    ctx = await startTestApp('sqlite');
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.addHook('onRoute', (route) => {
      if (route.method !== 'HEAD') routes.push(route);
    });
    for (const area of [authRoutes, statisticsRoutes, achievementsRoutes]) await app.register(async (scope) => area(scope, ctx.services));
    await app.ready();
    await app.close();
  });
  afterAll(() => ctx.close());

  const name = (r: RouteOptions) => `${[r.method].flat().join(',')} ${r.url}`;
  const answersOf = (r: RouteOptions) => Object.keys((r.schema?.response ?? {}) as object).sort();

  it('gives every route a success answer and the 4xx/5xx error answer', () => {
    expect(routes.length).toBeGreaterThan(20);
    for (const r of routes) expect(`${name(r)} ${answersOf(r).filter((k) => k === '4xx' || k === '5xx')}`).toBe(`${name(r)} 4xx,5xx`);
    for (const r of routes) expect(`${name(r)} ${answersOf(r).some((k) => /^[23]\d\d$/.test(k))}`).toBe(`${name(r)} true`);
  });

  it('declares the 302 of the redirect routes', () => {
    for (const url of ['/api/auth/verify-email', '/api/auth/google-login', '/api/auth/google-callback']) {
      expect(answersOf(routes.find((r) => r.url === url)!)).toContain('302');
    }
  });

  it('keeps the pilot reads of statistics and achievements in the read cache, and nothing else', () => {
    const cached = routes.filter((r) => (r.config as { readCache?: boolean } | undefined)?.readCache).map(name).sort();
    expect(cached).toEqual([
      'GET /api/achievements',
      'GET /api/statistics/flight-sites',
      'GET /api/statistics/gliders',
      'GET /api/statistics/monthly-hours',
      'GET /api/statistics/overall',
      'GET /api/statistics/yearly-summary',
    ]);
  });
});
