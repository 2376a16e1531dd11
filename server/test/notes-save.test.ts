import type { Db } from '../src/db';
import { describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { seedFlights } from './helpers/flights';

/**
 * The app saves a flight's notes after every pause in typing. A note changes no statistic, achievement
 * or site, so the save touches the flight and the lists' notes key only (docs/logbook.md).
 */
describeEachDatabase('saving a flight note', (kind) => {
  let ctx: TestContext;
  let db: Db;
  beforeAll(async () => {
    ctx = await startTestApp(kind, {}, { workers: false });
    db = ctx.services.database.db;
  });
  afterAll(() => ctx.close());

  const versions = (userId: number) => db.selectFrom('users').select(['dataVersion', 'notesVersion']).where('id', '=', userId).executeTakeFirstOrThrow();
  const tiers = async (userId: number) => (await db.selectFrom('userAchievements').select('achievementId').where('userId', '=', userId).execute()).length;
  const CACHED_READS = ['/api/statistics/overall', '/api/achievements', '/api/statistics/yearly-summary'];

  it('keeps the data version, the cached statistics and achievements, and evaluates nothing; the list shows the note at once', async () => {
    const { client, user } = await signedInClient(ctx);
    // Seeded without an evaluation: a 3-hour flight would reach Frequent Flyer and Endurance when one ran.
    const [id] = await seedFlights(db, user.id, [{ startTime: '2024-06-01T09:00:00.000Z', flightTime: 3 * 3600, distance: 20 }]);
    for (const url of CACHED_READS) await client.get(url);
    for (const url of CACHED_READS) expect((await client.get(url)).headers['x-cache']).toBe('hit');
    expect((await client.get('/api/FlightDetail')).json()[0].notes).toBeNull();
    const before = await versions(user.id);

    for (const text of ['Thermik', 'Thermik über dem Niesen', 'Thermik über dem Niesen, Landung in Wimmis']) {
      const res = await client.request('PATCH', `/api/FlightDetail/${id}`, { notes: text });
      expect([res.statusCode, res.json().notes]).toEqual([200, text]);
    }

    expect(await versions(user.id)).toEqual({ dataVersion: before.dataVersion, notesVersion: before.notesVersion + 3 });
    expect(await tiers(user.id)).toBe(0);
    expect((await client.get('/api/achievements/notifications')).json()).toEqual([]);
    for (const url of CACHED_READS) expect((await client.get(url)).headers['x-cache']).toBe('hit');
    // The lists show and search notes: they are read again, with the note.
    const list = await client.get('/api/FlightDetail');
    expect([list.headers['x-cache'], list.json()[0].notes]).toEqual([undefined, 'Thermik über dem Niesen, Landung in Wimmis']);
    expect((await client.get('/api/FlightDetail?q=wimmis')).json().map((f: { id: number }) => f.id)).toEqual([id]);
    expect((await client.get('/api/FlightDetail/months?q=wimmis')).json()).toEqual([{ year: 2024, month: 6, count: 1, firstDay: expect.any(String) }]);
    expect((await client.get('/api/FlightDetail')).headers['x-cache']).toBe('hit');
  });

  it('still fires "flights changed" for a wing or a site: data version bumped, achievements evaluated, statistics read again', async () => {
    const { client, user } = await signedInClient(ctx);
    const [id] = await seedFlights(db, user.id, [{ startTime: '2024-06-02T09:00:00.000Z', flightTime: 3600, distance: 5 }]);
    const glider = (await client.post('/api/gliders', { manufacturer: 'Ozone', model: 'Rush 6', gliderClass: 'EN B' })).json() as { id: number };
    const site = (await client.post('/api/sites', { name: 'Niesen', latitude: 46.6, longitude: 7.65 })).json() as { id: number };

    for (const body of [{ gliderId: glider.id }, { siteId: site.id }, { landingSiteId: site.id, notes: 'and a note' }]) {
      await client.get('/api/statistics/overall');
      expect((await client.get('/api/statistics/overall')).headers['x-cache']).toBe('hit');
      const before = await versions(user.id);
      expect((await client.request('PATCH', `/api/FlightDetail/${id}`, body)).statusCode).toBe(200);
      expect((await versions(user.id)).dataVersion).toBe(before.dataVersion + 1);
      expect((await client.get('/api/statistics/overall')).headers['x-cache']).toBeUndefined();
    }
    expect(await tiers(user.id)).toBeGreaterThan(0);
    expect((await client.get('/api/FlightDetail')).json()[0]).toMatchObject({ gliderId: glider.id, siteId: site.id, landingSiteId: site.id, notes: 'and a note' });
  });
});
