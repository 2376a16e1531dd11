import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { REASON, type FlightAnalysis } from '../../src/analysis';
import { AnalysisPool } from '../../src/ingest/analysis-pool';
import { unpack } from '../helpers/analysis';
import { EXPECTATIONS } from './real-expectations';

/**
 * Every real recording in fixtures/real through the analysis the upload runs (the worker pool), judged
 * against what a pilot reading its fixes expects (real-expectations.ts, docs/validation.md).
 */
const REAL_DIR = resolve(__dirname, '../fixtures/real');
// XCLeague: the quickest league for the solver (docs/validation.md, Leagues); the score is not what is judged here.
const pool = new AnalysisPool(2, { scoringRules: 'XCLeague' });
afterAll(() => pool.close());

const results = new Map<string, Promise<FlightAnalysis[]>>();
function analyse(file: string): Promise<FlightAnalysis[]> {
  if (!results.has(file)) {
    const bytes = readFileSync(join(REAL_DIR, file));
    const filename = file.split('/').pop()!;
    results.set(file, pool.analyse(bytes, { filename }).then((r) => (r.ok ? r.value.map(unpack) : Promise.reject(new Error(r.message)))));
  }
  return results.get(file)!;
}

const minutes = (f: FlightAnalysis) => (Date.parse(f.endTime) - Date.parse(f.startTime)) / 60_000;
const inRange = (v: number, [lo, hi]: [number, number]) => v >= lo && v <= hi;

describe('real recordings read as a pilot reads them', () => {
  // Start every file at once: the pool works through them two at a time.
  beforeAll(() => Promise.allSettled(Object.keys(EXPECTATIONS).map(analyse)), 600_000);

  it('has at least 60 real recordings from at least 10 kinds of instrument, with the 23 under fixtures/igc', () => {
    const recorders = new Set(Object.values(EXPECTATIONS).map((e) => e.recorder.split(' ')[0]));
    expect(Object.keys(EXPECTATIONS).length + 23).toBeGreaterThanOrEqual(60);
    expect(recorders.size).toBeGreaterThanOrEqual(10);
  });

  it.each(Object.entries(EXPECTATIONS))('%s', async (file, e) => {
    const flights = await analyse(file);
    const count = flights.length;
    if (typeof e.flights === 'number') expect(count).toBe(e.flights);
    else expect(inRange(count, e.flights)).toBe(true);
    for (const f of flights) {
      // Nothing stored, flagged or not, is longer than a day, higher than an airliner or faster than one.
      expect(minutes(f)).toBeLessThanOrEqual(24 * 60);
      expect(f.maxAltitude).toBeLessThan(9000);
      expect(f.distance).toBeLessThan(1500);
      if (f.flightTime > 600) expect(f.groundDistance / (f.flightTime / 3600)).toBeLessThan(300);
    }
    if (e.noFlight) for (const f of flights) expect([REASON.noFlight, REASON.car]).toContain(f.removalReason);
    if (e.ok) for (const f of flights) expect({ start: f.startTime, reason: f.removalReason }).toEqual({ start: f.startTime, reason: REASON.none });
    if (e.maxAltitude) for (const f of flights) expect(inRange(f.maxAltitude, e.maxAltitude)).toBe(true);
    if (e.minutes && count) expect(inRange(Math.max(...flights.map(minutes)), e.minutes)).toBe(true);
    if (e.distanceKm && count) expect(inRange(Math.max(...flights.map((f) => f.distance)), e.distanceKm)).toBe(true);
    const dates = flights.map((f) => f.startTime.slice(0, 10));
    for (const d of e.dates ?? []) expect(dates).toContain(d);
    for (const d of e.notDates ?? []) expect(dates).not.toContain(d);
    if (e.reason && count) expect(flights[0]!.repairs.join(' ')).toMatch(e.reason);
  });
});
