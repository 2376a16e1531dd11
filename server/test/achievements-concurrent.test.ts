import { insertNotification } from '../src/achievements/repository';
import { evaluateAchievements } from '../src/achievements/service';
import { migrate, type Db } from '../src/db';
import { describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { oldPilotRow, openFreshDatabase } from './helpers/database';
import { seedFlights } from './helpers/flights';

type Note = { achievementId: string; level: number };
const day = (n: number) => new Date(Date.UTC(2016, 4, 1, 10) + n * 86_400_000).toISOString();
const tiersOf = (notes: Note[]) => notes.map((n) => `${n.achievementId}:${n.level}`).sort();

describeEachDatabase('awarding achievements while the flights of one pilot are saved at once', (kind) => {
  let ctx: TestContext;
  let db: Db;
  beforeAll(async () => {
    ctx = await startTestApp(kind, {}, { workers: false });
    db = ctx.services.database.db;
  });
  afterAll(() => ctx.close());

  it('queues each achievement once when eight evaluations of one pilot run at the same moment', async () => {
    const { client, user } = await signedInClient(ctx);
    // Twelve flights of 3 h and 30 km: Airtime 1, Frequent Flyer 2, Endurance 3, Cross-Country 2, Explorer 1.
    await seedFlights(db, user.id, Array.from({ length: 12 }, (_, i) => ({ startTime: day(i), flightTime: 3 * 3600, distance: 30, maxAltitude: 1200, site: 'Fiesch' })));
    await Promise.all(Array.from({ length: 8 }, () => evaluateAchievements(db, user.id)));

    const notes = (await client.get('/api/achievements/notifications')).json() as Note[];
    expect(tiersOf(notes)).toEqual(['airtime:1', 'flights:2', 'longest-flight:3', 'sites:1', 'xc-distance:2']);
    const tiers = await db.selectFrom('userAchievements').select(['achievementId', 'level']).where('userId', '=', user.id).execute();
    expect(tiersOf(tiers)).toEqual(['airtime:1', 'flights:1', 'flights:2', 'longest-flight:1', 'longest-flight:2', 'longest-flight:3', 'sites:1', 'xc-distance:1', 'xc-distance:2']);
  });

  it('gives each achievement exactly once when several flights are added by hand at the same moment', async () => {
    const { client, user } = await signedInClient(ctx);
    const site = (await client.post('/api/sites', { name: 'Niesen', latitude: 46.6, longitude: 7.65 })).json() as { id: number };
    const saves = await Promise.all(
      Array.from({ length: 10 }, (_, i) => client.post('/api/FlightDetail', { startTime: day(i), timeZone: 'Europe/Zurich', flightTime: 2 * 3600, distance: 12, siteId: site.id })),
    );
    expect(saves.map((r) => r.statusCode)).toEqual(Array(10).fill(201));

    // 20 h over ten flights: Airtime 1, Frequent Flyer 2, Endurance 2, Cross-Country 1, Explorer 1; each queued once.
    const notes = (await client.get('/api/achievements/notifications')).json() as Note[];
    expect(notes.map((n) => n.achievementId).sort()).toEqual(['airtime', 'flights', 'longest-flight', 'sites', 'xc-distance']);
    expect(tiersOf(notes)).toEqual(['airtime:1', 'flights:2', 'longest-flight:2', 'sites:1', 'xc-distance:1']);

    // Evaluating again, with nothing new, adds nothing.
    await Promise.all([evaluateAchievements(db, user.id), evaluateAchievements(db, user.id)]);
    expect(tiersOf((await client.get('/api/achievements/notifications')).json() as Note[])).toEqual(tiersOf(notes));
  });

  it('lets the database refuse a second notification of the same tier without an error', async () => {
    const { client, user } = await signedInClient(ctx);
    const tier = { userId: user.id, achievementId: 'flights', level: 1, achievedAt: day(0), flightId: null, batchTaskId: null };
    await Promise.all([insertNotification(db, tier), insertNotification(db, tier), insertNotification(db, { ...tier, batchTaskId: 7 })]);
    expect(tiersOf((await client.get('/api/achievements/notifications')).json() as Note[])).toEqual(['flights:1']);
    // Dismissed, the tier still is not queued again.
    await client.post('/api/achievements/notifications/dismiss-all');
    await insertNotification(db, tier);
    expect((await client.get('/api/achievements/notifications')).json()).toEqual([]);
  });
});

describeEachDatabase('upgrading notifications to one per tier (008)', (kind) => {
  it('removes the duplicate rows of a tier and folds open ones of one upload to the highest tier', async () => {
    const { handle, close } = await openFreshDatabase(kind);
    try {
      await migrate(handle, '007_sharing');
      const db = handle.db;
      const at = '2024-07-14T10:00:00.000Z';
      const user = await db.insertInto('users').values(oldPilotRow('a', at) as never).returning('id').executeTakeFirstOrThrow();
      const note = (achievementId: string, level: number, batchTaskId: number | null, dismissedAt: string | null = null) => ({ userId: user.id, achievementId, level, achievedAt: at, flightId: null, batchTaskId, dismissedAt });
      // What a burst of concurrent saves left: Airtime 1 three times, Endurance 1 and 2 open in one upload.
      await db.insertInto('notifications').values([note('airtime', 1, 5), note('airtime', 1, 5), note('airtime', 1, 5), note('longest-flight', 1, 5), note('longest-flight', 2, 5), note('flights', 1, 4, at), note('flights', 2, 5)] as never).execute();
      await migrate(handle);

      const rows = await db.selectFrom('notifications').select(['achievementId', 'level', 'dismissedAt']).orderBy('id').execute();
      expect(rows.map((r) => `${r.achievementId}:${r.level}:${r.dismissedAt ? 'dismissed' : 'open'}`)).toEqual(['airtime:1:open', 'longest-flight:2:open', 'flights:1:dismissed', 'flights:2:open']);
      // The unique key now exists: the app's insert of a tier already queued does nothing (without the key,
      // its ON CONFLICT target would be refused by both databases).
      await insertNotification(db as unknown as Db, { userId: user.id, achievementId: 'airtime', level: 1, achievedAt: at, flightId: null, batchTaskId: 6 });
      expect(await db.selectFrom('notifications').select('id').where('achievementId', '=', 'airtime').execute()).toHaveLength(1);
    } finally {
      await close();
    }
  });
});
