import type { ScoringRules } from '../../../../contract/scoring';
import { type Candidate, circuitScorer, cylinderPath, searchCircuits } from './circuits';
import { freeDistance } from './free-distance';
import { type Track, RangeBoxes, Work, dist, fcc, round2, trackOf } from './geometry';
import { LEAGUES, type RuleEntry, finalRound } from './rules';

// A module binding: jest's sandbox looks each global up slowly (docs/testing.md, "Globals in jest's sandbox").
const Math = globalThis.Math;

export { LEAGUES, type RuleEntry } from './rules';
export { trackOf, type Track } from './geometry';
export { moveAway } from './circuits';

/** A point of the optimum: on the track (fix index r) or, for cylinders and FAI-OAR, off it. */
export interface OptimumPoint {
  x: number; // longitude
  y: number; // latitude
  r?: number;
}

/** The best flight under a league, in the shape igc-xc-score's best solution has (docs/scoring.md). */
export interface Optimum {
  score: number;
  /** km after the final rounding (before the closing penalty). */
  distance: number;
  code: RuleEntry['code'];
  name: string;
  /** The search finished: no flight scores more. */
  optimal: boolean;
  /** When not optimal: no flight scores more than this (the bound the search reached). */
  bound?: number;
  /** Which entry of the league scored it (LEAGUES[rules][entry]). */
  entry: number;
  /**
   * The fixes the library's score function takes for this flight: the turnpoints; for FAI-OAR the
   * closing fix in, the turnpoint, the closing fix out.
   */
  indices: number[];
  tp: OptimumPoint[];
  /** Free distance: where the flight starts and finishes. */
  ep?: { start: OptimumPoint; finish: OptimumPoint };
  /** Circuits: the closing pair. */
  cp?: { in: OptimumPoint; out: OptimumPoint; d: number };
  penalty?: number;
}

export interface OptimizeOptions {
  /**
   * Work units each phase (free distance, then circuits) may spend before the answer stops at its
   * best flight so far with `optimal: false` and its bound (docs/scoring.md, "Bounded time").
   * Infinity: prove, however long it takes (the background proof).
   */
  work?: number;
}

/**
 * Work of the free distance, and of the circuit search (its units are cheaper: a node's bounds, a
 * closing's steps): together well under a second of CPU on the 2-core machine of docs/scoring.md
 * for any flight under any league.
 */
export const WORK_PER_PHASE = 400_000;
export const CIRCUIT_WORK = 700_000;
/**
 * The background proof's budget for both phases (scoring/proof-job.ts): 20 times the free
 * distance's, finite so every proof ends (about 10 s of CPU at worst on that machine).
 */
export const PROOF_WORK = 8_000_000;

const at = (t: Track, r: number): OptimumPoint => ({ x: t.x[r]!, y: t.y[r]!, r });

/**
 * The exact optimum of a flight under a league (contract/scoring.ts), equal to what igc-xc-score
 * proves: the free distance by dynamic programming, circuits by branch and bound that the free
 * distance's score prunes (docs/scoring.md).
 */
export function optimize(fixes: readonly { latitude: number; longitude: number }[], rules: ScoringRules, options: OptimizeOptions = {}): Optimum | null {
  return optimizeTrack(trackOf(fixes), rules, options);
}

/** optimize() over a track already in parallel arrays (the analysis' typed-array track, no copy). */
export function optimizeTrack(t: Track, rules: ScoringRules, options: OptimizeOptions = {}): Optimum | null {
  const entries = LEAGUES[rules];
  if (!entries) throw new Error(`Unknown scoring rules "${String(rules)}".`);
  if (t.n < 5) return null;
  let best: Optimum | null = null;
  const limit = options.work ?? WORK_PER_PHASE;
  const odEntries = entries.filter((e) => e.kind === 'od');
  /** No flight scores more than this (rounded as the league rounds), when a phase stopped on its work. */
  let bound = -Infinity;
  let proven = true;
  const ranges = new RangeBoxes(t);
  if (odEntries.length) {
    const fd = freeDistance(t, new Work(limit), ranges);
    if (fd) {
      for (const e of odEntries) {
        const o = freeDistanceOptimum(t, e, entries.indexOf(e), fd.points);
        if (!best || o.score > best.score) best = o;
        // (FAI cylinders' free distance is searched and bounded with the circuits)
        if (!fd.proven && !e.cylinders) {
          proven = false;
          bound = Math.max(bound, finalRound(e, finalRound(e, fd.bound + 1e-9) * e.multiplier));
        }
      }
    }
  }
  const circuitWork = options.work ?? CIRCUIT_WORK;
  if (entries.some((e) => e.cylinders && e.kind === 'od')) {
    // FAI cylinders' bounds are loose (cylinders.ts): the search would spend its budget before it
    // meets the good triangles. The same triangles without cylinders first, with half of it.
    // their best flat search is quick and its turnpoints, moved, a good start (the moves roughly cancel)
    const cylinderEntries = entries.filter((e) => e.kind !== 'od');
    const plain: RuleEntry[] = cylinderEntries.map((e) => ({ ...e, cylinders: undefined }));
    const flat = searchCircuits(t, ranges, plain, (best?.score ?? 0) - 1, new Work(circuitWork / 2));
    if (flat.found) {
      const e = cylinderEntries[plain.indexOf(flat.found.entry)]!;
      const moved = polish(t, ranges, e, flat.found.points);
      if (moved && moved.score > (best?.score ?? 0)) best = circuitOptimum(t, moved, entries.indexOf(e));
    }
    // the free distance's turnpoints, moved, and their neighbours
    const od = entries.find((e) => e.kind === 'od' && e.cylinders);
    if (od && best?.code === 'od' && best.indices.length === 3) {
      const moved = polish(t, ranges, od, best.indices);
      if (moved && moved.score > best.score) best = circuitOptimum(t, moved, entries.indexOf(od));
    }
  }
  const search = searchCircuits(t, ranges, entries, best?.score ?? 0, new Work(circuitWork / (entries.some((e) => e.cylinders) ? 2 : 1)));
  if (search.found) best = circuitOptimum(t, search.found, entries.indexOf(search.found.entry));
  const empty = (): Optimum => ({ score: 0, distance: 0, code: entries[0]!.code, name: entries[0]!.name, optimal: true, entry: 0, indices: [], tp: [] });
  // nothing scores: the library then answers its first entry with nothing
  if (!best || best.score === 0) best = empty();
  if (!search.proven) {
    proven = false;
    bound = Math.max(bound, search.bound);
  }
  best.optimal = proven;
  if (!proven) best.bound = Math.max(bound, best.score);
  return best;
}

/** Fixes each turnpoint is moved by, either way, when polishing a cylinder flight. */
const POLISH_REACH = 24;
const POLISH_ROUNDS = 4;

/**
 * A cylinder flight scored as the library scores it, then improved one turnpoint at a time among
 * its neighbouring fixes (the moves shift the best turnpoints of the unmoved legs a little): a
 * better start for the search, whose bounds are looser under cylinders (docs/scoring.md).
 */
function polish(t: Track, ranges: RangeBoxes, e: RuleEntry, start: number[]): Candidate | null {
  const score = circuitScorer(t, ranges);
  let best = score(e, start);
  if (!best) return null;
  const points = [...best.points];
  for (let round = 0; round < POLISH_ROUNDS; round++) {
    let improved = false;
    for (let m = 0; m < points.length; m++) {
      const lo = Math.max(m === 0 ? 0 : points[m - 1]! + 1, points[m]! - POLISH_REACH);
      const hi = Math.min(m === points.length - 1 ? t.n - 1 : points[m + 1]! - 1, points[m]! + POLISH_REACH);
      for (let p = lo; p <= hi; p++) {
        if (p === points[m]) continue;
        const trial = [...points];
        trial[m] = p;
        const c = score(e, trial);
        if (c && c.score > best.score) {
          best = c;
          points[m] = p;
          improved = true;
        }
      }
    }
    if (!improved) break;
  }
  return best;
}

/** The library's start or finish for a turnpoint: the first fix furthest from it before (or after) it. */
function furthest(t: Track, p: number, before: boolean) {
  let best = -Infinity;
  let found = p;
  for (let q = before ? 0 : p; q <= (before ? p : t.n - 1); q++) {
    const d = dist(t, p, q);
    if (d > best) {
      best = d;
      found = q;
    }
  }
  return found;
}

function freeDistanceOptimum(t: Track, e: RuleEntry, entry: number, path: [number, number, number, number, number]): Optimum {
  // the same legs (each is the longest, rounded), but the start and finish the library would pick
  const p: [number, number, number, number, number] = [furthest(t, path[1], true), path[1], path[2], path[3], furthest(t, path[3], false)];
  const tp = [at(t, p[1]), at(t, p[2]), at(t, p[3])];
  let start = at(t, p[0]);
  let finish = at(t, p[4]);
  let legs = 0;
  for (let l = 0; l < 4; l++) legs += round2(dist(t, p[l]!, p[l + 1]!));
  let distance = finalRound(e, legs);
  // the library leaves a flight that scores 0 before the moves as it is
  if (e.cylinders && finalRound(e, distance * e.multiplier) !== 0) {
    const moved = cylinderPath(t, p, e.cylinders);
    let sum = 0;
    for (let l = 0; l < 4; l++) sum += round2(fcc(moved[l]![0], moved[l]![1], moved[l + 1]![0], moved[l + 1]![1])) - e.cylinders * 2;
    distance = finalRound(e, sum);
    start = { x: moved[0]![0], y: moved[0]![1] };
    finish = { x: moved[4]![0], y: moved[4]![1] };
    tp.splice(0, 3, ...moved.slice(1, 4).map(([x, y]) => ({ x, y })));
  }
  const score = distance >= (e.minDistance || 0) ? finalRound(e, distance * e.multiplier) : 0;
  return { score, distance, code: e.code, name: e.name, optimal: true, entry, indices: [p[1], p[2], p[3]], tp, ep: { start, finish } };
}

function circuitOptimum(t: Track, c: Candidate, entry: number): Optimum {
  const e = c.entry;
  let tp: OptimumPoint[] = c.points.map((r) => at(t, r));
  if (c.middle) tp.push({ x: c.middle[0], y: c.middle[1] });
  if (c.moved) tp = c.moved.map(([x, y]) => ({ x, y }));
  const cp = c.closing ? { in: at(t, c.closing[0]), out: at(t, c.closing[1]), d: c.closingDistance ?? 0 } : undefined;
  if (c.movedEnds) {
    const [[sx, sy], [fx, fy]] = c.movedEnds;
    return { score: c.score, distance: c.distance, code: e.code, name: e.name, optimal: true, entry, indices: c.points, tp, ep: { start: { x: sx, y: sy }, finish: { x: fx, y: fy } } };
  }
  const indices = e.kind === 'oar1' ? [c.closing![0], c.points[0]!, c.closing![1]] : c.points;
  return { score: c.score, distance: c.distance, code: e.code, name: e.name, optimal: true, entry, indices, tp, ...(cp ? { cp } : {}), ...(c.penalty !== undefined ? { penalty: c.penalty } : {}) };
}
