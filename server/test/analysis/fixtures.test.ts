import { readdirSync } from 'node:fs';
import { readIgc, LOW_RES_MAX_POINTS, type FlightAnalysis, type ScoringRules } from '../../src/analysis';
import { AnalysisPool } from '../../src/ingest/analysis-pool';
import { unpack } from '../helpers/analysis';
import { fixture, FIXTURE_DIR } from '../helpers/fixtures';

/** Reference scores from the fixtures README (igc-xc-score's published values). */
const FFVL_REFERENCE: Record<string, number> = {
  'd3p.igc': 60.77,
  'd3p-anti-cache.igc': 58.53,
  'tri.igc': 17.52,
  'fai.igc': 228.69,
  'line.igc': 53.35,
  'zigzag.igc': 90.64,
  'flat-ffvl-26.37.igc': 26.37,
  'discontinuity.igc': 53.01,
  'dup-fixes.igc': 89.11,
  'hiking-up.igc': 40.54,
};
// The XC solver runs many times slower inside jest's module sandbox: analyse through the real
// worker pool, each file once per rule set.
const pools: Partial<Record<ScoringRules, AnalysisPool>> = {};
const cache = new Map<string, Promise<FlightAnalysis[]>>();
afterAll(() => Promise.all(Object.values(pools).map((p) => p.close())));
function analyseIgc(name: string, scoringRules: ScoringRules): Promise<FlightAnalysis[]> {
  const key = `${name}:${scoringRules}`;
  if (!cache.has(key)) {
    const pool = (pools[scoringRules] ??= new AnalysisPool(2, { scoringRules }));
    cache.set(key, pool.analyse(fixture(name)).then((r) => (r.ok ? r.value.map(unpack) : Promise.reject(new Error(r.message)))));
  }
  return cache.get(key)!;
}

const within = (value: number, reference: number) => Math.abs(value - reference) / reference <= 0.005;

describe('analysis of real recordings', () => {
  const files = () => readdirSync(FIXTURE_DIR).filter((f) => /\.igc$/i.test(f));

  it('reads every fixture and finds at least one scored flight in each', async () => {
    const all = await Promise.all(files().map((name) => analyseIgc(name, 'FFVL')));
    for (const flights of all) {
      expect(flights.length).toBeGreaterThan(0);
      for (const f of flights) {
        expect(f.flightTime).toBeGreaterThan(0);
        expect(f.timeZone).toMatch(/\//);
        expect(f.pathLowRes.length).toBeLessThanOrEqual(LOW_RES_MAX_POINTS);
        // One circle detection: the flight's circles are its thermals' turns, and thermals index the stored path.
        expect(f.leftCircles + f.rightCircles).toBe(f.phases.thermals.reduce((s, t) => s + t.turns, 0));
        for (const t of f.phases.thermals) expect(f.path[t.endIndex]!.timestamp).toBe(Date.parse(t.endTime));
      }
    }
  });

  it.each(Object.entries(FFVL_REFERENCE))('scores %s within 0.5%% of its FFVL reference', async (name, reference) => {
    const flights = await analyseIgc(name, 'FFVL');
    const best = Math.max(...flights.map((f) => f.xcPoints));
    expect(within(best, reference)).toBe(true);
  });

  it('trims the marcourt hop to its flight, scoring a little under the untrimmed 1.56', async () => {
    const [flight] = await analyseIgc('marcourt.igc', 'FFVL');
    expect(flight!.xcPoints).toBeLessThanOrEqual(1.56);
    expect(flight!.xcPoints).toBeGreaterThan(1.56 * 0.97);
  });

  it('scores flat-xcontest-8.01 under XContest rules within 0.5% of 8.01 points', async () => {
    const [flight] = await analyseIgc('flat-xcontest-8.01.igc', 'XContest');
    expect(within(flight!.xcPoints, 8.01)).toBe(true);
  });

  it('calls the FAI triangle a fai flight with numbered turnpoints', async () => {
    const [flight] = await analyseIgc('fai.igc', 'XContest');
    expect(flight!.flightCode).toBe('fai');
    expect(flight!.features.filter((f) => f.type === 'tp')).toHaveLength(3);
    expect(flight!.features.some((f) => f.type === 'seg')).toBe(true);
  });

  it('splits the lunch break into two flights, short one first', async () => {
    const flights = await analyseIgc('lunch-break.igc', 'FFVL');
    expect(flights.length).toBeGreaterThanOrEqual(2);
    expect(flights[0]!.flightTime).toBeLessThan(45 * 60);
    expect(flights[1]!.flightTime).toBeGreaterThan(2 * 3600);
    const pause = Date.parse(flights[1]!.startTime) - Date.parse(flights[0]!.endTime);
    expect(pause).toBeGreaterThan(20 * 60 * 1000);
    expect(readIgc(fixture('lunch-break.igc'), { scoringRules: 'FFVL' }).segments).toHaveLength(flights.length);
  });

  it('starts the hike-and-fly recording at the takeoff, not at the start of the hike', async () => {
    const [flight] = await analyseIgc('hiking-up.igc', 'FFVL');
    const recordingStart = fixture('hiking-up.igc').toString('latin1').match(/^B(\d{2})(\d{2})/m)!;
    const startHour = new Date(flight!.startTime).getUTCHours();
    expect(startHour - Number(recordingStart[1])).toBeGreaterThanOrEqual(1);
  });

  it('reads the HFDTEDATE form with a space that igc-parser rejects', async () => {
    const [flight] = await analyseIgc('new_date_format.igc', 'XContest');
    expect(flight!.startTime.slice(0, 10)).toBe('2018-04-03');
  });

  it('keeps a track whose times do not advance, dropping the repeated fixes', async () => {
    const [flight] = await analyseIgc('no_time_increment.igc', 'XContest');
    const times = flight!.path.map((p) => p.timestamp!);
    expect(times.every((t, i) => i === 0 || t > times[i - 1]!)).toBe(true);
  });

  it('ends a flight whose log breaks off in the air where the glider landed', async () => {
    const [flight] = await analyseIgc('discontinuity.igc', 'FFVL');
    expect(within(flight!.xcPoints, 53.01)).toBe(true);
  });

  it('places the takeoff in the nearest town and the local time zone', async () => {
    const [flight] = await analyseIgc('d3p.igc', 'XContest');
    expect(flight!.timeZone).toBe('Europe/Ljubljana');
    expect(flight!.takeoffLocation).toBe('Kobarid');
  });
});
