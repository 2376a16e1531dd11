import { analyseIgc, IgcReadError, readIgc, REASON, type FlightAnalysis } from '../../src/analysis';
import { AnalysisPool } from '../../src/ingest/analysis-pool';
import { unpack } from '../helpers/analysis';
import { generateIgc, thermalFlight, type Phase, type Recording } from '../../../scripts/synthetic-igc';
import { nameTownsFromRunIndex } from '../helpers/run-towns-index';

nameTownsFromRunIndex();

const XC = { scoringRules: 'XContest' as const };
const site = { latitude: 46.68, longitude: 7.86, altitude: 1800 };
// The XC solver runs many times slower inside jest's module sandbox, so scoring goes through the real worker pool.
const pool = new AnalysisPool(2, XC);
afterAll(() => pool.close());
async function analyse(rec: Recording): Promise<FlightAnalysis[]> {
  const result = await pool.analyse(Buffer.from(generateIgc(rec)));
  if (!result.ok) throw new Error(result.message);
  return result.value.map(unpack);
}
const day = (phases: Phase[], extra: Partial<Recording> = {}): Recording => ({ start: '2024-07-14T09:00:00Z', ...site, phases, ...extra });

describe('flight detection on scripted days', () => {
  it('finds one clean flight in a thermal day, with circles counted by direction', async () => {
    const [flight, ...rest] = await analyse(thermalFlight('2024-07-14T09:00:00Z'));
    expect(rest).toHaveLength(0);
    expect(flight!.removalReason).toBe(REASON.none);
    expect(flight!.rightCircles).toBe(20);
    expect(flight!.leftCircles).toBe(15);
    // The scripted thermals: 480 s right at 2.2 m/s, 360 s left at 1.8 m/s, drifting 5 km/h towards the north-east.
    const { thermals, summary } = flight!.phases;
    expect(thermals.map((t) => t.direction)).toEqual(['right', 'left']);
    expect(thermals.map((t) => t.turns)).toEqual([20, 15]);
    expect(Math.abs(thermals[0]!.averageClimb - 2.2)).toBeLessThan(0.15);
    expect(Math.abs(thermals[1]!.averageClimb - 1.8)).toBeLessThan(0.15);
    for (const t of thermals) {
      expect(Math.abs(t.windSpeed! - 5)).toBeLessThan(2);
      expect(Math.abs(t.windDirection! - 225)).toBeLessThan(20);
    }
    expect(summary.thermalCount).toBe(2);
    expect(flight!.repairs).toEqual([]);
    expect(flight!.maxLift).toBeGreaterThan(1.5);
    expect(flight!.maxSink).toBeLessThan(-0.8);
    expect(flight!.xcPoints).toBeGreaterThan(5);
    expect(flight!.takeoffLocation).toBe('Interlaken');
  });

  it('splits a day with a lunch on the ground into two flights', async () => {
    const flights = await analyse(
      day([
        { kind: 'ground', seconds: 60 },
        { kind: 'glide', seconds: 600, heading: 90 },
        { kind: 'ground', seconds: 2400 },
        { kind: 'glide', seconds: 300, heading: 180, sinkMs: 0.4 },
        { kind: 'thermal', seconds: 600, climbMs: 2, direction: 'left' },
        { kind: 'glide', seconds: 900, heading: 270 },
        { kind: 'ground', seconds: 60 },
      ]),
    );
    expect(flights.map((f) => Math.round(f.flightTime / 60))).toEqual([10, 30]);
  });

  it('leaves the hike up out of the flight', async () => {
    const [flight] = await analyse(day([{ kind: 'hike', seconds: 3600, climbMs: 0.2 }, { kind: 'ground', seconds: 300 }, { kind: 'glide', seconds: 900, heading: 0 }, { kind: 'ground', seconds: 60 }]));
    expect(flight!.startTime >= '2024-07-14T10:04:00').toBe(true);
    expect(flight!.startHeight).toBeGreaterThan(site.altitude + 600);
  });

  it('uses GPS altitude when the instrument has no barometer', async () => {
    const [flight] = await analyse({ ...thermalFlight('2024-07-14T09:00:00Z'), gpsOnly: true });
    expect(flight!.maxAltitude).toBeGreaterThan(site.altitude);
    expect(flight!.path.every((p) => p.baroAltitude === undefined || p.baroAltitude === 0)).toBe(true);
  });

  it('dates an evening flight by the local day of its takeoff, not by UTC', async () => {
    const [flight] = await analyse({ ...thermalFlight('2024-07-15T01:00:00Z'), latitude: 39.6, longitude: -105.9, altitude: 3000 });
    expect(flight!.timeZone).toBe('America/Denver');
    expect(flight!.localDate).toBe('2024-07-14');
    expect(flight!.startTime.slice(0, 10)).toBe('2024-07-15');
  });

  it('keeps time running across midnight UTC', async () => {
    const [flight] = await analyse(thermalFlight('2024-07-14T23:40:00Z'));
    expect(flight!.endTime.slice(0, 10)).toBe('2024-07-15');
    expect(flight!.flightTime).toBeGreaterThan(2000);
  });
});

describe('validation reasons', () => {
  const reasonOf = async (phases: Phase[]) => (await analyse(day(phases))).map((f) => f.removalReason);

  it('No Flight: a recording that never leaves the ground', async () => {
    expect(await reasonOf([{ kind: 'ground', seconds: 600 }, { kind: 'hike', seconds: 1200 }])).toEqual([REASON.noFlight]);
    expect(await reasonOf(thermalFlight('2024-07-14T09:00:00Z').phases)).toEqual([REASON.none]);
  });

  it('Short Flight: under a minute in the air', async () => {
    expect(await reasonOf([{ kind: 'ground', seconds: 120 }, { kind: 'glide', seconds: 45, heading: 90 }, { kind: 'ground', seconds: 120 }])).toEqual([REASON.shortFlight]);
    expect(await reasonOf([{ kind: 'ground', seconds: 120 }, { kind: 'glide', seconds: 180, heading: 90 }, { kind: 'ground', seconds: 120 }])).toEqual([REASON.none]);
  });

  it('Insufficient Height Difference: a level ride with almost no height change', async () => {
    expect(await reasonOf([{ kind: 'ground', seconds: 60 }, { kind: 'glide', seconds: 400, heading: 90, speedKmh: 25, sinkMs: 0.01 }, { kind: 'ground', seconds: 60 }])).toEqual([REASON.insufficientHeight]);
    expect(await reasonOf([{ kind: 'ground', seconds: 60 }, { kind: 'glide', seconds: 400, heading: 90, speedKmh: 25, sinkMs: 0.3 }, { kind: 'ground', seconds: 60 }])).toEqual([REASON.none]);
  });

  it('Gondola Ride: a straight steady climb that ends at the top, followed by the real flight', async () => {
    const reasons = await reasonOf([
      { kind: 'ground', seconds: 120 },
      { kind: 'gondola', seconds: 480, climbMs: 3.5 },
      { kind: 'ground', seconds: 900 },
      { kind: 'glide', seconds: 900, heading: 200, sinkMs: 1.4 },
      { kind: 'ground', seconds: 60 },
    ]);
    expect(reasons).toEqual([REASON.gondola, REASON.none]);
  });

  it('Car Drive: road speeds without a single thermal', async () => {
    expect(await reasonOf([{ kind: 'ground', seconds: 120 }, { kind: 'car', seconds: 1200, speedKmh: 85 }, { kind: 'ground', seconds: 120 }])).toEqual([REASON.car]);
    expect(await reasonOf([{ kind: 'ground', seconds: 60 }, { kind: 'glide', seconds: 1200, heading: 90, speedKmh: 55, sinkMs: 1.5 }, { kind: 'thermal', seconds: 300, climbMs: 2, direction: 'left' }, { kind: 'ground', seconds: 60 }])).toEqual([REASON.none]);
  });
});

describe('unreadable files', () => {
  const reason = (bytes: Uint8Array) => {
    try {
      readIgc(bytes, XC);
      return 'read';
    } catch (err) {
      expect(err).toBeInstanceOf(IgcReadError);
      return (err as Error).message;
    }
  };
  it('explains why each cannot be read', async () => {
    expect(reason(new Uint8Array())).toBe('The file is empty.');
    expect(reason(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toBe('This is not an IGC file (it contains binary data).');
    const igc = generateIgc(thermalFlight('2024-07-14T09:00:00Z'));
    expect(reason(Buffer.from(igc.slice(0, igc.indexOf('\nB'))))).toBe('The file contains no GPS fixes (no B records).');
    expect(reason(Buffer.from(igc.replace(/HFDTE[^\r\n]*/, '')))).toBe('The file has no valid date header (HFDTE), and its name holds no date (such as 2024-07-14).');
  });

  it('reads a truncated file up to where it stops', async () => {
    const igc = generateIgc(thermalFlight('2024-07-14T09:00:00Z'));
    const truncated = igc.slice(0, Math.floor(igc.length * 0.6) + 17);
    expect(analyseIgc(Buffer.from(truncated), XC)[0]!.flightTime).toBeGreaterThan(600);
  });

  it('reads Latin-1 headers', async () => {
    const igc = generateIgc(thermalFlight('2024-07-14T09:00:00Z')).replace('Synthetic Wing', 'Aérodyne Süd');
    const [flight] = analyseIgc(Buffer.from(igc, 'latin1'), XC);
    expect(flight!.gliderType).toBe('Aérodyne Süd');
  });

  it('names no wing when the header holds a placeholder (NKN, "not set") instead of a wing', async () => {
    // Real recorders write these (server/test/fixtures: a Flymaster's "not set", the IGC standard's NKN).
    for (const placeholder of ['NKN', 'not set      ', 'Unknown', 'My vehicle', '-', '']) {
      const igc = generateIgc(thermalFlight('2024-07-14T09:00:00Z')).replace('Synthetic Wing', placeholder);
      expect([placeholder, analyseIgc(Buffer.from(igc), XC)[0]!.gliderType]).toEqual([placeholder, null]);
    }
    const named = generateIgc(thermalFlight('2024-07-14T09:00:00Z')).replace('Synthetic Wing', ' Ozone Swift 5 ');
    expect(analyseIgc(Buffer.from(named), XC)[0]!.gliderType).toBe('Ozone Swift 5');
  });
});
