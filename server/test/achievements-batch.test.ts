import { evaluateAchievements } from '../src/achievements/service';
import type { Db } from '../src/db';
import { describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { seedFlights, type FlightSeed } from './helpers/flights';

type Note = { achievementId: string; level: number; achievedAt: string; flightId: number | null };
const day = (n: number) => new Date(Date.UTC(2015, 3, 1, 10) + n * 86_400_000).toISOString();

/** Twelve flights of one hour over twelve days at three sites; the fifth is three hours long and 30 km. */
const logbook = (): FlightSeed[] =>
  Array.from({ length: 12 }, (_, i) => ({
    startTime: day(i),
    flightTime: i === 4 ? 3 * 3600 : 3600,
    distance: i === 4 ? 30 : 5,
    maxAltitude: 1200,
    site: ['Fiesch', 'Niesen', 'Fiesch', 'Fiesch', 'Niesen', 'Annecy', 'Fiesch', 'Niesen', 'Fiesch', 'Annecy', 'Fiesch', 'Niesen'][i],
  }));

describeEachDatabase('achievements of an import', (kind) => {
  let ctx: TestContext;
  let db: Db;
  beforeAll(async () => {
    ctx = await startTestApp(kind, {}, { workers: false });
    db = ctx.services.database.db;
  });
  afterAll(() => ctx.close());

  const notes = async (client: Awaited<ReturnType<typeof signedInClient>>['client']) =>
    ((await client.get('/api/achievements/notifications')).json() as Note[]).map((n) => `${n.achievementId}:${n.level}`).sort();

  it('gives one notification per achievement at its highest tier, dated by the flight that reached each tier', async () => {
    const { client, user } = await signedInClient(ctx);
    const ids = await seedFlights(db, user.id, logbook());
    await evaluateAchievements(db, user.id);

    expect(await notes(client)).toEqual(['airtime:1', 'flights:2', 'longest-flight:3', 'sites:2', 'xc-distance:2']);
    const byId = Object.fromEntries(((await client.get('/api/achievements/notifications')).json() as Note[]).map((n) => [n.achievementId, n]));
    expect(byId.flights).toMatchObject({ achievedAt: day(9), flightId: ids[9] });
    // 4 one-hour flights and the 3-hour fifth make 7 h on day 4; the 10th hour comes on day 7.
    expect(byId.airtime).toMatchObject({ achievedAt: day(7), flightId: ids[7] });
    expect(byId['longest-flight']).toMatchObject({ achievedAt: day(4), flightId: ids[4] });
    // The third distinct site (Annecy) is first flown on day 5.
    expect(byId.sites).toMatchObject({ achievedAt: day(5), flightId: ids[5] });

    // Every tier is recorded, each with the flight that reached it.
    const tiers = await db.selectFrom('userAchievements').select(['achievementId', 'level', 'achievedAt', 'flightId']).where('userId', '=', user.id).orderBy('achievementId').orderBy('level').execute();
    expect(tiers.map((t) => `${t.achievementId}:${t.level}:${t.flightId === null ? '-' : ids.indexOf(t.flightId)}`)).toEqual([
      'airtime:1:7',
      'flights:1:0',
      'flights:2:9',
      'longest-flight:1:0',
      'longest-flight:2:4',
      'longest-flight:3:4',
      'sites:1:0',
      'sites:2:5',
      'xc-distance:1:4',
      'xc-distance:2:4',
    ]);
    for (const t of tiers) expect(t.achievedAt).toBe(day(ids.indexOf(t.flightId!)));
    const page = (await client.get('/api/achievements')).json();
    expect(page.completedAchievements.find((a: { id: string }) => a.id === 'flights')).toMatchObject({ level: 2, achievedAt: day(9), flightId: ids[9] });
    expect(page.completedAchievements).toHaveLength(5);
  });

  it('keeps one notification per achievement while the files of an upload are analysed one by one, in any order', async () => {
    const { client, user } = await signedInClient(ctx);
    const ids = await seedFlights(db, user.id, logbook().map((s) => ({ ...s, status: 'Pending' })));
    for (const at of [11, 3, 7, 0, 4, 9, 1, 10, 2, 8, 5, 6]) {
      await db.updateTable('flights').set({ status: 'Completed' }).where('id', '=', ids[at]!).execute();
      await evaluateAchievements(db, user.id);
    }
    expect(await notes(client)).toEqual(['airtime:1', 'flights:2', 'longest-flight:3', 'sites:2', 'xc-distance:2']);
    // Each is dated with the start of one of the upload's flights, never the day of the import.
    for (const n of (await client.get('/api/achievements/notifications')).json() as Note[]) expect(n.achievedAt).toBe(day(ids.indexOf(n.flightId!)));
  });

  it('gives a pilot uploading one flight at a time one notification per achievement while unread, at its highest new tier', async () => {
    const { client, user } = await signedInClient(ctx);
    const sites = new Map<string, number>();
    for (const name of ['Fiesch', 'Niesen', 'Annecy']) sites.set(name, (await db.insertInto('sites').values({ userId: user.id, name, latitude: 46, longitude: 8 }).returning('id').executeTakeFirstOrThrow()).id);
    const ids: number[] = [];
    for (const { site, ...seed } of logbook()) {
      ids.push(...(await seedFlights(db, user.id, [{ ...seed, siteId: sites.get(site!)! }])));
      await evaluateAchievements(db, user.id);
    }
    // Twelve uploads in a row, none read: one popup per achievement, at the highest tier reached since.
    expect(await notes(client)).toEqual(['airtime:1', 'flights:2', 'longest-flight:3', 'sites:2', 'xc-distance:2']);
    const flights2 = ((await client.get('/api/achievements/notifications')).json() as Note[]).find((n) => n.achievementId === 'flights' && n.level === 2);
    expect(flights2).toMatchObject({ achievedAt: day(9), flightId: ids[9] });
  });

  it('starts a new notification once the pilot dismissed the one of the batch', async () => {
    const { client, user } = await signedInClient(ctx);
    const ids = await seedFlights(db, user.id, logbook().slice(0, 9).map((s) => ({ ...s, status: 'Pending' })));
    for (const id of ids) {
      await db.updateTable('flights').set({ status: 'Completed' }).where('id', '=', id).execute();
      await evaluateAchievements(db, user.id);
      if (id === ids[0]) await client.post('/api/achievements/notifications/dismiss-all');
    }
    // Flight 1 reached the first Bronzes (dismissed); later files raise new ones.
    expect(await notes(client)).toEqual(['airtime:1', 'longest-flight:3', 'sites:2', 'xc-distance:2']);
  });
});
