import { PROVE_SCORES } from '../src/scoring';
import { Client, describeEachDatabase, signedInWithFlight, startTestApp, type TestContext } from './helpers/app';
import { fixture } from './helpers/fixtures';

// The background proof (docs/scoring.md): a score the optimizer's work budget left open is scored
// again by a low-priority job with a larger budget, stored when it is still the same analysis, and
// the flight page's answer says whether it is proven. An open answer is made here by writing what a
// budget leaves (a lower score, optimal 0, its bound) on a real flight the optimizer proves.

describeEachDatabase('the background proof of open scores', (kind) => {
  let ctx: TestContext;
  let pilot: Client;
  let userId: number;
  let flightId: number;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
    // a real triangle: 15.59 points under XContest, proven
    const a = await signedInWithFlight(ctx, { name: 'tri.igc', data: fixture('tri.igc') });
    pilot = a.client;
    userId = a.user.id;
    flightId = a.flightId;
  });
  afterAll(() => ctx.close());

  const db = () => ctx.services.database.db;
  const row = () => db().selectFrom('flights').select(['xcPoints', 'xcOptimal', 'xcBound', 'xcProofRun', 'flightCode']).where('id', '=', flightId).executeTakeFirstOrThrow();
  const detail = async () => (await pilot.get(`/api/FlightDetail/${flightId}/detailed`)).json() as { xcPoints: number; xcProven: boolean | null };
  /** What the upload's budget would have stored had it stopped early: a lower score, open, with its bound. */
  const leaveOpen = (over: { xcProofRun?: number; scoringRules?: string } = {}) =>
    db().updateTable('flights').set({ xcPoints: 1.23, xcOptimal: 0, xcBound: 99, xcProofRun: 0, ...over }).where('id', '=', flightId).execute();
  const pendingProofs = () => ctx.services.queue.pendingPayloads(PROVE_SCORES);

  it('stores a proven score with its flag after the upload, and the answer says proven', async () => {
    expect(await row()).toMatchObject({ xcPoints: 15.59, xcOptimal: 1, xcBound: null, xcProofRun: 0 });
    expect(await detail()).toMatchObject({ xcPoints: 15.59, xcProven: true });
  });

  it('proves an open score in the background once the flights changed: the better score, marked proven, the answer follows', async () => {
    await leaveOpen();
    expect(await detail()).toMatchObject({ xcPoints: 1.23, xcProven: false });
    await ctx.services.flightsChanged(userId);
    expect(await pendingProofs()).toEqual([{ userId }]);
    await ctx.services.queue.drain();
    expect(await row()).toMatchObject({ xcPoints: 15.59, xcOptimal: 1, xcBound: null, xcProofRun: 1 });
    expect(await detail()).toMatchObject({ xcPoints: 15.59, xcProven: true });
    // the statistics follow the stored score ("flights changed" after the proof)
    expect((await pilot.get('/api/statistics/overall')).statusCode).toBe(200);
  });

  it('is idempotent: the job run again changes nothing and enqueues nothing', async () => {
    const before = await row();
    await ctx.services.queue.enqueue(PROVE_SCORES, { userId });
    await ctx.services.queue.drain();
    expect(await row()).toEqual(before);
    await ctx.services.flightsChanged(userId);
    expect(await pendingProofs()).toEqual([]);
  });

  it('tries each analysis once: an answer its proof left open is not proven again', async () => {
    await leaveOpen({ xcProofRun: 1 });
    await ctx.services.flightsChanged(userId);
    expect(await pendingProofs()).toEqual([]);
    await ctx.services.queue.enqueue(PROVE_SCORES, { userId });
    await ctx.services.queue.drain();
    expect(await row()).toMatchObject({ xcPoints: 1.23, xcOptimal: 0, xcProofRun: 1 });
  });

  it('leaves a flight analysed again meanwhile (another league) as that analysis stored it, and marks it tried', async () => {
    await leaveOpen({ scoringRules: 'FFVL' });
    await ctx.services.queue.enqueue(PROVE_SCORES, { userId });
    await ctx.services.queue.drain();
    // the proof scored under the pilot's league (XContest): not the analysis the row holds
    expect(await row()).toMatchObject({ xcPoints: 1.23, xcOptimal: 0, xcProofRun: 1 });
  });

  it('does nothing for a flight deleted meanwhile (and recreates nothing)', async () => {
    await leaveOpen({ scoringRules: 'XContest' });
    await ctx.services.queue.enqueue(PROVE_SCORES, { userId });
    await db().deleteFrom('flightTracks').where('flightId', '=', flightId).execute();
    await db().deleteFrom('flights').where('id', '=', flightId).execute();
    await ctx.services.queue.drain();
    const left = await db().selectFrom('flights').select('id').where('userId', '=', userId).execute();
    expect(left).toEqual([]);
    expect(await pendingProofs()).toEqual([]);
  });
});
