import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REASON } from '../../src/analysis';
import { DETECTION_NOTE } from '../../src/analysis/segments';
import { describeEachDatabase, signedInClient, startTestApp, type TestContext } from '../helpers/app';
import { uploadAndWait } from '../helpers/upload';
import { generateIgc } from '../../../scripts/synthetic-igc';
import { unzipIfNeeded } from './corpus-fixes';

/**
 * The corpus files behind the detection rules of docs/validation.md, uploaded through the HTTP API on
 * each database: what the logbook stores and the reason the pilot reads. (Files whose flights take the
 * XC solver minutes, such as the lost-fix XC of 7.5 h, are held by detection-classes.test.ts and by
 * uploads-real.test.ts.)
 */
const FIXTURES = join(__dirname, '../fixtures');
const corpusFile = (file: string) => ({ name: file.split('/').pop()!.replace(/\.gz$/, ''), data: unzipIfNeeded(readFileSync(join(FIXTURES, file)), file) });

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
      .select(['startTime', 'endTime', 'removalReason'])
      .where('userId', '=', user.id)
      .orderBy('startTime')
      .execute();
    const row = await ctx.services.database.db.selectFrom('igcFiles').select(['reason']).where('userId', '=', user.id).executeTakeFirstOrThrow();
    return { flights: flights.map((f) => ({ ...f, removalReason: f.removalReason ?? REASON.none })), reason: row.reason ?? '' };
  }

  it('human-powered: a hike with heart rate and points without altitude, and a ride with heart rate, are No Flight rows', async () => {
    const hike = await stored(corpusFile('corpus/gpx/phpgpx-endomondo.gpx.gz'));
    expect(hike.flights.map((f) => f.removalReason)).toEqual([REASON.noFlight]);
    expect(hike.reason).toMatch(/without an altitude given the altitude of the fix before/);
    const ride = await stored(corpusFile('corpus/gpx/gpx-animator-bikeride.gpx.gz'));
    expect(ride.flights.map((f) => f.removalReason)).toEqual([REASON.noFlight]);
  }, 300_000); // a 3.4 MB GPX of 8,000 points, on a busy two-core machine

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
    const { client, user } = await signedInClient(ctx);
    await uploadAndWait(ctx, client, [corpusFile('corpus/hang-glider/hacktrack-885B0912.IGC.gz')]);
    const flights = await ctx.services.database.db.selectFrom('flights').select(['startTime', 'endTime', 'removalReason', 'aircraftCategory']).where('userId', '=', user.id).execute();
    expect(flights.map((f) => [f.startTime?.slice(0, 16), f.endTime?.slice(0, 16), f.removalReason ?? REASON.none, f.aircraftCategory])).toEqual([['2018-08-05T12:17', '2018-08-05T13:23', REASON.none, 'hang_glider']]);
  });

  it('top-landed hop: three minutes soaring 60 m above launch, landing where it took off, is an unflagged flight', async () => {
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

  it('short hop: a 3-minute sled ride is an unflagged flight; a minute of fixes before corrupt jumps is kept for review', async () => {
    const hop = await stored(corpusFile('real/go-igc/0201.igc'));
    expect(hop.flights.map((f) => f.removalReason)).toEqual([REASON.none]);
    const corrupt = await stored(corpusFile('real/go-igc/igc-PkwnUq.igc'));
    expect(corrupt.flights.length).toBeGreaterThan(0);
    for (const f of corrupt.flights) expect(f.removalReason).not.toBe(REASON.none);
  });
});
