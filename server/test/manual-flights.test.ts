import { describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { seedFlights } from './helpers/flights';

const tandem = { manufacturer: 'Advance', model: 'Bi Beta 6', size: '42', gliderClass: 'Tandem' };
const body = (over: Record<string, unknown> = {}) => ({
  startTime: '2023-12-31T23:30:00Z',
  timeZone: 'Europe/Zurich',
  flightTime: 5400,
  site: { name: 'Niederhorn', latitude: 46.71, longitude: 7.77 },
  ...over,
});

describeEachDatabase('flights without a track', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind, {}, { workers: false });
  });
  afterAll(() => ctx.close());

  it('is created with its local date in the given zone and counted like any other flight', async () => {
    const { client } = await signedInClient(ctx);
    const glider = (await client.post('/api/gliders', tandem)).json();
    const landing = (await client.post('/api/sites', { name: 'Beatenberg', latitude: 46.7, longitude: 7.79 })).json();
    const res = await client.post('/api/FlightDetail', body({ gliderId: glider.id, landingSiteId: landing.id, notes: 'Tandem with Anna,\nsnow everywhere', distance: 3.5 }));
    expect(res.statusCode).toBe(201);
    const flight = res.json();
    expect(flight).toMatchObject({
      source: 'manual',
      status: 'Completed',
      startTime: '2023-12-31T23:30:00.000Z',
      timeZone: 'Europe/Zurich',
      flightTime: 5400,
      distance: 3.5,
      siteName: 'Niederhorn',
      takeoffLocation: 'Niederhorn',
      landingSiteId: landing.id,
      landingSiteName: 'Beatenberg',
      gliderId: glider.id,
      gliderName: 'Advance Bi Beta 6 42',
      notes: 'Tandem with Anna,\nsnow everywhere',
      xcPoints: null,
    });

    // 23:30 UTC on New Year's Eve is already 2024 in Zurich.
    expect((await client.get('/api/FlightDetail/months')).json()).toEqual([{ year: 2024, month: 1, count: 1, firstDay: '2024-01-01' }]);
    expect((await client.get('/api/FlightDetail/byMonth?year=2024&month=1')).json().map((f: { id: number }) => f.id)).toEqual([flight.id]);
    expect((await client.get('/api/FlightDetail/byYear?year=2024')).json()).toHaveLength(1);
    expect((await client.get('/api/statistics/overall')).json()).toMatchObject({ totalFlights: 1, totalHours: 5400, totalDistance: 3.5, maxAltitude: 0 });
    expect((await client.get('/api/statistics/yearly-summary')).json()).toEqual([expect.objectContaining({ year: 2024, totalFlights: 1, totalHours: 5400 })]);
    expect((await client.get('/api/statistics/monthly-hours')).json()).toEqual([{ year: 2024, month: 1, totalHours: 5400 }]);
    expect((await client.get('/api/statistics/flight-sites')).json()).toMatchObject({ totalSites: 1, mostFlightsSite: { siteName: 'Niederhorn', flightCount: 1 } });
    expect((await client.get('/api/statistics/gliders')).json()).toEqual([
      { gliderId: glider.id, gliderName: 'Advance Bi Beta 6 42', flightCount: 1, totalSeconds: 5400, totalDistance: 3.5, years: [{ year: 2024, flightCount: 1, totalSeconds: 5400, totalDistance: 3.5 }] },
    ]);
    expect((await client.get('/api/gliders')).json()[0]).toMatchObject({ flightCount: 1, totalSeconds: 5400 });
    const achievements = (await client.get('/api/achievements')).json();
    expect(achievements.completedAchievements.map((a: { id: string }) => a.id)).toContain('flights');

    // No track: empty features and path, and the file download says why there is none.
    expect((await client.get(`/api/FlightDetail/${flight.id}/features`)).json()).toEqual([]);
    expect((await client.get(`/api/FlightDetail/${flight.id}/path`)).json()).toEqual({ path: [] });
    const igc = await client.get(`/api/FlightDetail/${flight.id}/igc`);
    expect([igc.statusCode, igc.json().message]).toEqual([404, 'This flight was added by hand: it has no IGC file.']);
    expect((await client.get(`/api/FlightDetail/${flight.id}/detailed`)).json()).toMatchObject({ source: 'manual', windowCorrected: false });
  });

  it('can be marked, deleted and restored', async () => {
    const { client } = await signedInClient(ctx);
    const flight = (await client.post('/api/FlightDetail', body())).json();
    expect((await client.put(`/api/FlightDetail/${flight.id}/removalreason`, { removalReason: 'Other' })).json().removalReason).toBe(99);
    expect((await client.get('/api/FlightDetail/marked/count')).json()).toEqual({ count: 1 });
    await client.put(`/api/FlightDetail/${flight.id}/removaldate`, { removalDate: new Date().toISOString() });
    expect((await client.get('/api/FlightDetail')).json()).toEqual([]);
    expect((await client.get('/api/statistics/overall')).json().totalFlights).toBe(0);
    await client.post(`/api/FlightDetail/${flight.id}/restore`);
    expect((await client.get('/api/FlightDetail')).json()).toEqual([expect.objectContaining({ id: flight.id, source: 'manual' })]);
    expect((await client.get('/api/statistics/overall')).json().totalFlights).toBe(1);
  });

  it('uses one of the pilot\'s sites by id, and a new landing site given by hand', async () => {
    const { client, user } = await signedInClient(ctx);
    await seedFlights(ctx.services.database.db, user.id, [{ startTime: '2024-05-01T09:00:00.000Z', site: 'Fiesch' }]);
    const fiesch = (await client.get('/api/sites')).json()[0];
    const flight = (await client.post('/api/FlightDetail', body({ site: undefined, siteId: fiesch.id, landingSite: { name: 'Fiesch Camping', latitude: 46.4, longitude: 8.13 } }))).json();
    expect(flight).toMatchObject({ siteId: fiesch.id, siteName: 'Fiesch', landingSiteName: 'Fiesch Camping', gliderId: null, notes: null });
    const sites = (await client.get('/api/sites')).json();
    expect(sites.find((s: { id: number }) => s.id === fiesch.id)).toMatchObject({ flightCount: 2 });
    expect(sites.find((s: { name: string }) => s.name === 'Fiesch Camping')).toMatchObject({ named: true, landingCount: 1 });
  });

  it('stays as it is when an administrator resets the analysis of every flight', async () => {
    const { client } = await signedInClient(ctx);
    const flight = (await client.post('/api/FlightDetail', body())).json();
    const admin = await signedInClient(ctx, { role: 'Admin' });
    expect((await admin.client.post('/api/debug/reset-completed-flights-without-features')).json().resetFlights).not.toContainEqual(expect.objectContaining({ flightId: flight.id }));
    expect((await admin.client.post('/api/debug/reset-all-calculations')).statusCode).toBe(200);
    expect((await client.get(`/api/FlightDetail/${flight.id}`)).json()).toMatchObject({ status: 'Completed', source: 'manual' });
  });

  it("answers 404 for another pilot's wing or site and creates nothing", async () => {
    const owner = await signedInClient(ctx);
    const glider = (await owner.client.post('/api/gliders', tandem)).json();
    const site = (await owner.client.post('/api/sites', { name: 'Mine', latitude: 46, longitude: 8 })).json();
    const other = await signedInClient(ctx);
    const withGlider = await other.client.post('/api/FlightDetail', body({ gliderId: glider.id }));
    expect([withGlider.statusCode, withGlider.json().message]).toEqual([404, 'Glider not found.']);
    const withSite = await other.client.post('/api/FlightDetail', body({ site: undefined, siteId: site.id }));
    expect([withSite.statusCode, withSite.json().message]).toEqual([404, 'Site not found.']);
    const withLanding = await other.client.post('/api/FlightDetail', body({ landingSiteId: site.id }));
    expect(withLanding.statusCode).toBe(404);
    expect((await other.client.get('/api/FlightDetail')).json()).toEqual([]);
    expect((await other.client.get('/api/sites')).json()).toEqual([]);
  });

  it('refuses bad input with the reason and creates nothing', async () => {
    const { client } = await signedInClient(ctx);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const cases: [Record<string, unknown>, string][] = [
      [body({ startTime: future }), 'The flight cannot start in the future.'],
      [body({ startTime: '31.12.2023 12:00' }), 'startTime must be an ISO 8601 timestamp.'],
      [body({ timeZone: 'Mars/Olympus' }), 'Unknown time zone.'],
      [body({ flightTime: 0 }), 'Duration must be between 1 second and 24 hours.'],
      [body({ flightTime: 86_401 }), 'Duration must be between 1 second and 24 hours.'],
      [body({ flightTime: 60.5 }), 'Duration must be whole seconds.'],
      [body({ site: undefined }), 'Give the launch site: siteId or site, not both.'],
      [body({ siteId: 1 }), 'Give the launch site: siteId or site, not both.'],
      [body({ site: { name: 'X', latitude: 95, longitude: 8 } }), 'Latitude must be between -90 and 90.'],
      [body({ site: { name: '', latitude: 46, longitude: 8 } }), 'Site name is required.'],
      [body({ distance: -1 }), 'Distance must be 0 to 1000 km.'],
      [body({ notes: 'x'.repeat(10_001) }), 'Notes must be at most 10000 characters.'],
    ];
    for (const [b, message] of cases) {
      const res = await client.post('/api/FlightDetail', b);
      expect([res.statusCode, res.json().message]).toEqual([400, expect.stringContaining(message)]);
    }
    expect((await client.get('/api/FlightDetail')).json()).toEqual([]);
    expect((await client.get('/api/sites')).json()).toEqual([]);
  });
});
