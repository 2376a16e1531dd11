import { Client, describeEachDatabase, startTestApp, type TestContext } from './helpers/app';

const PASSWORD = 'Glider#2024';
const REFUSED = /anti-forgery/;

/** The anti-forgery token is bound to the session it was issued for (http/xsrf.ts). */
describeEachDatabase('anti-forgery token bound to the session', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind, { AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000' });
  });
  afterAll(() => ctx.close());

  async function pilot(name: string) {
    const c = new Client(ctx.app);
    expect((await c.post('/api/auth/register', { email: `${name}@example.com`, username: name, password: PASSWORD })).statusCode).toBe(200);
    expect((await c.post('/api/auth/login', { email: `${name}@example.com`, password: PASSWORD })).statusCode).toBe(200);
    return c;
  }
  const languageOf = async (c: Client) => (await c.get('/api/auth/profile')).json().user.preferredLanguage;

  it("refuses pilot A's token pair on pilot B's session, and a reload recovers", async () => {
    const a = await pilot('xsrf-a');
    const b = await pilot('xsrf-b');
    const borrowed = { ...b.cookies, 'XSRF-TOKEN': a.cookies['XSRF-TOKEN']! };
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/set-language', cookies: borrowed, headers: { 'x-xsrf-token': a.cookies['XSRF-TOKEN']! }, payload: { language: 'de' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(REFUSED);
    expect(await languageOf(b)).not.toBe('de');
    // The refusal carries a fresh token for B's session: the next try with it works.
    const fresh = (res.cookies as { name: string; value: string }[]).find((k) => k.name === 'XSRF-TOKEN')!.value;
    expect(fresh).not.toBe(a.cookies['XSRF-TOKEN']);
    b.cookies['XSRF-TOKEN'] = fresh;
    expect((await b.post('/api/auth/set-language', { language: 'de' })).statusCode).toBe(200);
    expect(await languageOf(b)).toBe('de');
    // A's own pair still works for A.
    expect((await a.post('/api/auth/set-language', { language: 'fr' })).statusCode).toBe(200);
  });

  it('refuses the pre-session token once signed in, and sets a session token in the login answer', async () => {
    const c = new Client(ctx.app);
    await c.post('/api/auth/register', { email: 'xsrf-anon@example.com', username: 'xsrf-anon', password: PASSWORD });
    const anonymous = c.cookies['XSRF-TOKEN']!;
    const login = await c.post('/api/auth/login', { email: 'xsrf-anon@example.com', password: PASSWORD });
    const loginToken = (login.cookies as { name: string; value: string }[]).find((k) => k.name === 'XSRF-TOKEN')?.value;
    expect(loginToken).toBeDefined();
    expect(loginToken).not.toBe(anonymous);
    const withOld = await ctx.app.inject({ method: 'POST', url: '/api/auth/set-language', cookies: { ...c.cookies, 'XSRF-TOKEN': anonymous }, headers: { 'x-xsrf-token': anonymous }, payload: { language: 'it' } });
    expect(withOld.statusCode).toBe(403);
    expect(withOld.json().message).toMatch(REFUSED);
    expect(await languageOf(c)).not.toBe('it');
    expect((await c.post('/api/auth/set-language', { language: 'it' })).statusCode).toBe(200);
    expect(await languageOf(c)).toBe('it');
  });

  it("refuses the signed-out session's token after logout, and the logout answer carries a pre-session one", async () => {
    const c = await pilot('xsrf-out');
    const sessionToken = c.cookies['XSRF-TOKEN']!;
    const logout = await c.post('/api/auth/logout');
    expect(logout.statusCode).toBe(200);
    expect(c.cookies['XSRF-TOKEN']).not.toBe(sessionToken);
    const stale = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', cookies: { 'XSRF-TOKEN': sessionToken }, headers: { 'x-xsrf-token': sessionToken }, payload: { email: 'xsrf-out@example.com', password: PASSWORD } });
    expect(stale.statusCode).toBe(403);
    expect((await c.post('/api/auth/login', { email: 'xsrf-out@example.com', password: PASSWORD })).statusCode).toBe(200);
  });

  it('refuses a forged token (a nonce with a wrong signature), signed in or not', async () => {
    const c = await pilot('xsrf-forge');
    const [nonce, mac] = c.cookies['XSRF-TOKEN']!.split('.');
    const forgedMac = `${mac!.slice(0, -2)}${mac!.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const forged of [`${nonce}.${forgedMac}`, `other${nonce}.${mac}`, 'no-signature-at-all']) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/set-language', cookies: { ...c.cookies, 'XSRF-TOKEN': forged }, headers: { 'x-xsrf-token': forged }, payload: { language: 'cs' } });
      expect(`${forged} ${res.statusCode}`).toBe(`${forged} 403`);
      const visitor = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', cookies: { 'XSRF-TOKEN': forged }, headers: { 'x-xsrf-token': forged }, payload: { email: 'xsrf-forge@example.com', password: PASSWORD } });
      expect(`${forged} ${visitor.statusCode}`).toBe(`${forged} 403`);
    }
    expect(await languageOf(c)).not.toBe('cs');
  });

  it('gives a signed-in browser without a token one bound to its session', async () => {
    const c = await pilot('xsrf-new');
    delete c.cookies['XSRF-TOKEN'];
    expect((await c.post('/api/auth/set-language', { language: 'sl' })).statusCode).toBe(200);
    expect(await languageOf(c)).toBe('sl');
  });
});
