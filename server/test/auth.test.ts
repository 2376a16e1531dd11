import { Client, describeEachDatabase, startTestApp, type TestContext } from './helpers/app';
import { lastCode, readOutbox, waitForMail } from './helpers/outbox';
import { nowIso } from '../src/db';

const PASSWORD = 'Glider#2024';

async function register(client: Client, email: string, username: string, password = PASSWORD) {
  return client.post('/api/auth/register', { email, username, password });
}

describeEachDatabase('accounts', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind, { ADMIN_EMAILS: 'boss@example.com', AUTH_RATE_LIMIT_PER_IP: '1000' });
  });
  afterAll(() => ctx.close());

  const db = () => ctx.services.database.db;

  /** One row in every table that holds a pilot's data. */
  async function insertPilotData(userId: number) {
    const task = await db().insertInto('uploadTasks').values({ userId, uploadDate: nowIso(), filename: 'a.igc', fileSize: 1, status: 'Completed', errorMessage: null, estimatedFlightCount: 1, processedFlightCount: 1, duplicateFlightCount: 0 }).returning('id').executeTakeFirstOrThrow();
    const file = await db().insertInto('igcFiles').values({ uploadTaskId: task.id, userId, originalFilename: 'a.igc', fileSize: 1, sha256: null, status: 'Completed', reason: null, content: Buffer.from('AXXX'), attempts: 1, createdAt: nowIso() }).returning('id').executeTakeFirstOrThrow();
    const site = await db().insertInto('sites').values({ userId, name: 'Fiesch', latitude: 46.4, longitude: 8.1 }).returning('id').executeTakeFirstOrThrow();
    const flight = await db().insertInto('flights').values({ userId, igcFileId: file.id, segmentIndex: 0, status: 'Completed', siteId: site.id, createdAt: nowIso() }).returning('id').executeTakeFirstOrThrow();
    await db().insertInto('flightTracks').values({ flightId: flight.id, path: Buffer.from('p'), pathLowRes: Buffer.from('l'), features: Buffer.from('f') }).execute();
    await db().insertInto('userAchievements').values({ userId, achievementId: 'first-flight', level: 1, achievedAt: nowIso() }).execute();
    await db().insertInto('notifications').values({ userId, achievementId: 'first-flight', level: 1, achievedAt: nowIso(), dismissedAt: null }).execute();
  }

  async function pilotDataCounts(userId: number) {
    const tables = ['uploadTasks', 'igcFiles', 'flights', 'sites', 'userAchievements', 'notifications', 'sessions', 'tokens'] as const;
    const counts: Record<string, number> = {};
    for (const table of tables) {
      const row = await db().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('userId', '=', userId).executeTakeFirstOrThrow();
      counts[table] = Number(row.n);
    }
    return counts;
  }

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
    // Signed in: on to the logbook.
    expect(verify.headers.location).toBe('/dashboard?verified=true');
    expect((await c.get('/api/auth/check')).json().user.emailVerified).toBe(true);
    // A second click says the address is verified, signed in or not.
    expect((await c.get(`/api/auth/verify-email?code=${code}`)).headers.location).toBe('/dashboard?verified=already');
    expect((await new Client(ctx.app).get(`/api/auth/verify-email?code=${code}`)).headers.location).toBe('/login?verified=already');
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
    const cookie = first.cookies.find((k) => k.name === 'sid')!;
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
    const unknown = await c.post('/api/auth/forgot-password', { email: 'nobody@example.com' });
    const known = await c.post('/api/auth/forgot-password', { email: ' Forgot@Example.com' });
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json().message).toBe('If an account exists for this email, we have sent a link to reset the password.');
    await waitForMail(ctx.dataDir, (m) => m.to.includes('forgot@example.com') && m.subject === 'Reset your password');
    expect(readOutbox(ctx.dataDir).some((m) => m.to.includes('nobody@example.com'))).toBe(false);
    const code = lastCode(ctx.dataDir, 'forgot@example.com', '/reset-password');
    expect(readOutbox(ctx.dataDir).flatMap((m) => m.links)).toContain(`http://localhost:3000/reset-password?code=${code}`);

    const noCode = await c.post('/api/auth/reset-password', { newPassword: 'NewWing#77' });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().message).toBe('Invalid or expired reset link.');
    const weak = await c.post('/api/auth/reset-password', { code, newPassword: 'abcdefg' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('Password is too weak. Please choose a stronger password.');
    const ok = await c.post('/api/auth/reset-password', { code, newPassword: 'NewWing#77' });
    expect(ok.statusCode).toBe(200);
    expect((await other.get('/api/auth/check')).statusCode).toBe(401);
    const reuse = await c.post('/api/auth/reset-password', { code, newPassword: 'Another#88' });
    expect(reuse.json().message).toBe('Invalid or expired reset link.');
    expect((await c.post('/api/auth/login', { email: 'forgot@example.com', password: 'NewWing#77' })).statusCode).toBe(200);

    const mailsBefore = readOutbox(ctx.dataDir).length;
    await c.post('/api/auth/forgot-password', { email: 'forgot@example.com' });
    await waitForMail(ctx.dataDir, () => readOutbox(ctx.dataDir).length > mailsBefore);
    const late = lastCode(ctx.dataDir, 'forgot@example.com', '/reset-password');
    await db().updateTable('tokens').set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where('kind', '=', 'reset').where('usedAt', 'is', null).execute();
    const expired = await c.post('/api/auth/reset-password', { code: late, newPassword: 'Expired#99x' });
    expect(expired.json().message).toBe('Invalid or expired reset link.');
    const tampered = await c.post('/api/auth/reset-password', { code: late.slice(0, -2) + 'xx', newPassword: 'Expired#99x' });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().message).toBe('Invalid or expired reset link.');
    expect((await c.post('/api/auth/login', { email: 'forgot@example.com', password: 'Expired#99x' })).statusCode).toBe(401);
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
    expect(profile).toMatchObject({ username: 'prof2', email: 'new@example.com', displayName: 'Prof Pilot', emailVerified: null, profilePictureUrl: null });
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
    const other = new Client(ctx.app);
    await other.post('/api/auth/login', { email: 'del@example.com', password: PASSWORD });
    const user = await db().selectFrom('users').select('id').where('email', '=', 'del@example.com').executeTakeFirstOrThrow();
    await insertPilotData(user.id);
    const bystander = await db().selectFrom('users').select('id').where('email', '=', 'anna@example.com').executeTakeFirstOrThrow();
    await insertPilotData(bystander.id);
    const missing = await c.delete('/api/auth/profile', {});
    expect(missing.statusCode).toBe(400);
    const wrong = await c.delete('/api/auth/profile', { password: 'wrong-pass' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Password is incorrect.');
    const ok = await c.delete('/api/auth/profile', { password: PASSWORD });
    expect(ok.json().message).toBe('Account deleted successfully');
    expect(await db().selectFrom('users').where('id', '=', user.id).selectAll().executeTakeFirst()).toBeUndefined();
    expect(await pilotDataCounts(user.id)).toEqual({ uploadTasks: 0, igcFiles: 0, flights: 0, sites: 0, userAchievements: 0, notifications: 0, sessions: 0, tokens: 0 });
    expect(await db().selectFrom('flightTracks').selectAll().execute()).toHaveLength(1);
    expect(await pilotDataCounts(bystander.id)).toMatchObject({ uploadTasks: 1, igcFiles: 1, flights: 1, sites: 1, userAchievements: 1, notifications: 1 });
    expect((await c.get('/api/auth/check')).statusCode).toBe(401);
    expect((await other.get('/api/auth/check')).statusCode).toBe(401);
    expect((await c.post('/api/auth/login', { email: 'del@example.com', password: PASSWORD })).statusCode).toBe(401);
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

  it('answers check with exactly the user fields the app reads, and 401 when signed out', async () => {
    const c = new Client(ctx.app);
    const signedOut = await c.get('/api/auth/check');
    expect(signedOut.statusCode).toBe(401);
    expect(typeof signedOut.json().message).toBe('string');
    await register(c, 'shape@example.com', 'shape');
    const login = await c.post('/api/auth/login', { email: 'shape@example.com', password: PASSWORD });
    const check = (await c.get('/api/auth/check')).json();
    expect(Object.keys(check)).toEqual(['user']);
    expect(Object.keys(check.user).sort()).toEqual(['authProvider', 'displayName', 'email', 'emailVerified', 'id', 'preferredLanguage', 'role', 'takeoffTimeZone', 'units', 'username']);
    expect(login.json()).toEqual(check);
    const profile = (await c.get('/api/auth/profile')).json().user;
    expect(profile).toEqual({ ...check.user, takeoffTimeZone: undefined, profilePictureUrl: null, emailVerified: null });
    await c.get(`/api/auth/verify-email?code=${lastCode(ctx.dataDir, 'shape@example.com', 'verify-email')}`);
    expect((await c.get('/api/auth/check')).json().user.emailVerified).toBe(true);
    const verified = (await c.get('/api/auth/profile')).json().user;
    expect(Object.keys(verified).sort()).toEqual(['authProvider', 'displayName', 'email', 'emailVerified', 'id', 'preferredLanguage', 'profilePictureUrl', 'role', 'units', 'username']);
    expect(verified.emailVerified).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    expect(Date.now() - Date.parse(verified.emailVerified)).toBeLessThan(60_000);
  });

  it('refuses state-changing calls without the anti-forgery header, changing nothing', async () => {
    const c = new Client(ctx.app);
    await register(c, 'xsrf@example.com', 'xsrf');
    const xsrfCookie = (await ctx.app.inject({ method: 'GET', url: '/api/health' })).cookies.find((k) => k.name === 'XSRF-TOKEN');
    expect(xsrfCookie?.httpOnly).toBeFalsy();
    const forged = await c.request('POST', '/api/auth/login', { email: 'xsrf@example.com', password: PASSWORD }, { 'x-xsrf-token': 'forged' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toMatch(/anti-forgery/);
    expect(c.cookies.sid).toBeUndefined();
    await c.post('/api/auth/login', { email: 'xsrf@example.com', password: PASSWORD });
    const noHeader = await ctx.app.inject({ method: 'POST', url: '/api/auth/change-password', cookies: c.cookies, payload: { currentPassword: PASSWORD, newPassword: 'hijacked' } });
    expect(noHeader.statusCode).toBe(403);
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: c.cookies, payload: {} });
    expect(logout.statusCode).toBe(403);
    expect((await c.get('/api/auth/check')).statusCode).toBe(200);
    expect((await c.post('/api/auth/login', { email: 'xsrf@example.com', password: PASSWORD })).statusCode).toBe(200);
  });

  it('ends expired sessions and slides the expiry of used ones', async () => {
    const c = new Client(ctx.app);
    await register(c, 'slide@example.com', 'slide');
    const login = await c.post('/api/auth/login', { email: 'slide@example.com', password: PASSWORD });
    expect(login.cookies.find((k) => k.name === 'sid')!.maxAge).toBe(30 * 24 * 3600);
    const user = await db().selectFrom('users').select('id').where('email', '=', 'slide@example.com').executeTakeFirstOrThrow();
    const inTenDays = new Date(Date.now() + 10 * 86400_000).toISOString();
    await db().updateTable('sessions').set({ expiresAt: inTenDays }).where('userId', '=', user.id).execute();
    expect((await c.get('/api/auth/check')).statusCode).toBe(200);
    const slid = await db().selectFrom('sessions').select('expiresAt').where('userId', '=', user.id).executeTakeFirstOrThrow();
    expect(Date.parse(slid.expiresAt)).toBeGreaterThan(Date.now() + 29 * 86400_000);
    await db().updateTable('sessions').set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where('userId', '=', user.id).execute();
    expect((await c.get('/api/auth/check')).statusCode).toBe(401);
    expect(await db().selectFrom('sessions').selectAll().where('userId', '=', user.id).execute()).toHaveLength(0);
  });

  it('refuses incomplete login and register bodies with readable messages', async () => {
    const c = new Client(ctx.app);
    const noPassword = await c.post('/api/auth/login', { email: 'a@example.com' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().message).toMatch(/Password is required/);
    const blankEmail = await c.post('/api/auth/login', { email: '   ', password: 'x' });
    expect(blankEmail.json().message).toMatch(/Email is required/);
    const noUsername = await c.post('/api/auth/register', { email: 'nouser@example.com', password: PASSWORD });
    expect(noUsername.statusCode).toBe(400);
    expect(noUsername.json().message).toMatch(/Username is required/);
    const longEmail = await register(c, `${'a'.repeat(95)}@example.com`, 'longmail');
    expect(longEmail.json().message).toMatch(/at most 100/);
    expect(await db().selectFrom('users').selectAll().where('username', 'in', ['nouser', 'longmail']).execute()).toHaveLength(0);
  });

  it('resends verification without telling a signed-out visitor whether the account exists', async () => {
    const c = new Client(ctx.app);
    await register(c, 'quiet@example.com', 'quiet');
    const known = await c.post('/api/auth/resend-verification', { email: 'quiet@example.com' });
    const unknown = await c.post('/api/auth/resend-verification', { email: 'nobody-here@example.com' });
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    await waitForMail(ctx.dataDir, () => readOutbox(ctx.dataDir).filter((m) => m.to.includes('quiet@example.com')).length === 2);
    const missing = await c.post('/api/auth/resend-verification', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Email is required.');
    // The first link stopped working when the second was issued.
    const links = readOutbox(ctx.dataDir).filter((m) => m.to.includes('quiet@example.com')).flatMap((m) => m.links.filter((l) => l.includes('verify-email')));
    const first = new URL(links[0]!);
    expect((await c.get(first.pathname + first.search)).headers.location).toBe('/login?verified=false');
    const last = new URL(links.at(-1)!);
    expect((await c.get(last.pathname + last.search)).headers.location).toBe('/login?verified=true');
    await c.post('/api/auth/login', { email: 'quiet@example.com', password: PASSWORD });
    const already = await c.post('/api/auth/resend-verification', {});
    expect(already.json().message).toBe('Your email address is already verified.');
  });

  it('redirects an unknown or missing verification code to a readable failure', async () => {
    const c = new Client(ctx.app);
    expect((await c.get('/api/auth/verify-email?code=not-a-code')).headers.location).toBe('/login?verified=false');
    expect((await c.get('/api/auth/verify-email')).headers.location).toBe('/login?verified=false');
  });

  it('welcomes a pilot once, after the first verification only', async () => {
    const c = new Client(ctx.app);
    await register(c, 'welcome@example.com', 'welcome');
    await c.post('/api/auth/login', { email: 'welcome@example.com', password: PASSWORD });
    await c.get(`/api/auth/verify-email?code=${lastCode(ctx.dataDir, 'welcome@example.com', 'verify-email')}`);
    const welcome = readOutbox(ctx.dataDir).filter((m) => m.to.includes('welcome@example.com') && m.subject === 'Welcome to Flight Logbook');
    expect(welcome).toHaveLength(1);
    expect(welcome[0]!.links).toContain('http://localhost:3000/dashboard');
    await c.put('/api/auth/profile', { username: 'welcome', email: 'welcome2@example.com', displayName: null });
    await c.get(`/api/auth/verify-email?code=${lastCode(ctx.dataDir, 'welcome2@example.com', 'verify-email')}`);
    expect((await c.get('/api/auth/check')).json().user).toMatchObject({ email: 'welcome2@example.com', emailVerified: true });
    expect(readOutbox(ctx.dataDir).filter((m) => m.subject === 'Welcome to Flight Logbook' && /welcome2?@/.test(m.to))).toHaveLength(1);
  });

  it('keeps verification when the email is unchanged and refuses a taken username', async () => {
    const c = new Client(ctx.app);
    await register(c, 'keep@example.com', 'keep');
    await c.post('/api/auth/login', { email: 'keep@example.com', password: PASSWORD });
    await c.get(`/api/auth/verify-email?code=${lastCode(ctx.dataDir, 'keep@example.com', 'verify-email')}`);
    const res = await c.put('/api/auth/profile', { username: 'keeper', email: ' KEEP@example.com ', displayName: '  Keeper  ' });
    expect(res.json()).toMatchObject({ message: 'Profile updated successfully', user: { username: 'keeper', displayName: 'Keeper', emailVerified: expect.any(String) } });
    const taken = await c.put('/api/auth/profile', { username: 'ANNA', email: 'keep@example.com', displayName: null });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Username is already taken.');
    const empty = await c.put('/api/auth/profile', { username: ' ', email: 'keep@example.com' });
    expect(empty.statusCode).toBe(400);
    expect((await c.get('/api/auth/profile')).json().user).toMatchObject({ username: 'keeper', displayName: 'Keeper' });
  });

  it('needs a new password of at least 6 characters and the current one to change it', async () => {
    const c = new Client(ctx.app);
    await register(c, 'pwlen@example.com', 'pwlen');
    await c.post('/api/auth/login', { email: 'pwlen@example.com', password: PASSWORD });
    const short = await c.post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/at least 6/);
    const missing = await c.post('/api/auth/change-password', { newPassword: 'long-enough' });
    expect(missing.statusCode).toBe(400);
    expect((await new Client(ctx.app).post('/api/auth/login', { email: 'pwlen@example.com', password: PASSWORD })).statusCode).toBe(200);
  });

  it('writes reset mail in the pilot\'s stored language', async () => {
    const c = new Client(ctx.app);
    await register(c, 'lingua@example.com', 'lingua');
    await c.post('/api/auth/login', { email: 'lingua@example.com', password: PASSWORD });
    await c.post('/api/auth/set-language', { language: 'it' });
    await new Client(ctx.app).post('/api/auth/forgot-password', { email: 'lingua@example.com' });
    const mail = await waitForMail(ctx.dataDir, (m) => m.to.includes('lingua@example.com') && m.links.some((l) => l.includes('/reset-password')));
    expect(mail.subject).toBe('Reimposta la password');
  });

  it('keeps a signed-out visitor\'s language in a cookie only', async () => {
    const c = new Client(ctx.app);
    const res = await c.post('/api/auth/set-language', { language: 'cs' });
    expect(res.json()).toEqual({ message: 'Language saved.', language: 'cs' });
    const cookie = res.cookies.find((k) => k.name === 'flightlog-language')!;
    expect(cookie).toMatchObject({ value: 'cs', path: '/', sameSite: 'Lax', maxAge: 365 * 24 * 3600 });
  });

  it('promotes an address listed in ADMIN_EMAILS at its next login', async () => {
    const c = new Client(ctx.app);
    await register(c, 'boss@example.com', 'boss2').then((res) => expect(res.statusCode).toBe(409));
    await db().updateTable('users').set({ role: 'User' }).where('email', '=', 'boss@example.com').execute();
    const login = await c.post('/api/auth/login', { email: 'boss@example.com', password: PASSWORD });
    expect(login.json().user.role).toBe('Admin');
    const row = await db().selectFrom('users').select('role').where('email', '=', 'boss@example.com').executeTakeFirstOrThrow();
    expect(row.role).toBe('Admin');
  });
});

describe('accounts: configuration-dependent behaviour', () => {
  it('marks cookies Secure when PUBLIC_URL is https and sends HSTS', async () => {
    const ctx = await startTestApp('sqlite', { PUBLIC_URL: 'https://logbook.example' });
    try {
      const c = new Client(ctx.app);
      await register(c, 'sec@example.com', 'sec');
      const res = await c.post('/api/auth/login', { email: 'sec@example.com', password: PASSWORD });
      expect(res.cookies.find((k) => k.name === 'sid')!.secure).toBe(true);
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

  it('rate limits registrations per IP and resends per signed-in pilot', async () => {
    const ctx = await startTestApp('sqlite', { AUTH_RATE_LIMIT_PER_IP: '3', AUTH_RATE_LIMIT_PER_EMAIL: '3', TRUST_PROXY: 'true' });
    try {
      const c = new Client(ctx.app);
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await register(c, `rl${i}@example.com`, `rl${i}`)).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      expect(await ctx.services.database.db.selectFrom('users').selectAll().where('email', '=', 'rl3@example.com').execute()).toHaveLength(0);
      // Other client addresses are not affected; each address has used 2 of its 3 attempts (register, login).
      const remote = { 'x-forwarded-for': '203.0.113.7' };
      const a = new Client(ctx.app);
      await a.request('POST', '/api/auth/login', { email: 'rl0@example.com', password: PASSWORD }, remote);
      const b = new Client(ctx.app);
      await b.request('POST', '/api/auth/login', { email: 'rl1@example.com', password: PASSWORD }, { 'x-forwarded-for': '203.0.113.8' });
      const resendA = [];
      for (let i = 0; i < 2; i++) resendA.push((await a.request('POST', '/api/auth/resend-verification', {}, remote)).statusCode);
      expect(resendA).toEqual([200, 429]);
      expect((await b.request('POST', '/api/auth/resend-verification', {}, { 'x-forwarded-for': '203.0.113.8' })).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });

  it('believes X-Forwarded-For only with TRUST_PROXY, so a client cannot pick a fresh address per try', async () => {
    const ctx = await startTestApp('sqlite', { AUTH_RATE_LIMIT_PER_IP: '2', AUTH_RATE_LIMIT_PER_EMAIL: '100' });
    try {
      const codes = [];
      for (let i = 0; i < 3; i++) {
        const res = await new Client(ctx.app).request('POST', '/api/auth/login', { email: `nobody${i}@example.com`, password: 'x' }, { 'x-forwarded-for': `198.51.100.${i}` });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 429]);
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
      const pilot = (await c.get('/api/auth/check')).json().user;
      expect(pilot).toMatchObject({ username: 'developer', emailVerified: true, authProvider: 'local' });
      const again = await new Client(dev.app).post('/api/auth/dev-login');
      expect(again.json().user.id).toBe(pilot.id);
      expect((await new Client(dev.app).get('/api/config')).json().devLogin).toBe(true);
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
