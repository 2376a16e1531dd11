import { performance } from 'node:perf_hooks';
import { Client, startTestApp, type TestContext } from './helpers/app';
import { startTestIssuer, type TestIssuer } from './helpers/oidc';
import { lastCode, readOutbox, waitForMail } from './helpers/outbox';

/**
 * Hardening, accounts: login gives nothing away (status, body, cookies, timing), mailed codes and the
 * Google sign-in state fail on reuse, expiry and tampering, and a session id is never carried over a login.
 */

const PASSWORD = 'Glider#2024';
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
/** One character changed in the middle, the way a guess or a corrupted link would look. */
const tamper = (code: string) => code.slice(0, 10) + (code[10] === 'A' ? 'B' : 'A') + code.slice(11);

describe('accounts hardening', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp('sqlite', { AUTH_RATE_LIMIT_PER_IP: '100000', AUTH_RATE_LIMIT_PER_EMAIL: '100000' });
  });
  afterAll(() => ctx.close());
  const db = () => ctx.services.database.db;

  it('answers an unknown email and a wrong password alike: status, body, cookies and median time within 50 ms over 50 tries', async () => {
    const c = new Client(ctx.app);
    await c.post('/api/auth/register', { email: 'timing@example.com', username: 'timing', password: PASSWORD });
    await c.get('/api/health');
    const times = { unknown: [] as number[], wrong: [] as number[] };
    const seen = new Set<string>();
    for (let i = 0; i < 50; i++) {
      // Alternate the order so drift (GC, JIT, other suites) falls on both sides.
      const order = i % 2 ? (['unknown', 'wrong'] as const) : (['wrong', 'unknown'] as const);
      for (const which of order) {
        const email = which === 'unknown' ? `ghost${i}@example.com` : 'timing@example.com';
        const t0 = performance.now();
        const res = await c.request('POST', '/api/auth/login', { email, password: `Wrong#${i}xyz` });
        times[which].push(performance.now() - t0);
        const cookies = (res.cookies as { name: string }[]).map((k) => k.name).sort().join(',');
        seen.add(`${res.statusCode} ${res.body} cookies:[${cookies}] ${res.headers['content-type']}`);
      }
    }
    expect([...seen]).toEqual(['401 {"message":"Invalid email or password."} cookies:[] application/json; charset=utf-8']);
    const unknown = median(times.unknown);
    const wrong = median(times.wrong);
    console.info(`login median: unknown email ${unknown.toFixed(1)} ms, wrong password ${wrong.toFixed(1)} ms, difference ${Math.abs(unknown - wrong).toFixed(1)} ms`);
    expect(Math.abs(unknown - wrong)).toBeLessThan(50);
  });

  it('refuses verification codes on reuse, expiry, tampering and when used as another kind of code', async () => {
    const c = new Client(ctx.app);
    await c.post('/api/auth/register', { email: 'codes@example.com', username: 'codes', password: PASSWORD });
    const verify = (code: string) => c.get(`/api/auth/verify-email?code=${encodeURIComponent(code)}`).then((r) => r.headers.location);
    const code = lastCode(ctx.dataDir, 'codes@example.com', 'verify-email');
    expect(await verify(tamper(code))).toBe('/login?verified=false');
    expect(await verify(code + 'x')).toBe('/login?verified=false');
    expect(await verify(code.slice(0, -1))).toBe('/login?verified=false');
    // A reset code is not a verification code, nor the other way round.
    await c.post('/api/auth/forgot-password', { email: 'codes@example.com' });
    await waitForMail(ctx.dataDir, (m) => m.to.includes('codes@example.com') && m.subject === 'Reset your password');
    const reset = lastCode(ctx.dataDir, 'codes@example.com', '/reset-password');
    expect(await verify(reset)).toBe('/login?verified=false');
    expect((await c.post('/api/auth/reset-password', { code, newPassword: 'Other#Wing42' })).statusCode).toBe(400);
    const user = await db().selectFrom('users').select(['id', 'emailVerifiedAt']).where('email', '=', 'codes@example.com').executeTakeFirstOrThrow();
    expect(user.emailVerifiedAt).toBeNull();

    // Expired: the stored expiry is in the past.
    await db().updateTable('tokens').set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where('userId', '=', user.id).where('kind', '=', 'verify').execute();
    expect(await verify(code)).toBe('/login?verified=false');
    // A fresh code works once, then never again.
    await c.post('/api/auth/resend-verification', { email: 'codes@example.com' });
    await waitForMail(ctx.dataDir, () => readOutbox(ctx.dataDir).filter((m) => m.to.includes('codes@example.com') && m.links.some((l) => l.includes('verify-email'))).length === 2);
    const fresh = lastCode(ctx.dataDir, 'codes@example.com', 'verify-email');
    expect(await verify(fresh)).toBe('/login?verified=true');
    // Used, it verifies nothing again; it only says the address it verified is verified.
    expect(await verify(fresh)).toBe('/login?verified=already');
    expect(await verify(tamper(fresh))).toBe('/login?verified=false');
    // The reset code is single-use as well, and a tampered copy never worked.
    expect((await c.post('/api/auth/reset-password', { code: tamper(reset), newPassword: 'Other#Wing42' })).statusCode).toBe(400);
    expect((await c.post('/api/auth/reset-password', { code: reset, newPassword: 'Other#Wing42' })).statusCode).toBe(200);
    expect((await c.post('/api/auth/reset-password', { code: reset, newPassword: 'Third#Wing43' })).statusCode).toBe(400);
    expect((await c.post('/api/auth/login', { email: 'codes@example.com', password: 'Other#Wing42' })).statusCode).toBe(200);
  });

  it('issues a new session id at every login and never honours one chosen by the visitor', async () => {
    const c = new Client(ctx.app);
    await c.post('/api/auth/register', { email: 'fixate@example.com', username: 'fixate', password: PASSWORD });
    // Session fixation: a sid planted before login is not adopted.
    c.cookies.sid = 'attacker-chosen-session-id';
    const login = await c.post('/api/auth/login', { email: 'fixate@example.com', password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(c.cookies.sid).not.toBe('attacker-chosen-session-id');
    const planted = new Client(ctx.app);
    planted.cookies.sid = 'attacker-chosen-session-id';
    expect((await planted.get('/api/auth/check')).statusCode).toBe(401);
    const ids = new Set<string>([c.cookies.sid!]);
    for (let i = 0; i < 3; i++) {
      const before = c.cookies.sid!;
      await c.post('/api/auth/login', { email: 'fixate@example.com', password: PASSWORD });
      ids.add(c.cookies.sid!);
      const old = new Client(ctx.app);
      old.cookies.sid = before;
      expect((await old.get('/api/auth/check')).statusCode).toBe(401);
    }
    expect(ids.size).toBe(4);
    expect([...ids].every((id) => id.length >= 43)).toBe(true);
  });
});

describe('Google sign-in state hardening', () => {
  let issuer: TestIssuer;
  let ctx: TestContext;
  beforeAll(async () => {
    issuer = await startTestIssuer();
    ctx = await startTestApp('sqlite', { GOOGLE_CLIENT_ID: 'logbook-client', GOOGLE_CLIENT_SECRET: 'logbook-secret', OIDC_ISSUER_URL: issuer.url });
  });
  afterAll(async () => {
    await ctx.close();
    await issuer.stop();
  });

  async function toCallback(client: Client) {
    const start = await client.get('/api/auth/google-login');
    const atIssuer = await fetch(start.headers.location as string, { redirect: 'manual' });
    const callback = new URL(atIssuer.headers.get('location')!);
    return callback.pathname + callback.search;
  }

  it('refuses a callback after the sign-in state expired, even with the cookie still held', async () => {
    issuer.setClaims({ sub: 'google-late', email: 'late@example.com', email_verified: true });
    const client = new Client(ctx.app);
    const callback = await toCallback(client);
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now + 11 * 60 * 1000);
    let late;
    try {
      late = await client.get(callback);
    } finally {
      clock.mockRestore();
    }
    expect(late.headers.location).toBe(`/login?error=${encodeURIComponent('Google sign-in expired. Please try again.')}`);
    expect((await client.get('/api/auth/check')).statusCode).toBe(401);
    expect(await ctx.services.database.db.selectFrom('users').select('id').where('email', '=', 'late@example.com').execute()).toHaveLength(0);
  });

  it('refuses a sign-in cookie whose content was changed, and rotates the session at a Google login', async () => {
    issuer.setClaims({ sub: 'google-rot', email: 'rot-g@example.com', email_verified: true });
    const client = new Client(ctx.app);
    const callback = await toCallback(client);
    const [value, signature] = [client.cookies['flightlog-oidc']!.slice(0, client.cookies['flightlog-oidc']!.lastIndexOf('.')), client.cookies['flightlog-oidc']!.split('.').pop()];
    const forged = new Client(ctx.app);
    forged.cookies['flightlog-oidc'] = `${value.replace(/"issuedAt":\d+/, `"issuedAt":${Date.now() + 3_600_000}`)}.${signature}`;
    expect((await forged.get(callback)).headers.location).toMatch(/^\/login\?error=/);

    // A genuine sign-in on a browser that already had a session replaces that session.
    const first = new Client(ctx.app);
    expect((await first.get(await toCallback(first))).headers.location).toBe('/dashboard');
    const oldSid = first.cookies.sid!;
    expect((await first.get(await toCallback(first))).headers.location).toBe('/dashboard');
    expect(first.cookies.sid).not.toBe(oldSid);
    const stale = new Client(ctx.app);
    stale.cookies.sid = oldSid;
    expect((await stale.get('/api/auth/check')).statusCode).toBe(401);
    expect((await first.get('/api/auth/check')).json().user.email).toBe('rot-g@example.com');
  });
});
