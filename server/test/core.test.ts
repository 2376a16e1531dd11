import { describeEachDatabase, startTestApp, Client, type TestContext } from './helpers/app';

describeEachDatabase('server core', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
  });
  afterAll(() => ctx.close());

  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/No such endpoint/);
  });

  it('refuses a state-changing call without the anti-forgery header', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', payload: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/anti-forgery/);
  });

  it('refuses a cross-site Origin even with a valid token', async () => {
    const client = new Client(ctx.app);
    const res = await client.request('POST', '/api/auth/logout', {}, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/Cross-site/);
  });

  it('sets a script-readable XSRF cookie and security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN')!;
    expect(xsrf.httpOnly).toBeFalsy();
    expect(xsrf.sameSite).toBe('Lax');
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('runs SQLite with WAL, foreign keys and a busy timeout', () => {
    if (kind !== 'sqlite') return;
    const s = ctx.services.database.sqlite!;
    expect(s.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(s.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(Number(s.pragma('busy_timeout', { simple: true }))).toBeGreaterThan(0);
  });
});

describe('routing', () => {
  it('matches /api paths case-insensitively, as the app calls both /api/FlightDetail and /api/flightdetail', async () => {
    const ctx = await startTestApp('sqlite');
    try {
      expect((await ctx.app.inject({ method: 'GET', url: '/API/Health' })).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});

describe('anti-forgery with case variants', () => {
  it('applies to /API/... as well as /api/...', async () => {
    const ctx = await startTestApp('sqlite');
    try {
      const res = await ctx.app.inject({ method: 'POST', url: '/API/auth/logout', payload: {} });
      expect(res.statusCode).toBe(403);
    } finally {
      await ctx.close();
    }
  });
});
