import { Client, describeEachDatabase, startTestApp, type TestContext } from './helpers/app';
import { startTestIssuer, type TestIssuer } from './helpers/oidc';

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
    expect(profile).toMatchObject({ email: 'sky@example.com', authProvider: 'google', emailVerified: true, displayName: 'Sky Pilot', profilePictureUrl: 'https://pics.example/sky.png' });
    const second = new Client(ctx.app);
    await signIn(second);
    expect((await second.get('/api/auth/check')).json().user.id).toBe(profile.id);
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
