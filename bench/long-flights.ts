// Long flights for the ingest and import benches: nearly straight free flights are where
// a branch-and-bound scorer spends its time proving the optimum, so every season measured includes
// some, generated (a thermal every 10 km, then a glide on one heading) and real.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type IGCParser from 'igc-parser';
import { scoringRules, solver } from 'igc-xc-score';
import type { ScoringRules } from '../contract/scoring';
import { generateIgc, type Phase } from '../scripts/synthetic-igc';

/** A generated straight free flight of about `km` kilometres. */
export function straightFlight(km: number, seed: number): { name: string; data: Buffer } {
  const phases: Phase[] = [{ kind: 'ground', seconds: 120 }];
  for (let d = 0; d < km; d += 10) phases.push({ kind: 'thermal', seconds: 240, climbMs: 2, direction: 'left' }, { kind: 'glide', seconds: 900, heading: 60, speedKmh: 40, sinkMs: 1 });
  phases.push({ kind: 'ground', seconds: 120 });
  const igc = generateIgc({ start: `2024-06-${String(1 + seed).padStart(2, '0')}T09:00:00Z`, latitude: 46, longitude: 7, altitude: 1500, phases, seed });
  return { name: `straight-${km}km.igc`, data: Buffer.from(igc) };
}

/** Real long recordings among the test fixtures (server/test/fixtures/real/SOURCES.md). */
const REAL_LONG = ['xcsoar/01lz1hq1.igc'];

/** Generated straight flights of 60 and 120 km, and the real long recordings present. */
export function longFlights(): { name: string; data: Buffer }[] {
  const real = REAL_LONG.map((path) => join(__dirname, '../server/test/fixtures/real', path))
    .filter((file) => existsSync(file))
    .map((file) => ({ name: `real-${file.split('/').pop()}`, data: readFileSync(file) }));
  return [straightFlight(60, 1), straightFlight(120, 2), ...real];
}

/**
 * The library baseline's search for one file, capped: on a long straight flight igc-xc-score can take
 * minutes to prove its optimum (docs/ingestion.md), so a bench stops it after BENCH_BASELINE_CAP_S
 * (default 60 s). A capped file counts with the time it was given, so a baseline total is a lower
 * bound and a ratio ours / baseline an upper bound; the benches list the capped files.
 */
export const BASELINE_CAP_MS = Number(process.env.BENCH_BASELINE_CAP_S ?? 60) * 1000;

export function cappedLibraryScore(flight: IGCParser.IGCFile, rules: ScoringRules): { score: number; ms: number; capped: boolean } {
  const started = performance.now();
  const it = solver(flight, scoringRules[rules]!, { maxcycle: 500 });
  let step = it.next();
  while (!step.done && performance.now() - started < BASELINE_CAP_MS) step = it.next();
  return { score: step.value?.score ?? 0, ms: performance.now() - started, capped: !step.done };
}
