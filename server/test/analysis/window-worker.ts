import IGCParser from 'igc-parser';
import { scoringRules, solver } from 'igc-xc-score';
import { workerData } from 'node:worker_threads';
import { analyseWindows, shareTownsIndex, type AnalysisOptions, type TimeWindow } from '../../src/analysis';
import { normaliseHeaders, decodeText } from '../../src/analysis/parse';

// The run's towns index (scripts/jest-global-setup.cjs), as the server's analysis threads share it.
const shared = (workerData as { towns?: SharedArrayBuffer } | undefined)?.towns;
if (shared) shareTownsIndex(new Uint8Array(shared));

type Figures = { xcPoints: number; xcDistance: number; flightCode: string; flightTime: number; startTime: string; endTime: string; fixes: number };

/** analyseWindows, keeping the figures a test compares (the track stays in the thread). */
export function windows({ bytes, options, windows }: { bytes: Uint8Array; options: AnalysisOptions; windows: TimeWindow[] }): Figures[] {
  return analyseWindows(bytes, options, windows).map((f) => ({ xcPoints: f.xcPoints, xcDistance: f.xcDistance, flightCode: f.flightCode, flightTime: f.flightTime, startTime: f.startTime, endTime: f.endTime, fixes: f.track.timesMs.length }));
}

/** igc-xc-score run directly, as its README shows, on igc-parser's fixes inside [from, to]. */
export function direct({ bytes, rules, from, to }: { bytes: Uint8Array; rules: string; from: string; to: string }): { xcPoints: number; flightCode: string; fixes: number } {
  const flight = IGCParser.parse(normaliseHeaders(decodeText(bytes)), { lenient: true });
  flight.fixes = flight.fixes.filter((f) => f.timestamp >= Date.parse(from) && f.timestamp <= Date.parse(to));
  const it = solver(flight, scoringRules[rules]!, { maxcycle: 2000, noflight: true, invalid: true });
  let step = it.next();
  while (!step.done) step = it.next();
  return { xcPoints: step.value.score ?? 0, flightCode: step.value.opt.scoring.code, fixes: flight.fixes.length };
}
