import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { REASON } from '../src/analysis';
import { describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { uploadAndWait } from './helpers/upload';

/**
 * The real recordings that decided the rules of docs/validation.md ("Real recorders"), uploaded
 * through the HTTP API: what the logbook stores is what a pilot reading the file expects.
 */
const REAL_DIR = resolve(__dirname, 'fixtures/real');
const real = (file: string) => ({ name: file.split('/').pop()!, data: readFileSync(join(REAL_DIR, file)) });

describeEachDatabase('real recorders through the upload', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind, { WORKERS: '2' });
  });
  afterAll(() => ctx.close());

  async function stored(file: string) {
    const { client, user } = await signedInClient(ctx);
    await uploadAndWait(ctx, client, [real(file)]);
    const flights = await ctx.services.database.db
      .selectFrom('flights')
      .select(['startTime', 'endTime', 'flightTime', 'maxAltitude', 'distance', 'removalReason', 'status'])
      .where('userId', '=', user.id)
      .orderBy('startTime')
      .execute();
    const file_ = await ctx.services.database.db.selectFrom('igcFiles').select(['status', 'reason']).where('userId', '=', user.id).executeTakeFirstOrThrow();
    return { flights, reason: file_.reason ?? '' };
  }
  const hours = (f: { startTime: string | null; endTime: string | null }) => (Date.parse(f.endTime!) - Date.parse(f.startTime!)) / 3_600_000;

  it('a corrupt tail is dropped and the reason says how many fixes', async () => {
    const { flights, reason } = await stored('go-igc/igc-PkwnUq.igc');
    expect(reason).toMatch(/771 impossible fixes dropped/);
    for (const f of flights) {
      expect(f.distance!).toBeLessThan(20);
      expect(f.maxAltitude!).toBeLessThan(3500);
    }
  });

  it('garbage pressure altitude is replaced by the GPS altitude, and the reason says so', async () => {
    const { flights, reason } = await stored('go-igc/0248.igc');
    expect(reason).toMatch(/GPS altitude used instead/);
    expect(flights).toHaveLength(1);
    expect(flights[0]!.maxAltitude).toBe(3488);
  });

  it('one flight across a logging gap in the air', async () => {
    const { flights } = await stored('go-igc/2008-07-28-XPG-KVE-02.igc');
    expect(flights).toHaveLength(1);
    expect(flights[0]!.distance!).toBeGreaterThan(300);
    expect(flights[0]!.removalReason ?? REASON.none).toBe(REASON.none);
  }, 300_000); // a 7-hour flight through the XC solver on a busy two-core machine

  it('ridge soaring in strong wind is one flight', async () => {
    const { flights } = await stored('go-igc/0069.igc');
    expect(flights.map((f) => [f.removalReason ?? REASON.none, Math.round(f.flightTime! / 60)])).toEqual([[REASON.none, 85]]);
  });

  it('a logger lying on an airfield, a run and two walks days apart store No Flight rows of at most their moving part', async () => {
    for (const file of ['go-igc/0237.igc', 'togeojson/run.gpx', 'togeojson/multitrackgpx.gpx', 'togeojson/blue_hills.gpx']) {
      const { flights } = await stored(file);
      expect(flights.map((f) => f.removalReason)).toEqual([REASON.noFlight]);
      expect(hours(flights[0]!)).toBeLessThan(24);
    }
  });

  it('a later date header is honoured; a helicopter that climbs from the ground is not a Car Drive', async () => {
    const { flights, reason } = await stored('go-igc/PING.IGC');
    expect(reason).toMatch(/Date headers later in the file honoured/);
    const dates = flights.map((f) => f.startTime!.slice(0, 10));
    expect(dates).toContain('2014-07-02');
    expect(dates).not.toContain('2014-07-19');
    // Only the first section, whose log begins in the air at cruise height, still reads as a drive.
    expect(flights.filter((f) => f.removalReason === REASON.car).map((f) => f.startTime)).toEqual(['2014-06-28T15:41:54.000Z']);
    expect(flights.length).toBeGreaterThanOrEqual(5);
  });
});
