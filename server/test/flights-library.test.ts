import { Client, describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { seedFlights } from './helpers/flights';

describeEachDatabase('flight library and statistics', (kind) => {
  let ctx: TestContext;
  let pilot: Client;
  let ids: number[];
  beforeAll(async () => {
    ctx = await startTestApp(kind, {}, { workers: false });
    const a = await signedInClient(ctx);
    pilot = a.client;
    ids = await seedFlights(ctx.services.database.db, a.user.id, [
      { startTime: '2023-08-20T10:00:00.000Z', flightTime: 5400, distance: 42.5, maxAltitude: 2800, site: 'Fiesch' },
      { startTime: '2024-05-01T09:00:00.000Z', flightTime: 1800, distance: 8, maxAltitude: 1900, site: 'Fiesch' },
      { startTime: '2024-05-12T11:00:00.000Z', flightTime: 7200, distance: 61.25, maxAltitude: 3100, site: 'Niesen' },
      { startTime: '2024-05-20T12:00:00.000Z', flightTime: 60, distance: 0.5, maxAltitude: 1500, removalReason: 5, site: 'Niesen' },
      { startTime: '2024-06-02T08:00:00.000Z', flightTime: 3000, distance: 20, removalReason: 2, removalDate: '2024-06-03T08:00:00.000Z', site: 'Niesen' },
      { startTime: '2024-06-05T23:30:00.000Z', localDate: '2024-06-06', status: 'Pending', flightTime: null, distance: null, maxAltitude: null },
    ]);
  });
  afterAll(() => ctx.close());
  const get = async (url: string) => (await pilot.get(url)).json();

  it('lists visible flights newest first, and only the marked ones on request', async () => {
    expect((await get('/api/FlightDetail')).map((f: { id: number }) => f.id)).toEqual([ids[5], ids[3], ids[2], ids[1], ids[0]]);
    const markedOnly = await get('/api/FlightDetail?markedOnly=true');
    expect(markedOnly.map((f: { id: number }) => f.id)).toEqual([ids[3]]);
    expect(markedOnly[0]).toMatchObject({ removalReason: 5, removalDate: null, timeZone: 'Europe/Zurich', status: 'Completed' });
  });

  it('groups months by the local date of the takeoff', async () => {
    expect(await get('/api/FlightDetail/months')).toEqual([
      { year: 2024, month: 5, count: 3, firstDay: '2024-05-01' },
      { year: 2024, month: 6, count: 1, firstDay: '2024-06-06' },
      { year: 2023, month: 8, count: 1, firstDay: '2023-08-20' },
    ]);
    expect((await get('/api/FlightDetail/byMonth?year=2024&month=5')).map((f: { id: number }) => f.id)).toEqual([ids[3], ids[2], ids[1]]);
    expect((await get('/api/FlightDetail/byYear?year=2023')).map((f: { id: number }) => f.id)).toEqual([ids[0]]);
  });

  it('refuses bad year and month values with readable messages', async () => {
    const res = await pilot.get('/api/FlightDetail/byMonth?year=abc&month=13');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Month must be between 1 and 12.');
    expect(res.json().message).toContain('Year must be a number.');
  });

  it('finds neighbours in start-time order, 404 past the ends', async () => {
    expect(await get(`/api/flightdetail/${ids[2]}/adjacent?direction=prev`)).toEqual({ id: ids[1] });
    expect(await get(`/api/flightdetail/${ids[2]}/adjacent?direction=next`)).toEqual({ id: ids[3] });
    expect((await pilot.get(`/api/flightdetail/${ids[0]}/adjacent?direction=prev`)).statusCode).toBe(404);
    expect((await pilot.get(`/api/flightdetail/${ids[5]}/adjacent?direction=next`)).statusCode).toBe(404);
  });

  it('gives the detailed fields and hides removed flights unless asked', async () => {
    expect(await get(`/api/flightdetail/${ids[2]}/detailed`)).toMatchObject({ id: ids[2], flightTime: 7200, distance: 61.25 });
    expect((await pilot.get(`/api/FlightDetail/${ids[4]}`)).statusCode).toBe(404);
    expect(await get(`/api/FlightDetail/${ids[4]}?includeDeleted=true`)).toMatchObject({ id: ids[4], removalReason: 2, removalDate: '2024-06-03T08:00:00.000Z' });
  });

  it('computes statistics over completed, not removed flights', async () => {
    expect(await get('/api/statistics/overall')).toEqual({
      totalFlights: 4,
      totalHours: 5400 + 1800 + 7200 + 60,
      totalDistance: 42.5 + 8 + 61.25 + 0.5,
      maxAltitude: 3100,
      maxDistance: 61.25,
      maxDuration: 7200,
      firstFlight: '2023-08-20T10:00:00.000Z',
      lastFlight: '2024-05-20T12:00:00.000Z',
      firstFlightTimeZone: 'Europe/Zurich',
      lastFlightTimeZone: 'Europe/Zurich',
    });
    expect(await get('/api/statistics/yearly-summary')).toEqual([
      { year: 2024, totalFlights: 3, totalHours: 9060, totalDistance: 69.75, maxDistance: 61.25, maxDuration: 7200, avgFlightTime: 3020 },
      { year: 2023, totalFlights: 1, totalHours: 5400, totalDistance: 42.5, maxDistance: 42.5, maxDuration: 5400, avgFlightTime: 5400 },
    ]);
    expect(await get('/api/statistics/monthly-hours?year=2024')).toEqual([{ year: 2024, month: 5, totalHours: 9060 }]);
    expect(await get('/api/statistics/monthly-hours')).toHaveLength(2);
    const sites = await get('/api/statistics/flight-sites');
    expect(sites).toMatchObject({
      totalSites: 2,
      mostRecentSite: { siteName: 'Niesen', date: '2024-05-20T12:00:00.000Z', timeZone: 'Europe/Zurich' },
      mostFlightsSite: { flightCount: 2 },
    });
    expect(sites.topLaunchSites.map((s: { siteName: string; flightCount: number }) => [s.siteName, s.flightCount]).sort()).toEqual([['Fiesch', 2], ['Niesen', 2]]);
    // The tiles name their site by id too, so the page can tell it from another of the same name.
    expect(sites.mostRecentSite.siteId).toBe(sites.topLaunchSites.find((s: { siteName: string }) => s.siteName === 'Niesen').siteId);
    expect(sites.topLaunchSites.map((s: { siteId: number }) => s.siteId)).toContain(sites.mostFlightsSite.siteId);
  });

  it('marks, deletes and restores; removed flights leave every list and statistic and come back', async () => {
    const same = await pilot.put(`/api/flightdetail/${ids[3]}/removalreason`, { removalReason: 5 });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('The flight already has this removal reason.');
    expect((await pilot.put(`/api/flightdetail/${ids[3]}/removalreason`, { removalReason: 'Bogus' })).json().message).toContain('Unknown removal reason');
    expect((await pilot.put(`/api/flightdetail/${ids[2]}/removalreason`, { removalReason: 'GondolaRide' })).json()).toMatchObject({ removalReason: 7 });
    expect(await get('/api/FlightDetail/marked/count')).toEqual({ count: 2 });

    const del = await pilot.put('/api/FlightDetail/marked/delete-all');
    expect(del.json()).toEqual({ message: '2 flights deleted.' });
    expect(await get('/api/FlightDetail/marked/count')).toEqual({ count: 0 });
    expect((await get('/api/statistics/overall')).totalFlights).toBe(2);
    expect((await get('/api/FlightDetail/months')).find((m: { month: number }) => m.month === 5).count).toBe(1);

    expect((await pilot.post(`/api/flightdetail/${ids[2]}/restore`)).json()).toMatchObject({ id: ids[2], removalReason: null, removalDate: null });
    expect((await get('/api/statistics/overall')).totalFlights).toBe(3);

    await pilot.put(`/api/flightdetail/${ids[1]}/removaldate`, { removalDate: new Date().toISOString() });
    expect((await pilot.get(`/api/FlightDetail/${ids[1]}`)).statusCode).toBe(404);
    expect((await get(`/api/FlightDetail/${ids[1]}?includeDeleted=true`)).removalReason).toBe(2);
  });

  it('serves repeated reads from the cache until the pilot\'s flights change', async () => {
    const first = await pilot.get('/api/statistics/overall');
    const second = await pilot.get('/api/statistics/overall');
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    await pilot.post(`/api/flightdetail/${ids[1]}/restore`);
    const after = await pilot.get('/api/statistics/overall');
    expect(after.headers['x-cache']).toBeUndefined();
    expect(after.json().totalFlights).toBe(first.json().totalFlights + 1);
  });

  it('caches only the routes that ask for it', async () => {
    await pilot.get('/api/FlightDetail/marked/count');
    expect((await pilot.get('/api/FlightDetail/marked/count')).headers['x-cache']).toBeUndefined();
    for (const url of ['/api/FlightDetail', '/api/FlightDetail/months']) {
      await pilot.get(url);
      expect((await pilot.get(url)).headers['x-cache']).toBe('hit');
    }
  });

  it('compresses large answers for clients that accept it, cached reads included', async () => {
    const { gunzipSync } = await import('node:zlib');
    const plain = await pilot.get('/api/FlightDetail');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (let i = 0; i < 2; i++) {
      const zipped = await pilot.request('GET', '/api/FlightDetail', undefined, { 'accept-encoding': 'gzip' });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
    }
  });

  it("answers another pilot's flight ids exactly like missing ones, and lists nothing of them", async () => {
    const { client: other } = await signedInClient(ctx);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/FlightDetail/%d'],
      ['GET', '/api/FlightDetail/%d?includeDeleted=true'],
      ['GET', '/api/flightdetail/%d/detailed'],
      ['GET', '/api/flightdetail/%d/adjacent?direction=next'],
      ['PUT', '/api/flightdetail/%d/removalreason', { removalReason: 2 }],
      ['PUT', '/api/flightdetail/%d/removaldate', { removalDate: '2024-01-01T00:00:00Z' }],
      ['POST', '/api/flightdetail/%d/restore', {}],
    ];
    for (const [method, url, body] of calls) {
      const theirs = await other.request(method, url.replace('%d', String(ids[0])), body);
      const missing = await other.request(method, url.replace('%d', '987654321'), body);
      expect([method, url, theirs.statusCode]).toEqual([method, url, 404]);
      expect(theirs.body).toBe(missing.body);
    }
    expect(await (await other.get('/api/FlightDetail')).json()).toEqual([]);
    expect(await (await other.get('/api/statistics/overall')).json()).toMatchObject({ totalFlights: 0, firstFlight: null });
    expect((await new Client(ctx.app).get('/api/FlightDetail')).statusCode).toBe(401);
  });
});
