import { Client, describeEachDatabase, startTestApp, type TestContext } from './helpers/app';

const PASSWORD = 'Glider#2024';

/** GET /api/auth/session: the app's start-up question, which a visitor answers without an error. */
describeEachDatabase('session question', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
  });
  afterAll(() => ctx.close());

  it('answers 200 with user null to a visitor (check still answers 401)', async () => {
    const visitor = new Client(ctx.app);
    const res = await visitor.get('/api/auth/session');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null });
    expect((await visitor.get('/api/auth/check')).statusCode).toBe(401);
  });

  it('answers with the signed-in user, as check does, and null again after logout', async () => {
    const c = new Client(ctx.app);
    await c.post('/api/auth/register', { email: 'session@example.com', username: 'session', password: PASSWORD });
    await c.post('/api/auth/login', { email: 'session@example.com', password: PASSWORD });
    const session = await c.get('/api/auth/session');
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual((await c.get('/api/auth/check')).json());
    expect(session.json().user.email).toBe('session@example.com');
    await c.post('/api/auth/logout');
    expect((await c.get('/api/auth/session')).json()).toEqual({ user: null });
  });

  it('treats an expired or unknown session cookie as a visitor', async () => {
    const c = new Client(ctx.app);
    c.cookies.sid = 'no-such-session';
    const res = await c.get('/api/auth/session');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null });
  });
});
