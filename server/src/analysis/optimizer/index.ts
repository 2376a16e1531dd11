import type { ScoringRules } from '../../../../contract/scoring';
import { type Candidate, moveAway, searchCircuits } from './circuits';
import { freeDistance } from './free-distance';
import { type Track, RangeBoxes, dist, fcc, round2, trackOf } from './geometry';
import { LEAGUES, type RuleEntry, finalRound } from './rules';

export { LEAGUES, type RuleEntry } from './rules';
export { trackOf, type Track } from './geometry';

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
  tp: OptimumPoint[];
  /** Free distance: where the flight starts and finishes. */
  ep?: { start: OptimumPoint; finish: OptimumPoint };
  /** Circuits: the closing pair. */
  cp?: { in: OptimumPoint; out: OptimumPoint; d: number };
  penalty?: number;
}

export interface OptimizeOptions {
  /** Stop the circuit search after this many nodes (the answer then says optimal: false). */
  nodeBudget?: number;
}

const at = (t: Track, r: number): OptimumPoint => ({ x: t.x[r]!, y: t.y[r]!, r });

/**
 * The exact optimum of a flight under a league (contract/scoring.ts), equal to what igc-xc-score
 * proves: the free distance by dynamic programming, circuits by branch and bound that the free
 * distance's score prunes (docs/scoring.md).
 */
export function optimize(fixes: readonly { latitude: number; longitude: number }[], rules: ScoringRules, options: OptimizeOptions = {}): Optimum | null {
  const entries = LEAGUES[rules];
  if (!entries) throw new Error(`Unknown scoring rules "${String(rules)}".`);
  const t = trackOf(fixes);
  if (t.n < 5) return null;
  let best: Optimum | null = null;
  const odEntries = entries.filter((e) => e.kind === 'od');
  if (odEntries.length) {
    const fd = freeDistance(t);
    if (fd) {
      for (const e of odEntries) {
        const o = freeDistanceOptimum(t, e, fd.points);
        if (!best || o.score > best.score) best = o;
      }
    }
  }
  const ranges = new RangeBoxes(t);
  const search = searchCircuits(t, ranges, entries, best?.score ?? 0, options.nodeBudget);
  if (search.found) best = circuitOptimum(t, search.found);
  if (!best) best = { score: 0, distance: 0, code: entries[0]!.code, name: entries[0]!.name, optimal: true, tp: [] };
  best.optimal = search.proven && !entries.some((e) => e.kind === 'od' && e.cylinders);
  return best;
}

function freeDistanceOptimum(t: Track, e: RuleEntry, p: [number, number, number, number, number]): Optimum {
  const tp = [at(t, p[1]), at(t, p[2]), at(t, p[3])];
  let start = at(t, p[0]);
  let finish = at(t, p[4]);
  let legs = 0;
  for (let l = 0; l < 4; l++) legs += round2(dist(t, p[l]!, p[l + 1]!));
  let distance = finalRound(e, legs);
  if (e.cylinders) {
    // the library's adjustFAICylinders for an open flight
    const all = [start, ...tp, finish];
    const moved = tp.map((q, m) => {
      const prev = all[m]!;
      const next = all[m + 2]!;
      const [x, y] = moveAway([q.x, q.y], [(prev.x + next.x) / 2, (prev.y + next.y) / 2], e.cylinders!);
      return { x, y };
    });
    const [sx, sy] = moveAway([start.x, start.y], [moved[0]!.x, moved[0]!.y], e.cylinders);
    const [fx, fy] = moveAway([finish.x, finish.y], [moved[2]!.x, moved[2]!.y], e.cylinders);
    start = { x: sx, y: sy };
    finish = { x: fx, y: fy };
    const path = [start, ...moved, finish];
    let sum = 0;
    for (let l = 0; l < 4; l++) sum += round2(fcc(path[l]!.x, path[l]!.y, path[l + 1]!.x, path[l + 1]!.y)) - e.cylinders * 2;
    distance = finalRound(e, sum);
    tp.splice(0, 3, ...moved);
  }
  const score = distance >= (e.minDistance || 0) ? finalRound(e, distance * e.multiplier) : 0;
  return { score, distance, code: e.code, name: e.name, optimal: true, tp, ep: { start, finish } };
}

function circuitOptimum(t: Track, c: Candidate): Optimum {
  const e = c.entry;
  let tp: OptimumPoint[] = c.points.map((r) => at(t, r));
  if (c.middle) tp.push({ x: c.middle[0], y: c.middle[1] });
  if (c.moved) tp = c.moved.map(([x, y]) => ({ x, y }));
  const cp = c.closing ? { in: at(t, c.closing[0]), out: at(t, c.closing[1]), d: c.closingDistance ?? 0 } : undefined;
  return { score: c.score, distance: c.distance, code: e.code, name: e.name, optimal: true, tp, ...(cp ? { cp } : {}), ...(c.penalty !== undefined ? { penalty: c.penalty } : {}) };
}
