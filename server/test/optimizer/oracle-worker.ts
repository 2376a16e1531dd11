import { scoringRules, solver } from 'igc-xc-score';
import type { ScoringRules } from '../../../contract/scoring';
import { solverFlight } from '../../src/analysis/flight';
import { optimize } from '../../src/analysis/optimizer';
import type { Fix } from '../../src/analysis/types';

export interface Compared {
  ours: { score: number; distance: number; code: string; optimal: boolean; indices: number[]; ms: number };
  library: { score: number; distance: number; code: string; optimal: boolean; ms: number };
  /** The library's own score function on our turnpoints (it must agree with ours). */
  confirmed: number | null;
}

type LibraryRule = { score: (tp: unknown[], opt: unknown) => { score?: number }; post?: (info: unknown, opt: unknown) => void };

/** Our optimizer and igc-xc-score (given capMs of CPU) on the same fixes under one league. */
export function compare({ fixes, rules, capMs }: { fixes: Fix[]; rules: ScoringRules; capMs: number }): Compared {
  let started = performance.now();
  const ours = optimize(fixes, rules)!;
  const oursMs = performance.now() - started;
  started = performance.now();
  const it = solver(solverFlight(fixes), scoringRules[rules]!, { maxcycle: Math.min(500, capMs), noflight: true, invalid: true });
  let step = it.next();
  while (!step.done && performance.now() - started < capMs) step = it.next();
  const libraryMs = performance.now() - started;
  const best = step.value as unknown as { score?: number; optimal?: boolean; scoreInfo?: { distance?: number }; opt: { scoring: { code: string }; flight: { filtered: unknown[]; flightPoints: object[] } } };
  let confirmed: number | null = null;
  if (ours.indices.length) {
    // the library's score function for our turnpoints, with the state its search left (closings it cached)
    const rule = (scoringRules[rules] as unknown as LibraryRule[])[ours.entry]!;
    const opt = { ...best.opt, scoring: rule };
    const Point = best.opt.flight.flightPoints[0]!.constructor as new (fixes: unknown[], r: number) => unknown;
    const info = rule.score(
      ours.indices.map((r) => new Point(best.opt.flight.filtered, r)),
      opt,
    );
    if (rule.post) rule.post(info, opt);
    confirmed = info.score ?? 0;
  }
  return {
    ours: { score: ours.score, distance: ours.distance, code: ours.code, optimal: ours.optimal, indices: ours.indices, ms: oursMs },
    library: { score: best.score ?? 0, distance: best.scoreInfo?.distance ?? 0, code: best.opt.scoring.code, optimal: !!best.optimal, ms: libraryMs },
    confirmed,
  };
}

export interface Exhaustive {
  ours: { score: number; code: string; optimal: boolean; indices: number[]; bound?: number };
  /** The best flight of every turnpoint tuple, each scored by the library's own score function. */
  best: { score: number; entry: number; indices: number[] };
  tuples: number;
}

/**
 * Our optimum beside an exhaustive search: every tuple of fixes in track order (three for free
 * distance, triangles and FAI-OAR's closing in, turnpoint and closing out; two for XCLeague's and
 * FAI-OAR2's out-and-returns) under every entry of the league, scored by the library's own score
 * function and its FAI-cylinder adjustment. For small tracks only (n³ tuples).
 */
export function exhaustive({ fixes, rules }: { fixes: Fix[]; rules: ScoringRules }): Exhaustive {
  const ours = optimize(fixes, rules)!;
  const entries = scoringRules[rules] as unknown as (LibraryRule & { code: string })[];
  // one step of the solver builds the state its score functions read (the flight, its closings)
  const it = solver(solverFlight(fixes), entries as never, { maxcycle: 1, noflight: true, invalid: true });
  const state = it.next().value as unknown as { opt: { flight: { filtered: unknown[]; flightPoints: object[] } } };
  const Point = state.opt.flight.flightPoints[0]!.constructor as new (fixes: unknown[], r: number) => unknown;
  const n = fixes.length;
  const at = (r: number) => new Point(state.opt.flight.filtered, r);
  let best = { score: 0, entry: 0, indices: [] as number[] };
  let tuples = 0;
  entries.forEach((rule, entry) => {
    const opt = { ...state.opt, scoring: rule };
    const two = rule.code === 'oar' && rules !== 'FAI-OAR';
    const consider = (indices: number[]) => {
      tuples++;
      const info = rule.score(indices.map(at), opt);
      if (rule.post) rule.post(info, opt);
      const score = info.score ?? 0;
      if (score > best.score) best = { score, entry, indices };
    };
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        if (two) consider([i, j]);
        else for (let k = j + 1; k < n; k++) consider([i, j, k]);
      }
    }
  });
  return { ours: { score: ours.score, code: ours.code, optimal: ours.optimal, indices: ours.indices, ...(ours.bound !== undefined ? { bound: ours.bound } : {}) }, best, tuples };
}

/** Our optimizer alone, with an optional work budget (the worst-case tests run it here, outside jest's sandbox). */
export function ours({ fixes, rules, work }: { fixes: Fix[]; rules: ScoringRules; work?: number }): { score: number; optimal: boolean; bound: number | null } | null {
  const o = optimize(fixes, rules, work === undefined ? undefined : { work });
  return o && { score: o.score, optimal: o.optimal, bound: o.bound ?? null };
}
