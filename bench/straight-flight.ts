// npx tsx bench/straight-flight.ts [km]: the scorer's pathological case, a nearly straight free flight.
// Times igc-xc-score to its proven optimum (printing its progress), then our optimizer on the same fixes
// (server/src/analysis/optimizer, docs/scoring.md), and prints both scores. Prints numbers; asserts nothing.
import IGCParser from 'igc-parser';
import { scoringRules, solver } from 'igc-xc-score';
import { optimize } from '../server/src/analysis/optimizer';
import { generateIgc, type Phase } from '../scripts/synthetic-igc';

const km = Number(process.argv[2] ?? 30);
const phases: Phase[] = [{ kind: 'ground', seconds: 120 }];
for (let d = 0; d < km; d += 10) phases.push({ kind: 'thermal', seconds: 240, climbMs: 2, direction: 'left' }, { kind: 'glide', seconds: 900, heading: 60, speedKmh: 40, sinkMs: 1 });
phases.push({ kind: 'ground', seconds: 120 });
const flight = IGCParser.parse(generateIgc({ start: '2024-06-01T09:00:00Z', latitude: 46, longitude: 7, altitude: 1500, phases, seed: 3 }), { lenient: true });

let started = performance.now();
const it = solver(flight, scoringRules.XContest, { noflight: true, maxcycle: 2000 });
let step = it.next();
while (!step.done) {
  const s = step.value as unknown as { score: number; currentUpperBound: number };
  console.log(`  library after ${((performance.now() - started) / 1000).toFixed(1)} s: best ${s.score}, proven bound ${s.currentUpperBound}`);
  step = it.next();
}
const libraryMs = performance.now() - started;
const best = step.value as unknown as { score: number; opt: { scoring: { code: string } }; processed: number };
started = performance.now();
const ours = optimize(flight.fixes, 'XContest');
const oursMs = performance.now() - started;
console.log(`\n${km} km straight flight, ${flight.fixes.length} fixes`);
console.log(`| method | score | time |\n|---|---|---|`);
console.log(`| igc-xc-score to its proven optimum (XContest) | ${best.score} (${best.opt.scoring.code}, ${best.processed} solutions) | ${(libraryMs / 1000).toFixed(1)} s |`);
console.log(`| our optimizer (free distance by dynamic programming, circuits pruned by it) | ${ours?.score} (${ours?.code}, ${ours?.optimal ? 'proven' : `bound ${ours?.bound}`}) | ${(oursMs / 1000).toFixed(2)} s |`);
