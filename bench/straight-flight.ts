// npx tsx bench/straight-flight.ts [km]: the scorer's pathological case, a nearly straight free flight.
// Times igc-xc-score to its proven optimum (printing its progress), then an exact dynamic programme
// for free distance alone (the best chain of 5 fixes, per-leg rounding as the library's XContest
// rules) over the same fixes, and compares the two scores. Prints numbers; asserts nothing.
import IGCParser from 'igc-parser';
import { scoringRules, solver } from 'igc-xc-score';
import { generateIgc, type Phase } from '../scripts/synthetic-igc';

const km = Number(process.argv[2] ?? 30);
const phases: Phase[] = [{ kind: 'ground', seconds: 120 }];
for (let d = 0; d < km; d += 10) phases.push({ kind: 'thermal', seconds: 240, climbMs: 2, direction: 'left' }, { kind: 'glide', seconds: 900, heading: 60, speedKmh: 40, sinkMs: 1 });
phases.push({ kind: 'ground', seconds: 120 });
const flight = IGCParser.parse(generateIgc({ start: '2024-06-01T09:00:00Z', latitude: 46, longitude: 7, altitude: 1500, phases, seed: 3 }), { lenient: true });

const round2 = (x: number) => Math.round(x * 100) / 100;
/** The library's FCC distance (igc-xc-score src/foundation.js), in km. */
function fcc(lat1: number, lon1: number, lat2: number, lon2: number) {
  const df = lat2 - lat1;
  const dg = lon2 - lon1;
  const cosfm = Math.cos((((lat1 + lat2) / 2) * Math.PI) / 180);
  const cos2fm = 2 * cosfm * cosfm - 1;
  const cos3fm = cosfm * (2 * cos2fm - 1);
  const cos4fm = 2 * cos2fm * cos2fm - 1;
  const cos5fm = 2 * cos2fm * cos3fm - cosfm;
  const k1 = 111.13209 - 0.566605 * cos2fm + 0.0012 * cos4fm;
  const k2 = 111.41513 * cosfm - 0.09455 * cos3fm + 0.00012 * cos5fm;
  return Math.sqrt(k1 * df * (k1 * df) + k2 * dg * (k2 * dg));
}

/** Best sum of 4 rounded legs over 5 fixes in track order: O(4·n²). */
function freeDistanceDp(fixes: IGCParser.BRecord[]) {
  const n = fixes.length;
  const lat = Float64Array.from(fixes, (f) => f.latitude);
  const lon = Float64Array.from(fixes, (f) => f.longitude);
  let prev = new Float64Array(n);
  for (let leg = 0; leg < 4; leg++) {
    const next = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      let best = 0;
      for (let p = 0; p <= i; p++) {
        const v = prev[p]! + round2(fcc(lat[p]!, lon[p]!, lat[i]!, lon[i]!));
        if (v > best) best = v;
      }
      next[i] = best;
    }
    prev = next;
  }
  return round2(Math.max(...prev));
}

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
const dp = freeDistanceDp(flight.fixes);
const dpMs = performance.now() - started;
// Triangles alone, with the free distance as the bar: stop once their proven bound is below it.
started = performance.now();
const triangles = solver(flight, scoringRules.XContest.filter((r) => (r as { code: string }).code !== 'od'), { noflight: true, maxcycle: 200 });
let tri = triangles.next();
while (!tri.done && (tri.value as unknown as { currentUpperBound: number }).currentUpperBound > dp) tri = triangles.next();
const triMs = performance.now() - started;
const triBound = tri.done ? (tri.value as unknown as { score: number }).score : (tri.value as unknown as { currentUpperBound: number }).currentUpperBound;
console.log(`\n${km} km straight flight, ${flight.fixes.length} fixes`);
console.log(`| method | score | time |\n|---|---|---|`);
console.log(`| igc-xc-score to its proven optimum (XContest) | ${best.score} (${best.opt.scoring.code}, ${best.processed} solutions) | ${(libraryMs / 1000).toFixed(1)} s |`);
console.log(`| exact dynamic programme, free distance only | ${dp} | ${(dpMs / 1000).toFixed(1)} s |`);
console.log(`| igc-xc-score, triangles only, until their proven bound ≤ ${dp} | bound ${triBound} | ${(triMs / 1000).toFixed(1)} s |`);
console.log(`| together: the same optimum | ${Math.max(dp, tri.done ? triBound : 0)} | ${((dpMs + triMs) / 1000).toFixed(1)} s |`);
