import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REASON } from '../../src/analysis';
import { DETECTION_NOTE } from '../../src/analysis/segments';
import { describeEachDatabase, signedInClient, startTestApp, type TestContext } from '../helpers/app';
import { uploadAndWait } from '../helpers/upload';
import { generateIgc } from '../../../scripts/synthetic-igc';
import { unzipIfNeeded } from './corpus-fixes';
import { loadTruth, TIME_TOLERANCE_S } from './corpus';

/**
 * The real recordings behind the detection rules of docs/validation.md ("Real recorders", "Each class of
 * the issue"), uploaded through the HTTP API on each database, one test app per database: what the
 * logbook stores, against the corpus's truth table where it says when, and the reason the pilot reads.
 */
const FIXTURES = join(__dirname, '../fixtures');
const corpusFile = (file: string) => ({ name: file.split('/').pop()!.replace(/\.gz$/, ''), data: unzipIfNeeded(readFileSync(join(FIXTURES, file)), file) });
const truth = loadTruth();

/** The truth's minute (YYYY-MM-DDTHH:MMZ) when `iso` is within TIME_TOLERANCE_S of it, as corpus.ts judges; else `iso` itself. */
function toTruthMinute(iso: string | null, minute: string | undefined): string | null {
  if (!iso || !minute) return iso;
  const t = Date.parse(iso);
  const m = Date.parse(minute.replace(/Z$/, ':00Z'));
  const off = t < m ? m - t : Math.max(0, t - (m + 59_000));
  return off <= TIME_TOLERANCE_S * 1000 ? minute : iso;
}

describeEachDatabase('corpus classes through the upload', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind, { WORKERS: '2' });
  });
  afterAll(() => ctx.close());

  async function stored(file: { name: string; data: Buffer }) {
    const { client, user } = await signedInClient(ctx);
    await uploadAndWait(ctx, client, [file]);
    const flights = await ctx.services.database.db
      .selectFrom('flights')
      .select(['startTime', 'endTime', 'removalReason', 'aircraftCategory', 'maxAltitude', 'distance'])
      .where('userId', '=', user.id)
      .orderBy('startTime')
      .execute();
    const row = await ctx.services.database.db.selectFrom('igcFiles').select(['reason']).where('userId', '=', user.id).executeTakeFirstOrThrow();
    return { flights: flights.map((f) => ({ ...f, removalReason: f.removalReason ?? REASON.none })), reason: row.reason ?? '' };
  }

  /** A truth-table file uploaded: its unflagged flights' takeoff and landing, as the truth's minutes where within 60 s. */
  async function storedAgainstTruth(file: string) {
    const result = await stored(corpusFile(file));
    const expected = truth[file]!.flights;
    const unflagged = result.flights.filter((f) => f.removalReason === REASON.none);
    const times = unflagged.map((f, i) => [toTruthMinute(f.startTime, expected[i]?.[0]), toTruthMinute(f.endTime, expected[i]?.[1])]);
    return { ...result, times, expected };
  }

  // One upload of the Dalby Garmin serves the restart and the lost-fix tests.
  let restartingGarmin: ReturnType<typeof storedAgainstTruth> | undefined;
  const dalbyGarmin = () => (restartingGarmin ??= storedAgainstTruth('corpus/flare-timing/Scott-Barrett.20170409-071936.7601.19.igc.gz'));

  it('human-powered: a hike with heart rate and points without altitude, and a ride with heart rate, are No Flight rows', async () => {
    const hike = await stored(corpusFile('corpus/gpx/phpgpx-endomondo.gpx.gz'));
    expect(hike.flights.map((f) => f.removalReason)).toEqual([REASON.noFlight]);
    expect(hike.reason).toMatch(/without an altitude given the altitude of the fix before/);
    const ride = await stored(corpusFile('corpus/gpx/gpx-animator-bikeride.gpx.gz'));
    expect(ride.flights.map((f) => f.removalReason)).toEqual([REASON.noFlight]);
  }, 300_000); // a 3.4 MB GPX of 8,000 points, on a busy two-core machine

  it('logger restart (real): a hand-held Garmin off and on in the air, each restart at its old position and a stale 1,624 m, gives the two days\' flights at their times', async () => {
    const { flights, times, expected } = await dalbyGarmin();
    // Day one: logging stops in the air at 04:31 and starts again on the ground at 08:22, where the flight
    // ends; day two: off during the tow, on again thermalling at 1,350 m at 02:24, where it starts.
    expect(times).toEqual(expected);
    expect(flights).toHaveLength(2);
  }, 120_000);

  it('lost fix (real): the same Garmin repeating the landing position the next night while its altitude falls 1,624 m to 364 m stores nothing then', async () => {
    const { flights } = await dalbyGarmin();
    const night = flights.filter((f) => f.startTime! > '2017-04-08T08:23' && f.startTime! < '2017-04-09T02:24');
    expect(night).toEqual([]);
  }, 120_000);

  // No recording in the corpus writes its headers again in the air (PING.IGC does so between days), so the
  // issue's form of it is a real flight with its A and HFDTE headers written again by the test.
  it('logger restart: a real flight with its headers written again mid-file and a minute missing is one flight', async () => {
    const text = readFileSync(join(FIXTURES, 'real/go-igc/0005.igc'), 'latin1');
    const lines = text.split(/\r?\n/);
    const fixLines = lines.flatMap((l, i) => (l.startsWith('B') ? [i] : []));
    const mid = fixLines[Math.floor(fixLines.length / 2)]!;
    const restarted = [...lines.slice(0, mid), ...lines.filter((l) => /^[AH]/.test(l)), ...lines.slice(mid + 60)].join('\r\n');
    const { flights } = await stored({ name: '0005.igc', data: Buffer.from(restarted, 'latin1') });
    expect(flights.map((f) => [f.startTime, f.endTime, f.removalReason])).toEqual([['2023-10-08T12:05:26.000Z', '2023-10-08T13:08:32.000Z', REASON.none]]);
  });

  it('powered: a real airliner (Lufthansa Zurich-Frankfurt, FlightAware KML, 850 km/h at 7,300 m) is a No Flight row whose reason says why', async () => {
    const { flights, reason } = await stored(corpusFile('corpus/airliner/skydolly-FlightAware_DLH1534_LSZH_EDDF_20210817.kml.gz'));
    expect(flights.map((f) => f.removalReason)).toEqual([REASON.noFlight]);
    expect(reason).toContain(DETECTION_NOTE.powered(850).split(' (up to')[0]!);
    // Flightradar24's KML holds one placemark per position, each with its TimeStamp: read, not refused.
    const taxi = await stored(corpusFile('corpus/airliner/skydolly-FlightRadar24_FZ981-922b3bd.kml.gz'));
    expect(taxi.flights.map((f) => f.removalReason)).toEqual([REASON.noFlight]);
  });

  it('hang glider: a Wills Wing U2 flight is one unflagged flight stored as a hang glider', async () => {
    const { flights } = await stored(corpusFile('corpus/hang-glider/hacktrack-885B0912.IGC.gz'));
    expect(flights.map((f) => [f.startTime?.slice(0, 16), f.endTime?.slice(0, 16), f.removalReason, f.aircraftCategory])).toEqual([['2018-08-05T12:17', '2018-08-05T13:23', REASON.none, 'hang_glider']]);
  });

  it('phantom pieces after a gap in the air (real): a hang glider at Forbes, 14 minutes missing at 1,200-1,700 m while gliding at 75-85 km/h, is one flight', async () => {
    const forbes = await storedAgainstTruth('corpus/flare-timing/Jason_Kath.20180101-000746.18332.30.IGC.gz');
    expect(forbes.times).toEqual(forbes.expected);
    expect(forbes.flights).toHaveLength(1);
  }, 300_000); // a 6.5-hour flight of 17,800 fixes through the XC solver on a busy two-core machine

  it('aerotow and winch (real): a Wills Wing U2 aerotowed in Florida is one unflagged hang-glider flight; a Hornet winch-launched 320 m for a 9-minute circuit one unflagged sailplane flight', async () => {
    const aerotow = await storedAgainstTruth('corpus/flare-timing/T4.kannard.126.IGC.gz');
    expect(aerotow.times).toEqual(aerotow.expected);
    expect(aerotow.flights.map((f) => [f.removalReason, f.aircraftCategory])).toEqual([[REASON.none, 'hang_glider']]);
    const winch = await storedAgainstTruth('real/xcsoar/18BF14K1.igc');
    expect(winch.times).toEqual(winch.expected);
    expect(winch.flights.map((f) => [f.removalReason, f.aircraftCategory])).toEqual([[REASON.none, 'sailplane']]);
  });

  it('hovering and ridge soaring (real): ridge soaring at 4-10 km/h over the ground for 85 minutes is one flight; six minutes of cliff soaring within 245 m of launch is a flight', async () => {
    // Cut into five flights of 10, 7, 5, 43 and 3 minutes before the hovering rule (docs/validation.md).
    const ridge = await storedAgainstTruth('real/go-igc/0069.igc');
    expect(ridge.times).toEqual(ridge.expected);
    expect(ridge.flights.map((f) => f.removalReason)).toEqual([REASON.none]);
    const cliff = await storedAgainstTruth('real/go-igc/0085.igc');
    expect(cliff.times).toEqual(cliff.expected);
    expect(cliff.flights).toHaveLength(1);
  }, 120_000);

  it('short top-landed hop (real): 14 minutes soaring within 460 m of launch and never more than 41 m above it, landing 50 m from the takeoff, and a 10-minute hop landing 7 m from it, are unflagged flights', async () => {
    for (const file of ['corpus/go-igc/0232.igc.gz', 'corpus/go-igc/0230.igc.gz']) {
      const hop = await storedAgainstTruth(file);
      expect(hop.times).toEqual(hop.expected);
      expect(hop.flights).toHaveLength(1);
    }
  });

  // The shortest real top landing in the corpus lasts 10 minutes; the three-minute hop is scripted.
  it('short top-landed hop (scripted): three minutes soaring 60 m above launch, landing where it took off, is an unflagged flight', async () => {
    const turns = (climbMs: number, direction: 'left' | 'right') => ({ kind: 'thermal' as const, seconds: 60, climbMs, direction, turnSeconds: 30 });
    const igc = generateIgc({
      start: '2024-07-14T09:00:00Z',
      latitude: 46.68,
      longitude: 7.86,
      altitude: 1800,
      phases: [{ kind: 'ground', seconds: 300 }, turns(1, 'left'), turns(0, 'right'), turns(-1, 'left'), { kind: 'ground', seconds: 300 }],
    });
    const { flights } = await stored({ name: 'hop.igc', data: Buffer.from(igc, 'latin1') });
    expect(flights.map((f) => f.removalReason)).toEqual([REASON.none]);
  });

  it('short hop: a 3-minute sled ride is an unflagged flight', async () => {
    const hop = await stored(corpusFile('real/go-igc/0201.igc'));
    expect(hop.flights.map((f) => f.removalReason)).toEqual([REASON.none]);
  });

  it('impossible fixes: a corrupt tail is dropped and the reason says how many fixes; the minute of fixes before it is kept for review', async () => {
    const { flights, reason } = await stored(corpusFile('real/go-igc/igc-PkwnUq.igc'));
    expect(reason).toMatch(/771 impossible fixes dropped/);
    expect(flights.length).toBeGreaterThan(0);
    for (const f of flights) {
      expect(f.removalReason).not.toBe(REASON.none);
      expect(f.distance!).toBeLessThan(20);
      expect(f.maxAltitude!).toBeLessThan(3500);
    }
  });

  it('garbage pressure altitude is replaced by the GPS altitude, and the reason says so', async () => {
    const { flights, reason } = await stored(corpusFile('real/go-igc/0248.igc'));
    expect(reason).toMatch(/GPS altitude used instead/);
    expect(flights).toHaveLength(1);
    expect(flights[0]!.maxAltitude).toBe(3488);
  });

  it('lost fix and a gap in the air: a 7.5-hour XC with 10 minutes missing while climbing and a position frozen for 70 s is one flight with its final glide', async () => {
    const { flights, times, expected } = await storedAgainstTruth('real/go-igc/2008-07-28-XPG-KVE-02.igc');
    expect(times).toEqual(expected);
    expect(flights).toHaveLength(1);
    expect(flights[0]!.distance!).toBeGreaterThan(300);
  }, 300_000); // a 7-hour flight through the XC solver on a busy two-core machine

  it('a logger lying on an airfield, a run and two walks days apart store No Flight rows of at most their moving part', async () => {
    const hours = (f: { startTime: string | null; endTime: string | null }) => (Date.parse(f.endTime!) - Date.parse(f.startTime!)) / 3_600_000;
    for (const file of ['real/go-igc/0237.igc', 'real/togeojson/run.gpx', 'real/togeojson/multitrackgpx.gpx', 'real/togeojson/blue_hills.gpx']) {
      const { flights } = await stored(corpusFile(file));
      expect(flights.map((f) => f.removalReason)).toEqual([REASON.noFlight]);
      expect(hours(flights[0]!)).toBeLessThan(24);
    }
  });

  it('a later date header is honoured; a helicopter that climbs from the ground is not a Car Drive', async () => {
    const { flights, reason } = await stored(corpusFile('real/go-igc/PING.IGC'));
    expect(reason).toMatch(/Date headers later in the file honoured/);
    const dates = flights.map((f) => f.startTime!.slice(0, 10));
    expect(dates).toContain('2014-07-02');
    expect(dates).not.toContain('2014-07-19');
    // Only the first section, whose log begins in the air at cruise height, still reads as a drive.
    expect(flights.filter((f) => f.removalReason === REASON.car).map((f) => f.startTime)).toEqual(['2014-06-28T15:41:54.000Z']);
    expect(flights.length).toBeGreaterThanOrEqual(5);
  });
});
