import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { scoringRules, solver } from 'igc-xc-score';
import type { ScoringRules } from '../../../contract/scoring';
import { solverFlight } from '../../src/analysis/flight';
import { moveAway, optimize } from '../../src/analysis/optimizer';
import { parseTrack } from '../../src/analysis/parse';
import { detectFlights } from '../../src/analysis/segments';
import type { Fix } from '../../src/analysis/types';

export interface Compared {
  ours: { score: number; distance: number; code: string; optimal: boolean; indices: number[]; ms: number };
  library: { score: number; distance: number; code: string; optimal: boolean; ms: number };
  /** The library's own score function on our turnpoints (it must agree with ours; FAI cylinders with the rule's move). */
  confirmed: number | null;
  /** The same with the library's own FAI-cylinder move: it differs from `confirmed` only on degenerate turnpoints. */
  libraryMove: number | null;
}

type LibraryRule = { code: string; cylinders?: number; score: (tp: unknown[], opt: unknown) => { score?: number }; post?: (info: unknown, opt: unknown) => void };
type LibraryPoint = { x: number; y: number; r?: number; distanceEarth(p: LibraryPoint): number };
type LibraryScore = { score?: number; distance?: number; penalty?: number; tp?: LibraryPoint[]; legs?: { d: number }[]; ep?: { start?: LibraryPoint; finish?: LibraryPoint } };
type LibraryOpt = { scoring: LibraryRule & { rounding: (v: number) => number; finalRounding?: (v: number) => number; multiplier: number; minDistance?: number } };

/**
 * The library's adjustFAICylinders step for step, with the rule's move (the optimizer's moveAway)
 * in place of its own: the library's move sends a turnpoint numerically on the middle of its
 * neighbours tens of km away (docs/scoring.md, "FAI cylinders"), a route the rule does not mean.
 */
function faiCylinders(score: LibraryScore, opt: LibraryOpt, Point: new (x: number, y: number) => LibraryPoint): void {
  if (!score.tp || !score.legs || score.score == 0) return;
  const km = opt.scoring.cylinders!;
  const tp = score.tp;
  const away = (p: LibraryPoint, o: LibraryPoint) => {
    const [x, y] = moveAway([p.x, p.y], [o.x, o.y], km);
    return new Point(x, y);
  };
  const moved = tp.map((p, i) => {
    if (p.r === undefined) return p;
    const previous = i > 0 ? tp[i - 1]! : score.ep ? score.ep.start! : tp[tp.length - 1]!;
    const next = i < tp.length - 1 ? tp[i + 1]! : score.ep ? score.ep.finish! : tp[0]!;
    return away(p, new Point((previous.x + next.x) / 2, (previous.y + next.y) / 2));
  });
  score.tp = moved;
  if (score.ep?.start) score.ep.start = away(score.ep.start, moved[0]!);
  if (score.ep?.finish) score.ep.finish = away(score.ep.finish, moved[2]!);
  const { rounding } = opt.scoring;
  let distance = 0;
  if (opt.scoring.code === 'tri' || opt.scoring.code === 'fai') {
    for (let i = 0; i < score.legs.length; i++) distance += (score.legs[i]!.d = rounding(moved[i]!.distanceEarth(moved[(i + 1) % moved.length]!)) - km * 2);
  } else if (opt.scoring.code === 'oar') {
    const d = rounding(moved[0]!.distanceEarth(moved[1]!)) - km;
    score.legs[0]!.d = score.legs[1]!.d = d;
    distance = d * 2;
  } else if (opt.scoring.code === 'od') {
    const all = [score.ep!.start!, ...moved, score.ep!.finish!];
    for (let i = 0; i < all.length - 1; i++) distance += (score.legs[i]!.d = rounding(all[i]!.distanceEarth(all[i + 1]!)) - km * 2);
  }
  const final = opt.scoring.finalRounding ?? rounding;
  score.distance = final(distance);
  score.score = score.distance >= (opt.scoring.minDistance || 0) ? final((score.distance - (score.penalty || 0)) * opt.scoring.multiplier) : 0;
}

/** A rule's score of a flight: the library's score function, then its post step (FAI cylinders: with the rule's move). */
function scoreAsRule(rule: LibraryRule, tp: unknown[], opt: object, Point: new (x: number, y: number) => LibraryPoint): number {
  const info = rule.score(tp, opt);
  if (rule.cylinders) faiCylinders(info as LibraryScore, opt as LibraryOpt, Point);
  else if (rule.post) rule.post(info, opt);
  return info.score ?? 0;
}

/**
 * Our optimizer and igc-xc-score on the same fixes under one league. The library searches until it proves
 * its optimum, for at most capMs of wall clock and, when `nodes` is given, at most that many search nodes
 * (LIBRARY_NODES in oracle.ts says why).
 */
export function compare({ fixes, rules, capMs, nodes }: { fixes: Fix[]; rules: ScoringRules; capMs: number; nodes?: number }): Compared {
  let started = performance.now();
  const ours = optimize(fixes, rules)!;
  const oursMs = performance.now() - started;
  started = performance.now();
  // maxloop: the library hands back its best once it has processed more than `nodes` (its `processed`).
  const it = solver(solverFlight(fixes), scoringRules[rules]!, { maxcycle: Math.min(500, capMs), ...(nodes ? { maxloop: nodes } : {}), noflight: true, invalid: true });
  let step = it.next();
  while (!step.done && performance.now() - started < capMs && !(nodes && (step.value as unknown as { processed: number }).processed > nodes)) step = it.next();
  const libraryMs = performance.now() - started;
  const best = step.value as unknown as { score?: number; optimal?: boolean; scoreInfo?: { distance?: number }; opt: { scoring: { code: string }; flight: { filtered: unknown[]; flightPoints: object[] } } };
  let confirmed: number | null = null;
  let libraryMove: number | null = null;
  if (ours.indices.length) {
    // the library's score function for our turnpoints, with the state its search left (closings it cached)
    const rule = (scoringRules[rules] as unknown as LibraryRule[])[ours.entry]!;
    const opt = { ...best.opt, scoring: rule };
    const Point = best.opt.flight.flightPoints[0]!.constructor as new (fixes: unknown[], r: number) => unknown;
    confirmed = scoreAsRule(
      rule,
      ours.indices.map((r) => new Point(best.opt.flight.filtered, r)),
      opt,
      Point as never,
    );
    if (rule.cylinders) {
      const info = rule.score(
        ours.indices.map((r) => new Point(best.opt.flight.filtered, r)),
        opt,
      );
      rule.post!(info, opt);
      libraryMove = info.score ?? 0;
    } else libraryMove = confirmed;
  }
  return {
    ours: { score: ours.score, distance: ours.distance, code: ours.code, optimal: ours.optimal, indices: ours.indices, ms: oursMs },
    library: { score: best.score ?? 0, distance: best.scoreInfo?.distance ?? 0, code: best.opt.scoring.code, optimal: !!best.optimal, ms: libraryMs },
    confirmed,
    libraryMove,
  };
}

/** This thread's flights of each recording it was given, as the app cuts them (parsed once per thread, not per league). */
const recordingFlights = new Map<string, Fix[][]>();
function flightsOf(path: string): Fix[][] {
  let flights = recordingFlights.get(path);
  if (!flights) {
    const parsed = parseTrack(readFileSync(path), basename(path));
    const segments = detectFlights(parsed.fixes);
    flights = (segments.length ? segments : [{ start: 0, end: parsed.fixes.length - 1 }]).map((s) => parsed.fixes.slice(s.start, s.end + 1)).filter((f) => f.length >= 5);
    recordingFlights.set(path, flights);
  }
  return flights;
}

/** compare() on every flight of a recording (an IGC file), read and cut here, outside jest's sandbox. */
export function compareRecording({ path, rules, capMs, nodes }: { path: string; rules: ScoringRules; capMs: number; nodes?: number }): Compared[] {
  return flightsOf(path).map((fixes) => compare({ fixes, rules, capMs, nodes }));
}

export interface Exhaustive {
  ours: { score: number; code: string; optimal: boolean; indices: number[]; bound?: number };
  /** The best flight of every turnpoint tuple, each scored by the library's own score function. */
  best: { score: number; entry: number; indices: number[] };
  /** The same with the library's own FAI-cylinder move (its artefacts on degenerate turnpoints included). */
  libraryBest: { score: number; entry: number; indices: number[] };
  tuples: number;
}

/**
 * Our optimum beside an exhaustive search: every tuple of fixes in track order (three for free
 * distance, triangles and FAI-OAR's closing in, turnpoint and closing out; two for XCLeague's and
 * FAI-OAR2's out-and-returns) under every entry of the league, scored by the library's own score
 * function and its FAI-cylinder adjustment (with the rule's move, not the library's: faiCylinders).
 * For small tracks only (n³ tuples).
 */
export function exhaustive({ fixes, rules }: { fixes: Fix[]; rules: ScoringRules }): Exhaustive {
  const ours = optimize(fixes, rules)!;
  const entries = scoringRules[rules] as unknown as LibraryRule[];
  // one step of the solver builds the state its score functions read (the flight, its closings)
  const it = solver(solverFlight(fixes), entries as never, { maxcycle: 1, noflight: true, invalid: true });
  const state = it.next().value as unknown as { opt: { flight: { filtered: unknown[]; flightPoints: object[] } } };
  const Point = state.opt.flight.flightPoints[0]!.constructor as new (fixes: unknown[], r: number) => unknown;
  const n = fixes.length;
  const at = (r: number) => new Point(state.opt.flight.filtered, r);
  let best = { score: 0, entry: 0, indices: [] as number[] };
  let libraryBest = best;
  let tuples = 0;
  entries.forEach((rule, entry) => {
    const opt = { ...state.opt, scoring: rule };
    const two = rule.code === 'oar' && rules !== 'FAI-OAR';
    const consider = (indices: number[]) => {
      tuples++;
      const score = scoreAsRule(rule, indices.map(at), opt, Point as never);
      if (score > best.score) best = { score, entry, indices };
      if (rule.cylinders) {
        const info = rule.score(indices.map(at), opt);
        rule.post!(info, opt);
        if ((info.score ?? 0) > libraryBest.score) libraryBest = { score: info.score!, entry, indices };
      } else if (score > libraryBest.score) libraryBest = { score, entry, indices };
    };
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        if (two) consider([i, j]);
        else for (let k = j + 1; k < n; k++) consider([i, j, k]);
      }
    }
  });
  return { ours: { score: ours.score, code: ours.code, optimal: ours.optimal, indices: ours.indices, ...(ours.bound !== undefined ? { bound: ours.bound } : {}) }, best, libraryBest, tuples };
}

/** Our optimizer alone, with an optional work budget (the worst-case tests run it here, outside jest's sandbox). */
export function ours({ fixes, rules, work }: { fixes: Fix[]; rules: ScoringRules; work?: number }): { score: number; optimal: boolean; bound: number | null } | null {
  const o = optimize(fixes, rules, work === undefined ? undefined : { work });
  return o && { score: o.score, optimal: o.optimal, bound: o.bound ?? null };
}
