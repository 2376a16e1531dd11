import { Client, describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { seedFlights } from './helpers/flights';

const GONE = { message: 'This pilot page does not exist or is not published.' };

describeEachDatabase('public pilot page', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind, { PUBLIC_URL: 'https://logbook.example' }, { workers: false });
  });
  afterAll(() => ctx.close());
  const db = () => ctx.services.database.db;

  /** A pilot with flights in two years, one removed; the first, second and fourth are public, the third only shared by link. */
  async function pilotWithFlights() {
    const pilot = await signedInClient(ctx);
    await db().updateTable('users').set({ displayName: 'Lena Sky' }).where('id', '=', pilot.user.id).execute();
    const [older, newer, unshared, removed] = await seedFlights(db(), pilot.user.id, [
      { startTime: '2023-08-01T10:00:00.000Z', flightTime: 3600, distance: 20, xcPoints: 25, flightCode: 'FAI', site: 'Niesen' },
      { startTime: '2024-05-01T10:00:00.000Z', flightTime: 1800, distance: 8, site: 'Niesen' },
      { startTime: '2024-06-01T10:00:00.000Z', flightTime: 7200, distance: 40 },
      { startTime: '2024-07-01T10:00:00.000Z', flightTime: 900, distance: 2 },
    ]);
    const tokens: Record<string, string> = {};
    for (const [name, id] of Object.entries({ older, newer, removed })) {
      tokens[name] = (await pilot.client.post(`/api/FlightDetail/${id}/share`, {})).json().token;
      // The page lists public flights (docs/community.md); making one public keeps its token.
      await pilot.client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: 'public' });
    }
    tokens.linkOnly = (await pilot.client.post(`/api/FlightDetail/${unshared}/share`, {})).json().token;
    await pilot.client.put(`/api/FlightDetail/${removed}/removaldate`, { removalDate: '2024-07-02T00:00:00Z' });
    return { ...pilot, tokens, unshared };
  }

  it('is off by default and then answers exactly like an unknown username', async () => {
    const pilot = await pilotWithFlights();
    expect((await pilot.client.get('/api/profile/public')).json()).toEqual({ enabled: false, url: `https://logbook.example/pilots/${pilot.user.username}` });
    const anon = new Client(ctx.app);
    const off = await anon.get(`/api/public/pilots/${pilot.user.username}`);
    const unknown = await anon.get('/api/public/pilots/nobody-flies-here');
    expect(off.statusCode).toBe(404);
    expect(off.json()).toEqual(GONE);
    expect(unknown.body).toBe(off.body);
    expect(off.headers['x-robots-tag']).toBe('noindex');
  });

  it('when published shows the totals and years the statistics give and the shared flights, newest first', async () => {
    const pilot = await pilotWithFlights();
    const on = await pilot.client.put('/api/profile/public', { enabled: true });
    expect(on.json()).toEqual({ enabled: true, url: `https://logbook.example/pilots/${pilot.user.username}` });

    const anon = new Client(ctx.app);
    const res = await anon.get(`/api/public/pilots/${pilot.user.username.toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const page = res.json();
    expect(page.name).toBe('Lena Sky');
    expect(page.username).toBe(pilot.user.username);
    // Totals of the public flights only (docs/sharing.md); the pilot's own statistics count all three.
    expect(page.totals).toMatchObject({ totalFlights: 2, totalHours: 5400, totalDistance: 28 });
    expect((await pilot.client.get('/api/statistics/overall')).json()).toMatchObject({ totalFlights: 3, totalHours: 12600, totalDistance: 68 });
    expect(page.years.map((y: { year: number }) => y.year)).toEqual([2024, 2023]);
    expect(page.flights).toEqual([
      { token: pilot.tokens.newer, startTime: '2024-05-01T10:00:00.000Z', timeZone: 'Europe/Zurich', flightTime: 1800, distance: 8, xcPoints: null, flightCode: null, siteName: 'Niesen' },
      { token: pilot.tokens.older, startTime: '2023-08-01T10:00:00.000Z', timeZone: 'Europe/Zurich', flightTime: 3600, distance: 20, xcPoints: 25, flightCode: 'FAI', siteName: 'Niesen' },
    ]);
    for (const secret of [pilot.user.email, 'email', '"id"', 'userId', 'siteId', 'igcFileId']) expect(res.body).not.toContain(secret);

    // A shared flight now links to the page.
    expect((await anon.get(`/api/public/flights/${pilot.tokens.older}`)).json().pilot).toEqual({ name: 'Lena Sky', pageUrl: `/pilots/${pilot.user.username}` });
  });

  it('is not found at once when switched off, for visitors and signed-in pilots alike', async () => {
    const pilot = await pilotWithFlights();
    await pilot.client.put('/api/profile/public', { enabled: true });
    const anon = new Client(ctx.app);
    const reader = (await signedInClient(ctx)).client;
    const url = `/api/public/pilots/${pilot.user.username}`;
    expect((await anon.get(url)).statusCode).toBe(200);
    expect((await reader.get(url)).statusCode).toBe(200);

    expect((await pilot.client.put('/api/profile/public', { enabled: false })).json().enabled).toBe(false);
    expect((await anon.get(url)).json()).toEqual(GONE);
    expect((await reader.get(url)).json()).toEqual(GONE);
    expect((await anon.get(`/api/public/flights/${pilot.tokens.older}`)).json().pilot.pageUrl).toBeNull();
  });

  it('refuses a body without a yes or no and leaves the page as it was', async () => {
    const pilot = await signedInClient(ctx);
    const res = await pilot.client.put('/api/profile/public', { enabled: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('enabled must be true or false.');
    expect((await pilot.client.get('/api/profile/public')).json().enabled).toBe(false);
  });
});
