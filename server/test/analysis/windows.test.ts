import { join } from 'node:path';
import Piscina from 'piscina';
import { analyseWindows, mergeWindow, readIgc, splitWindows, WindowError, type AnalysisOptions, type TimeWindow } from '../../src/analysis';
import { generateIgc, thermalFlight } from '../../../scripts/synthetic-igc';
import { fixture } from '../helpers/fixtures';
import type * as Worker from './window-worker';
import { nameTownsFromRunIndex } from '../helpers/run-towns-index';
import { sharedTownsIndex } from '../../src/jobs/towns-file';

nameTownsFromRunIndex();

const XC: AnalysisOptions = { scoringRules: 'XContest' };
// The threads name places from the run's towns index too, instead of each building its own.
const pool = new Piscina({ filename: join(__dirname, 'window-worker.cjs'), workerData: { towns: sharedTownsIndex() }, minThreads: 2, maxThreads: 2 });
afterAll(() => pool.destroy());
const windows = (bytes: Uint8Array, w: TimeWindow[], options = XC): Promise<ReturnType<typeof Worker.windows>> => pool.run({ bytes, options, windows: w }, { name: 'windows' });
const direct = (bytes: Uint8Array, w: TimeWindow, rules = 'XContest'): Promise<ReturnType<typeof Worker.direct>> => pool.run({ bytes, rules, from: w.takeoffTime, to: w.landingTime }, { name: 'direct' });
const shift = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

describe('the pilot corrects takeoff and landing, splits and merges (d3p.igc, lunch-break.igc)', () => {
  const d3p = fixture('d3p.igc');
  const [auto] = readIgc(d3p, XC).segments;

  it('has no repairs to account for, so the solver run directly sees the same fixes', () => {
    expect(readIgc(d3p, XC).repairs).toEqual([]);
    expect(readIgc(fixture('lunch-break.igc'), XC).repairs).toEqual([]);
  });

  it('an earlier landing shortens the flight and scores the optimum over exactly the fixes kept', async () => {
    const [automatic] = await windows(d3p, [{ takeoffTime: auto!.startTime, landingTime: auto!.endTime }]);
    const early: TimeWindow = { takeoffTime: auto!.startTime, landingTime: shift(auto!.startTime, 90) };
    const [corrected] = await windows(d3p, [early]);
    expect(corrected!.endTime).toBe(early.landingTime);
    expect(corrected!.flightTime).toBe(90 * 60);
    expect(corrected!.xcDistance).toBeLessThan(automatic!.xcDistance * 0.8);
    const solved = await direct(d3p, early);
    expect(solved.fixes).toBe(corrected!.fixes);
    expect(corrected!.xcPoints).toBeCloseTo(solved.xcPoints, 5);
    expect(corrected!.flightCode).toBe(solved.flightCode);
  });

  it('a window wider than the detected flight keeps the fixes the detection left out', async () => {
    const wide: TimeWindow = { takeoffTime: shift(auto!.startTime, -10), landingTime: shift(auto!.endTime, 10) };
    const [corrected] = await windows(d3p, [wide]);
    expect(corrected!.flightTime).toBeGreaterThan((Date.parse(auto!.endTime) - Date.parse(auto!.startTime)) / 1000);
    expect(corrected!.xcPoints).toBeCloseTo((await direct(d3p, wide)).xcPoints, 5);
  });

  it('a split gives two flights that meet at the moment chosen, each scored over its own fixes', async () => {
    const at = shift(auto!.startTime, 100);
    const parts = splitWindows(auto!, at);
    const [first, second] = await windows(d3p, parts);
    expect(first!.endTime).toBe(at);
    expect(second!.startTime).toBe(at);
    expect(first!.flightTime + second!.flightTime).toBe((Date.parse(auto!.endTime) - Date.parse(auto!.startTime)) / 1000);
    expect(first!.xcPoints).toBeCloseTo((await direct(d3p, parts[0])).xcPoints, 5);
    expect(second!.xcPoints).toBeCloseTo((await direct(d3p, parts[1])).xcPoints, 5);
  });

  it('a merge of the two flights around the lunch break is one flight scored over both and the pause', async () => {
    const lunch = fixture('lunch-break.igc');
    const [a, b] = readIgc(lunch, XC).segments;
    const merged = mergeWindow(a!, b!);
    const [flight] = await windows(lunch, [merged]);
    expect(flight!.startTime).toBe(a!.startTime);
    expect(flight!.endTime).toBe(b!.endTime);
    const [alone] = await windows(lunch, [{ takeoffTime: b!.startTime, landingTime: b!.endTime }]);
    expect(flight!.xcPoints).toBeGreaterThanOrEqual(alone!.xcPoints);
    expect(flight!.xcPoints).toBeCloseTo((await direct(lunch, merged)).xcPoints, 5);
  }, 120_000);
});

describe('windows that cannot be flights', () => {
  const igc = Buffer.from(generateIgc(thermalFlight('2024-07-14T09:00:00Z')));
  const refuse = (w: TimeWindow) => {
    try {
      analyseWindows(igc, XC, [w]);
      return 'analysed';
    } catch (err) {
      expect(err).toBeInstanceOf(WindowError);
      return (err as Error).message;
    }
  };
  it('explains why', () => {
    expect(refuse({ takeoffTime: '2024-07-14T10:00:00Z', landingTime: '2024-07-14T09:30:00Z' })).toBe('The takeoff must be before the landing.');
    expect(refuse({ takeoffTime: 'soon', landingTime: '2024-07-14T09:30:00Z' })).toBe('Takeoff and landing must be valid times.');
    expect(refuse({ takeoffTime: '2024-07-15T10:00:00Z', landingTime: '2024-07-15T11:00:00Z' })).toBe('There are not two GPS fixes between the takeoff and the landing: the recording runs from 2024-07-14 09:00:00 to 2024-07-14 09:47:59 UTC.');
    expect(() => splitWindows({ startTime: '2024-07-14T09:00:00Z', endTime: '2024-07-14T10:00:00Z' }, '2024-07-14T11:00:00Z')).toThrow("The split must fall between the flight's takeoff and landing.");
    expect(() => mergeWindow({ startTime: '2024-07-14T10:00:00Z' }, { endTime: '2024-07-14T09:00:00Z' })).toThrow('The flights to merge must follow each other.');
  });

  it('is the whole window, with no takeoff detection inside: the ground before the launch stays in', () => {
    const [flight] = analyseWindows(igc, XC, [{ takeoffTime: '2024-07-14T09:00:00Z', landingTime: '2024-07-14T09:20:00Z' }]);
    expect(flight!.startTime).toBe('2024-07-14T09:00:00.000Z');
    expect(flight!.endTime).toBe('2024-07-14T09:20:00.000Z');
    expect(flight!.segmentIndex).toBe(0);
  });
});
