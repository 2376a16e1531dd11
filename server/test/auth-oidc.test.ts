import { Client, describeEachDatabase, startTestApp, type TestContext } from './helpers/app';
import { startTestIssuer, type TestIssuer } from './helpers/oidc';
import { readOutbox } from './helpers/outbox';

/** Google sign-in end to end against a real OpenID Connect issuer running in the test. */
describeEachDatabase('Google sign-in (OpenID Connect)', (kind) => {
  let issuer: TestIssuer;
  let ctx: TestContext;

  beforeAll(async () => {
    issuer = await startTestIssuer();
    ctx = await startTestApp(kind, {
      GOOGLE_CLIENT_ID: 'logbook-client',
      GOOGLE_CLIENT_SECRET: 'logbook-secret',
      OIDC_ISSUER_URL: issuer.url,
      PUBLIC_URL: 'http://localhost:3000',
    });
  });
  afterAll(async () => {
    await ctx.close();
    await issuer.stop();
  });

  /** Follows the redirect to the issuer and back, like the browser would. */
  async function signIn(client: Client, tamper?: (callbackUrl: URL) => void) {
    const start = await client.get('/api/auth/google-login');
    expect(start.statusCode).toBe(302);
    const authorize = new URL(start.headers.location as string);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    const atIssuer = await fetch(authorize, { redirect: 'manual' });
    const callback = new URL(atIssuer.headers.get('location')!);
    tamper?.(callback);
    return client.get(callback.pathname + callback.search);
  }

  it('creates a verified Google account with its picture and signs in', async () => {
    issuer.setClaims({ sub: 'google-123', email: 'Sky@Example.com', email_verified: true, name: 'Sky Pilot', picture: 'https://pics.example/sky.png' });
    const client = new Client(ctx.app);
    const done = await signIn(client);
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/dashboard');
    const profile = (await client.get('/api/auth/profile')).json().user;
    expect(profile).toMatchObject({ email: 'sky@example.com', authProvider: 'google', emailVerified: expect.any(String), displayName: 'Sky Pilot', profilePictureUrl: 'https://pics.example/sky.png' });
    const second = new Client(ctx.app);
    await signIn(second);
    expect((await second.get('/api/auth/check')).json().user.id).toBe(profile.id);
    const welcome = readOutbox(ctx.dataDir).filter((m) => m.to.includes('sky@example.com'));
    expect(welcome.map((m) => m.subject)).toEqual(['Welcome to Flight Logbook']);
  });

  it('keeps the PKCE state in a short-lived httpOnly cookie and refuses a replayed callback', async () => {
    issuer.setClaims({ sub: 'google-replay', email: 'replay@example.com', email_verified: true });
    const client = new Client(ctx.app);
    const start = await client.get('/api/auth/google-login');
    const cookie = start.cookies.find((k) => k.name === 'flightlog-oidc')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth', maxAge: 600 });
    const atIssuer = await fetch(start.headers.location as string, { redirect: 'manual' });
    const callback = new URL(atIssuer.headers.get('location')!);
    expect((await client.get(callback.pathname + callback.search)).headers.location).toBe('/dashboard');
    const replay = new Client(ctx.app);
    replay.cookies['flightlog-oidc'] = cookie.value;
    const again = await replay.get(callback.pathname + callback.search);
    expect(again.headers.location).toMatch(/^\/login\?error=/);
    expect((await replay.get('/api/auth/check')).statusCode).toBe(401);
  });

  it('refuses a forged sign-in cookie and an error sent back by the provider', async () => {
    const client = new Client(ctx.app);
    await client.get('/api/auth/google-login');
    client.cookies['flightlog-oidc'] = JSON.stringify({ state: 's', nonce: 'n', verifier: 'v' });
    const forged = await client.get('/api/auth/google-callback?code=abc&state=s');
    expect(decodeURIComponent(forged.headers.location as string)).toBe('/login?error=Google sign-in expired. Please try again.');
    const denied = new Client(ctx.app);
    const start = await denied.get('/api/auth/google-login');
    const state = new URL(start.headers.location as string).searchParams.get('state');
    const res = await denied.get(`/api/auth/google-callback?error=access_denied&state=${state}`);
    expect(decodeURIComponent(res.headers.location as string)).toBe('/login?error=Google sign-in failed. Please try again.');
    expect((await denied.get('/api/auth/check')).statusCode).toBe(401);
  });

  it('links an existing local account only when the provider vouches for the email', async () => {
    const local = new Client(ctx.app);
    await local.post('/api/auth/register', { email: 'both@example.com', username: 'both', password: 'Thermal#1' });
    const db = ctx.services.database.db;
    const before = await db.selectFrom('users').selectAll().where('email', '=', 'both@example.com').executeTakeFirstOrThrow();

    issuer.setClaims({ sub: 'google-unverified', email: 'both@example.com', email_verified: false });
    const intruder = new Client(ctx.app);
    const refused = await signIn(intruder);
    expect(decodeURIComponent(refused.headers.location as string)).toBe('/login?error=An account with this email already exists. Log in with your password.');
    expect((await intruder.get('/api/auth/check')).statusCode).toBe(401);
    expect(await db.selectFrom('users').selectAll().where('email', '=', 'both@example.com').executeTakeFirstOrThrow()).toEqual(before);

    issuer.setClaims({ sub: 'google-both', email: 'both@example.com', email_verified: true, picture: 'https://pics.example/both.png' });
    const owner = new Client(ctx.app);
    expect((await signIn(owner)).headers.location).toBe('/dashboard');
    const profile = (await owner.get('/api/auth/profile')).json().user;
    expect(profile).toMatchObject({ id: before.id, authProvider: 'local', emailVerified: expect.any(String), profilePictureUrl: 'https://pics.example/both.png' });
    expect((await new Client(ctx.app).post('/api/auth/login', { email: 'both@example.com', password: 'Thermal#1' })).statusCode).toBe(200);
  });

  it('gives a new Google account a free username when the natural one is taken', async () => {
    const local = new Client(ctx.app);
    await local.post('/api/auth/register', { email: 'glide@other.example', username: 'Glide', password: 'Thermal#1' });
    issuer.setClaims({ sub: 'google-glide', email: 'glide@example.com', email_verified: true });
    const client = new Client(ctx.app);
    await signIn(client);
    expect((await client.get('/api/auth/check')).json().user).toMatchObject({ username: 'glide2', authProvider: 'google' });
  });

  it('refuses a callback whose state was tampered with, creating no session', async () => {
    issuer.setClaims({ sub: 'google-456', email: 'bad@example.com', email_verified: true });
    const client = new Client(ctx.app);
    const done = await signIn(client, (url) => url.searchParams.set('state', 'forged-state'));
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toMatch(/^\/login\?error=/);
    expect((await client.get('/api/auth/check')).statusCode).toBe(401);
    const users = await ctx.services.database.db.selectFrom('users').selectAll().where('email', '=', 'bad@example.com').execute();
    expect(users).toHaveLength(0);
  });

  it('refuses a callback without the sign-in cookie', async () => {
    const done = await new Client(ctx.app).get('/api/auth/google-callback?code=abc&state=xyz');
    expect(done.headers.location).toMatch(/^\/login\?error=/);
  });

  it('cannot change the email of a Google account', async () => {
    issuer.setClaims({ sub: 'google-789', email: 'fixed@example.com', email_verified: true });
    const client = new Client(ctx.app);
    await signIn(client);
    const res = await client.put('/api/auth/profile', { username: 'fixed', email: 'other@example.com', displayName: null });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Email cannot be changed for google authentication.');
    const pw = await client.post('/api/auth/change-password', { currentPassword: 'whatever', newPassword: 'whatever2' });
    expect(pw.statusCode).toBe(400);
    expect(pw.json().message).toBe('Password cannot be changed for google authentication.');
    const renamed = await client.put('/api/auth/profile', { username: 'fixed-pilot', email: 'fixed@example.com', displayName: 'Fixed' });
    expect(renamed.json().user).toMatchObject({ username: 'fixed-pilot', email: 'fixed@example.com', emailVerified: expect.any(String) });
  });

  it('deletes a Google account without a password', async () => {
    issuer.setClaims({ sub: 'google-gone', email: 'gone@example.com', email_verified: true });
    const client = new Client(ctx.app);
    await signIn(client);
    const res = await client.delete('/api/auth/profile', {});
    expect(res.json().message).toBe('Account deleted successfully');
    expect((await client.get('/api/auth/check')).statusCode).toBe(401);
    expect(await ctx.services.database.db.selectFrom('users').selectAll().where('email', '=', 'gone@example.com').execute()).toHaveLength(0);
  });
});

describe('Google sign-in when not configured', () => {
  it('sends the visitor back to login with a readable error', async () => {
    const ctx = await startTestApp('sqlite');
    try {
      const res = await new Client(ctx.app).get('/api/auth/google-login');
      expect(res.statusCode).toBe(302);
      expect(decodeURIComponent(res.headers.location as string)).toBe('/login?error=Google sign-in is not configured on this server.');
    } finally {
      await ctx.close();
    }
  });
});
