import { generateIgc, thermalFlight } from '../../scripts/synthetic-igc';
import { Client, describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { fixture } from './helpers/fixtures';
import { uploadAndWait } from './helpers/upload';

const files = [0, 1, 2].map((i) => ({ name: `day-${i}.igc`, data: Buffer.from(generateIgc(thermalFlight(`2024-07-0${i + 1}T09:00:00Z`, 11 + i))) }));
// A real triangle, which XContest and FFVL score differently (15.59 and 17.52 points).
files.push({ name: 'tri.igc', data: fixture('tri.igc') });

describeEachDatabase('league per pilot and background re-scoring', (kind) => {
  let ctx: TestContext;
  let pilot: Client;
  let userId: number;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
    const a = await signedInClient(ctx);
    pilot = a.client;
    userId = a.user.id;
    await uploadAndWait(ctx, pilot, files);
  });
  afterAll(() => ctx.close());

  const flights = async () => (await pilot.get('/api/FlightDetail')).json() as { id: number; xcPoints: number }[];

  it("starts with the instance's league and nothing to re-score", async () => {
    expect((await pilot.get('/api/profile/scoring')).json()).toEqual({ scoringRules: 'XContest', rescoring: null });
    const [f] = await flights();
    expect((await pilot.get(`/api/FlightDetail/${f!.id}/detailed`)).json().scoringRules).toBe('XContest');
  });

  it('re-scores every flight in the background after a change, with progress, and the lists follow', async () => {
    const before = await flights();
    await pilot.get('/api/statistics/overall'); // cached now: must not be answered stale afterwards
    const res = await pilot.put('/api/profile/scoring', { scoringRules: 'FFVL' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ scoringRules: 'FFVL', rescoring: { total: files.length, done: 0 } });
    await ctx.services.queue.drain();
    expect((await pilot.get('/api/profile/scoring')).json()).toEqual({ scoringRules: 'FFVL', rescoring: null });
    const after = await flights();
    const points = (list: typeof after) => list.map((f) => f.xcPoints).sort((a, b) => a - b);
    expect(points(before)).toContainEqual(15.59);
    expect(points(after)).toContainEqual(17.52);
    for (const f of after) expect((await pilot.get(`/api/FlightDetail/${f.id}/detailed`)).json().scoringRules).toBe('FFVL');
    // Statistics follow (not a stale cached answer): the total is the sum of the re-scored distances.
    const listed = (await pilot.get('/api/FlightDetail')).json() as { distance: number }[];
    expect((await pilot.get('/api/statistics/overall')).json().totalDistance).toBeCloseTo(listed.reduce((s, f) => s + f.distance, 0), 1);
  });

  it('scores new uploads under the pilot league', async () => {
    await uploadAndWait(ctx, pilot, [{ name: 'later.igc', data: Buffer.from(generateIgc(thermalFlight('2024-07-09T09:00:00Z', 21))) }]);
    const rows = await ctx.services.database.db.selectFrom('flights').select('scoringRules').where('userId', '=', userId).execute();
    expect(rows.map((r) => r.scoringRules)).toEqual(Array(files.length + 1).fill('FFVL'));
  });

  it('refuses an unknown league with the list of leagues, changing nothing', async () => {
    const res = await pilot.put('/api/profile/scoring', { scoringRules: 'WorldCup' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Scoring rules must be one of XContest, FFVL, FAI, FAI-Cylinders, FAI-OAR, FAI-OAR2, XCLeague.');
    expect((await pilot.get('/api/profile/scoring')).json().scoringRules).toBe('FFVL');
  });

  it("keeps each pilot's league to themselves", async () => {
    const other = await signedInClient(ctx);
    expect((await other.client.get('/api/profile/scoring')).json()).toEqual({ scoringRules: 'XContest', rescoring: null });
  });
});

describeEachDatabase('the instance league', (kind) => {
  it('is the default of a pilot who chose none; an unknown SCORING_RULES is refused at start-up', async () => {
    const ctx = await startTestApp(kind, { SCORING_RULES: 'FFVL' }, { workers: false });
    try {
      const { client } = await signedInClient(ctx);
      expect((await client.get('/api/profile/scoring')).json()).toEqual({ scoringRules: 'FFVL', rescoring: null });
    } finally {
      await ctx.close();
    }
    await expect(startTestApp(kind, { SCORING_RULES: 'Nope' as 'FFVL' }, { workers: false })).rejects.toThrow(/SCORING_RULES must be one of XContest, FFVL/);
  });
});
