import { Client, describeEachDatabase, startTestApp, type TestContext } from './helpers/app';
import { lastCode, readOutbox } from './helpers/outbox';
import { nowIso } from '../src/db';

const PASSWORD = 'Glider#2024';

async function register(client: Client, email: string, username: string, password = PASSWORD) {
  return client.post('/api/auth/register', { email, username, password });
}

describeEachDatabase('accounts', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind, { ADMIN_EMAILS: 'boss@example.com' });
  });
  afterAll(() => ctx.close());

  const db = () => ctx.services.database.db;

  it('registers without signing in, normalises the email and mails a verification link', async () => {
    const c = new Client(ctx.app);
    const res = await register(c, '  Anna@Example.COM ', ' anna ');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Registration successful! Please check your email for verification instructions.');
    expect((await c.get('/api/auth/check')).statusCode).toBe(401);
    const row = await db().selectFrom('users').selectAll().where('email', '=', 'anna@example.com').executeTakeFirstOrThrow();
    expect(row.username).toBe('anna');
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    const mail = readOutbox(ctx.dataDir).filter((m) => m.to.includes('anna@example.com'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Confirm your email address');
    expect(mail[0]!.links.some((l) => l.includes('/api/auth/verify-email?code='))).toBe(true);
  });

  it('refuses duplicates and bad fields with readable messages, changing nothing', async () => {
    const c = new Client(ctx.app);
    await register(c, 'dup@example.com', 'dupuser');
    const before = await db().selectFrom('users').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow();
    const again = await register(c, ' DUP@example.com', 'other');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Email is already registered.');
    const sameName = await register(c, 'other@example.com', 'DupUser');
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toBe('Username is already taken.');
    const badEmail = await register(c, 'not-an-email', 'x1');
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toMatch(/valid email/);
    const short = await register(c, 'short@example.com', 'x2', '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/at least 6/);
    const long = await register(c, 'long@example.com', 'x'.repeat(51));
    expect(long.json().message).toMatch(/at most 50/);
    const after = await db().selectFrom('users').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('lets an unverified pilot log in, then verifies through the mailed link once', async () => {
    const c = new Client(ctx.app);
    await register(c, 'ver@example.com', 'ver');
    const login = await c.post('/api/auth/login', { email: ' VER@example.com ', password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect((await c.get('/api/auth/check')).json().user).toMatchObject({ email: 'ver@example.com', emailVerified: false, role: 'User', authProvider: 'local' });
    const code = lastCode(ctx.dataDir, 'ver@example.com', 'verify-email');
    const verify = await c.get(`/api/auth/verify-email?code=${code}`);
    expect(verify.statusCode).toBe(302);
    expect(verify.headers.location).toBe('/login?verified=true');
    expect((await c.get('/api/auth/check')).json().user.emailVerified).toBe(true);
    const reuse = await c.get(`/api/auth/verify-email?code=${code}`);
    expect(reuse.headers.location).toBe('/login?verified=false');
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const c = new Client(ctx.app);
    await register(c, 'same@example.com', 'same');
    const wrong = await c.post('/api/auth/login', { email: 'same@example.com', password: 'nope-nope' });
    const unknown = await c.post('/api/auth/login', { email: 'ghost@example.com', password: 'nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json().message).toBe('Invalid email or password.');
  });

  it('sets an httpOnly SameSite=Lax session cookie, rotates it at login and ends it at logout', async () => {
    const c = new Client(ctx.app);
    await register(c, 'rot@example.com', 'rot');
    const first = await c.post('/api/auth/login', { email: 'rot@example.com', password: PASSWORD });
    const cookie = (first.cookies as any[]).find((k) => k.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    const oldSid = c.cookies.sid!;
    await c.post('/api/auth/login', { email: 'rot@example.com', password: PASSWORD });
    expect(c.cookies.sid).not.toBe(oldSid);
    const stale = new Client(ctx.app);
    stale.cookies.sid = oldSid;
    expect((await stale.get('/api/auth/check')).statusCode).toBe(401);
    expect((await c.post('/api/auth/logout')).statusCode).toBe(200);
    expect((await c.get('/api/auth/check')).statusCode).toBe(401);
  });

  it('resets a forgotten password with a single-use, expiring link and ends other sessions', async () => {
    const c = new Client(ctx.app);
    await register(c, 'forgot@example.com', 'forgot');
    const other = new Client(ctx.app);
    await other.post('/api/auth/login', { email: 'forgot@example.com', password: PASSWORD });
    const known = await c.post('/api/auth/forgot-password', { email: 'forgot@example.com' });
    const unknown = await c.post('/api/auth/forgot-password', { email: 'nobody@example.com' });
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(readOutbox(ctx.dataDir).some((m) => m.to.includes('nobody@example.com'))).toBe(false);
    const code = lastCode(ctx.dataDir, 'forgot@example.com', '/reset-password');

    const weak = await c.post('/api/auth/reset-password', { code, newPassword: 'abcdefg' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('Password is too weak. Please choose a stronger password.');
    const ok = await c.post('/api/auth/reset-password', { code, newPassword: 'NewWing#77' });
    expect(ok.statusCode).toBe(200);
    expect((await other.get('/api/auth/check')).statusCode).toBe(401);
    const reuse = await c.post('/api/auth/reset-password', { code, newPassword: 'Another#88' });
    expect(reuse.json().message).toBe('Invalid or expired reset link.');
    expect((await c.post('/api/auth/login', { email: 'forgot@example.com', password: 'NewWing#77' })).statusCode).toBe(200);

    await c.post('/api/auth/forgot-password', { email: 'forgot@example.com' });
    const late = lastCode(ctx.dataDir, 'forgot@example.com', '/reset-password');
    await db().updateTable('tokens').set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where('kind', '=', 'reset').where('usedAt', 'is', null).execute();
    const expired = await c.post('/api/auth/reset-password', { code: late, newPassword: 'Expired#99x' });
    expect(expired.json().message).toBe('Invalid or expired reset link.');
    const tampered = await c.post('/api/auth/reset-password', { code: late.slice(0, -2) + 'xx', newPassword: 'Expired#99x' });
    expect(tampered.statusCode).toBe(400);
  });

  it('changes the password only with the current one and signs out other sessions', async () => {
    const c = new Client(ctx.app);
    await register(c, 'chg@example.com', 'chg');
    await c.post('/api/auth/login', { email: 'chg@example.com', password: PASSWORD });
    const other = new Client(ctx.app);
    await other.post('/api/auth/login', { email: 'chg@example.com', password: PASSWORD });
    const wrong = await c.post('/api/auth/change-password', { currentPassword: 'wrong-one', newPassword: 'fresh-pass' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is incorrect.');
    expect((await other.get('/api/auth/check')).statusCode).toBe(200);
    const ok = await c.post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'fresh-pass' });
    expect(ok.json().message).toBe('Password changed successfully');
    expect((await c.get('/api/auth/check')).statusCode).toBe(200);
    expect((await other.get('/api/auth/check')).statusCode).toBe(401);
  });

  it('updates the profile within the limits; a new email must be confirmed again', async () => {
    const c = new Client(ctx.app);
    await register(c, 'prof@example.com', 'prof');
    await c.post('/api/auth/login', { email: 'prof@example.com', password: PASSWORD });
    await c.get(`/api/auth/verify-email?code=${lastCode(ctx.dataDir, 'prof@example.com', 'verify-email')}`);
    const tooLong = await c.put('/api/auth/profile', { username: 'prof', email: 'prof@example.com', displayName: 'x'.repeat(101) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/at most 100/);
    const res = await c.put('/api/auth/profile', { username: 'prof2', email: 'New@Example.com', displayName: 'Prof Pilot' });
    expect(res.statusCode).toBe(200);
    const profile = (await c.get('/api/auth/profile')).json().user;
    expect(profile).toMatchObject({ username: 'prof2', email: 'new@example.com', displayName: 'Prof Pilot', emailVerified: false, profilePictureUrl: null });
    expect(readOutbox(ctx.dataDir).some((m) => m.to.includes('new@example.com') && m.subject === 'Confirm your new email address')).toBe(true);
    const clash = await c.put('/api/auth/profile', { username: 'prof2', email: 'anna@example.com', displayName: null });
    expect(clash.statusCode).toBe(409);
  });

  it('stores a supported language and refuses others', async () => {
    const c = new Client(ctx.app);
    await register(c, 'lang@example.com', 'lang');
    await c.post('/api/auth/login', { email: 'lang@example.com', password: PASSWORD });
    expect((await c.post('/api/auth/set-language', { language: 'sl' })).statusCode).toBe(200);
    expect((await c.get('/api/auth/check')).json().user.preferredLanguage).toBe('sl');
    expect(c.cookies['flightlog-language']).toBe('sl');
    const bad = await c.post('/api/auth/set-language', { language: 'xx' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/en, fr, de, it, es, cs, sl/);
  });

  it('deletes an account and all its data only with the right password', async () => {
    const c = new Client(ctx.app);
    await register(c, 'del@example.com', 'del');
    await c.post('/api/auth/login', { email: 'del@example.com', password: PASSWORD });
    const user = await db().selectFrom('users').select('id').where('email', '=', 'del@example.com').executeTakeFirstOrThrow();
    await db().insertInto('uploadTasks').values({ userId: user.id, uploadDate: nowIso(), filename: 'a.igc', fileSize: 1, status: 'Completed', errorMessage: null, estimatedFlightCount: 0, processedFlightCount: 0, duplicateFlightCount: 0 }).execute();
    const missing = await c.delete('/api/auth/profile', {});
    expect(missing.statusCode).toBe(400);
    const wrong = await c.delete('/api/auth/profile', { password: 'wrong-pass' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Password is incorrect.');
    const ok = await c.delete('/api/auth/profile', { password: PASSWORD });
    expect(ok.json().message).toBe('Account deleted successfully');
    expect(await db().selectFrom('users').where('id', '=', user.id).selectAll().executeTakeFirst()).toBeUndefined();
    expect(await db().selectFrom('uploadTasks').where('userId', '=', user.id).selectAll().execute()).toHaveLength(0);
    expect(await db().selectFrom('sessions').where('userId', '=', user.id).selectAll().execute()).toHaveLength(0);
    expect((await c.get('/api/auth/check')).statusCode).toBe(401);
  });

  it('gives the Admin role to ADMIN_EMAILS', async () => {
    const c = new Client(ctx.app);
    await register(c, 'boss@example.com', 'boss');
    await c.post('/api/auth/login', { email: 'boss@example.com', password: PASSWORD });
    expect((await c.get('/api/auth/check')).json().user.role).toBe('Admin');
  });

  it('hides dev-login unless enabled', async () => {
    const res = await new Client(ctx.app).post('/api/auth/dev-login');
    expect(res.statusCode).toBe(404);
  });

  it('resends verification mail to a signed-in, unverified pilot', async () => {
    const c = new Client(ctx.app);
    await register(c, 'resend@example.com', 'resend');
    await c.post('/api/auth/login', { email: 'resend@example.com', password: PASSWORD });
    const res = await c.post('/api/auth/resend-verification', {});
    expect(res.json().message).toBe('Verification email sent. Please check your inbox.');
    expect(readOutbox(ctx.dataDir).filter((m) => m.to.includes('resend@example.com'))).toHaveLength(2);
  });
});

describe('accounts: configuration-dependent behaviour', () => {
  it('marks cookies Secure when PUBLIC_URL is https and sends HSTS', async () => {
    const ctx = await startTestApp('sqlite', { PUBLIC_URL: 'https://logbook.example' });
    try {
      const c = new Client(ctx.app);
      await register(c, 'sec@example.com', 'sec');
      const res = await c.post('/api/auth/login', { email: 'sec@example.com', password: PASSWORD });
      expect((res.cookies as any[]).find((k) => k.name === 'sid').secure).toBe(true);
      expect(res.headers['strict-transport-security']).toMatch(/max-age/);
    } finally {
      await ctx.close();
    }
  });

  it('rate limits repeated logins for one email with a readable 429', async () => {
    const ctx = await startTestApp('sqlite', { AUTH_RATE_LIMIT_PER_EMAIL: '3' });
    try {
      const c = new Client(ctx.app);
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await c.post('/api/auth/login', { email: 'target@example.com', password: 'guess' + i })).statusCode);
      expect(codes).toEqual([401, 401, 401, 429]);
      const last = await c.post('/api/auth/login', { email: 'target@example.com', password: 'guess' });
      expect(last.json().message).toMatch(/Too many attempts/);
      expect((await c.post('/api/auth/login', { email: 'other@example.com', password: 'guess' })).statusCode).toBe(401);
    } finally {
      await ctx.close();
    }
  });

  it('rate limits per IP across emails', async () => {
    const ctx = await startTestApp('sqlite', { AUTH_RATE_LIMIT_PER_IP: '2' });
    try {
      const c = new Client(ctx.app);
      await c.post('/api/auth/forgot-password', { email: 'a@example.com' });
      await c.post('/api/auth/forgot-password', { email: 'b@example.com' });
      expect((await c.post('/api/auth/forgot-password', { email: 'c@example.com' })).statusCode).toBe(429);
    } finally {
      await ctx.close();
    }
  });

  it('offers dev-login when DEV_LOGIN=1, but never in production', async () => {
    const dev = await startTestApp('sqlite', { DEV_LOGIN: '1' });
    const prod = await startTestApp('sqlite', { DEV_LOGIN: '1', NODE_ENV: 'production' });
    try {
      const c = new Client(dev.app);
      expect((await c.post('/api/auth/dev-login')).statusCode).toBe(200);
      expect((await c.get('/api/auth/check')).json().user.username).toBe('developer');
      expect((await new Client(prod.app).post('/api/auth/dev-login')).statusCode).toBe(404);
    } finally {
      await dev.close();
      await prod.close();
    }
  });

  it('writes mail in the language of the registering visitor', async () => {
    const ctx = await startTestApp('sqlite');
    try {
      const c = new Client(ctx.app);
      await c.request('POST', '/api/auth/register', { email: 'de@example.com', username: 'depilot', password: PASSWORD }, { 'accept-language': 'de-CH,de;q=0.9' });
      const [mail] = readOutbox(ctx.dataDir);
      expect(mail!.subject).toBe('Bestätige deine E-Mail-Adresse');
    } finally {
      await ctx.close();
    }
  });
});
