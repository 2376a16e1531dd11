import { evaluateAchievements } from '../src/achievements/service';
import { describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { seedFlights } from './helpers/flights';

describeEachDatabase('achievements', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind, {}, { workers: false });
  });
  afterAll(() => ctx.close());

  it('records each new tier once, with one notification per achievement at its highest tier, and shows progress to the next', async () => {
    const { client, user } = await signedInClient(ctx);
    const db = ctx.services.database.db;
    const [first] = await seedFlights(db, user.id, [{ startTime: '2024-05-01T09:00:00.000Z', flightTime: 3600, distance: 12, maxAltitude: 2100, site: 'Fiesch', leftCircles: 30, rightCircles: 20 }]);
    await evaluateAchievements(db, user.id);
    await evaluateAchievements(db, user.id);

    const notes = (await client.get('/api/achievements/notifications')).json();
    expect(notes.map((n: { achievementId: string; level: number }) => `${n.achievementId}:${n.level}`).sort()).toEqual(
      ['altitude:2', 'flights:1', 'longest-flight:1', 'sites:1', 'xc-distance:1'].sort(),
    );
    const page = (await client.get('/api/achievements')).json();
    expect(page.completedAchievements.find((a: { id: string }) => a.id === 'altitude')).toMatchObject({ level: 2, group: 'altitude', icon: 'trophy', titleKey: 'achievement.altitude.title', achievementName: 'Cloudbase', achievedAt: '2024-05-01T09:00:00.000Z', flightId: first });
    expect(page.inProgressAchievements.find((a: { id: string }) => a.id === 'flights')).toMatchObject({ completedCount: 1, nextGoal: 10, progress: 10, achievementLevel: 2 });
    expect(page.inProgressAchievements.find((a: { id: string }) => a.id === 'thermals')).toMatchObject({ completedCount: 50, nextGoal: 100, progress: 50, achievementLevel: 1 });

    // Removing and restoring re-evaluates without repeating a notification.
    await client.put(`/api/flightdetail/${first}/removaldate`, { removalDate: new Date().toISOString() });
    await client.post(`/api/flightdetail/${first}/restore`);
    expect((await client.get('/api/achievements/notifications')).json()).toHaveLength(5);

    const other = await signedInClient(ctx);
    expect((await other.client.post(`/api/achievements/notifications/${notes[0].id}/dismiss`)).statusCode).toBe(404);
    expect((await client.post(`/api/achievements/notifications/${notes[0].id}/dismiss`)).statusCode).toBe(200);
    expect((await client.get('/api/achievements/notifications')).json()).toHaveLength(4);
    expect((await client.post('/api/achievements/notifications/dismiss-all')).json()).toEqual({ message: '4 notifications dismissed.' });
    expect((await client.get('/api/achievements/notifications')).json()).toEqual([]);
    expect((await other.client.get('/api/achievements')).json().completedAchievements).toEqual([]);
  });
});
