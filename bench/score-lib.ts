// What bench/score.ts and bench/worst-cases.ts share: one scoring by each optimizer timed in CPU
// milliseconds of this process (the machine is shared: wall clock in brackets), one line per
// scoring, and the worst case per league, ours beside the library.
import { scoringRules, solver } from 'igc-xc-score';
import type { ScoringRules } from '../contract/scoring';
import { solverFlight } from '../server/src/analysis/flight';
import { PROOF_WORK, optimize } from '../server/src/analysis/optimizer';
import type { Fix } from '../server/src/analysis/types';

export interface Timed {
  score: number;
  code: string;
  optimal: boolean;
  bound?: number;
  cpu: number;
  wall: number;
  /** FAI cylinders: the library's own cylinder move on our turnpoints, where it scores them differently from the rule's (docs/scoring.md, "FAI cylinders"). */
  libraryMove?: number;
}

export interface Scored {
  flight: string;
  fixes: number;
  rules: ScoringRules;
  ours: Timed;
  /** SCORE_PROOF=1: an open answer of ours scored again with the background proof's budget. */
  proof?: Timed;
  library: Timed | null;
}

function timed<T>(run: () => T): { value: T; cpu: number; wall: number } {
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  const value = run();
  const cpu = process.cpuUsage(cpu0);
  return { value, cpu: (cpu.user + cpu.system) / 1000, wall: performance.now() - wall0 };
}

type LibraryRule = { cylinders?: number; score: (tp: unknown[], opt: unknown) => { score?: number }; post?: (info: unknown, opt: unknown) => void };

/** The library's score function and its own FAI-cylinder move on our turnpoints (outside the timing). */
function libraryMoveScore(fixes: Fix[], rules: ScoringRules, entry: number, indices: number[]): number | null {
  const rule = (scoringRules[rules] as unknown as LibraryRule[])[entry]!;
  if (!rule.cylinders || !indices.length) return null;
  const state = solver(solverFlight(fixes), scoringRules[rules]!, { maxcycle: 1, noflight: true, invalid: true }).next().value as unknown as {
    opt: { flight: { filtered: unknown[]; flightPoints: object[] } };
  };
  const Point = state.opt.flight.flightPoints[0]!.constructor as new (fixes: unknown[], r: number) => unknown;
  const opt = { ...state.opt, scoring: rule };
  const info = rule.score(
    indices.map((r) => new Point(state.opt.flight.filtered, r)),
    opt,
  );
  rule.post!(info, opt);
  return info.score ?? 0;
}

function oursTimed(fixes: Fix[], rules: ScoringRules, work?: number): Timed {
  const { value, cpu, wall } = timed(() => optimize(fixes, rules, work === undefined ? {} : { work }));
  const libraryMove = value ? libraryMoveScore(fixes, rules, value.entry, value.indices) : null;
  return {
    score: value?.score ?? 0,
    code: value?.code ?? 'od',
    optimal: value?.optimal ?? true,
    ...(value?.bound !== undefined ? { bound: value.bound } : {}),
    cpu,
    wall,
    ...(libraryMove !== null && Math.abs(libraryMove - (value?.score ?? 0)) > 1e-9 ? { libraryMove } : {}),
  };
}

export const oursScore = (fixes: Fix[], rules: ScoringRules): Timed => oursTimed(fixes, rules);

/** Ours with the background proof's budget (scoring/proof-job.ts): what an open answer becomes later. */
export const oursProof = (fixes: Fix[], rules: ScoringRules): Timed => oursTimed(fixes, rules, PROOF_WORK);

/** igc-xc-score given capMs of wall clock; not optimal when the cap stopped it. */
export function libraryScore(fixes: Fix[], rules: ScoringRules, capMs: number): Timed {
  const { value, cpu, wall } = timed(() => {
    const started = performance.now();
    const it = solver(solverFlight(fixes), scoringRules[rules]!, { maxcycle: 500, noflight: true, invalid: true });
    let step = it.next();
    while (!step.done && performance.now() - started < capMs) step = it.next();
    return { score: step.value.score ?? 0, code: step.value.opt.scoring.code, optimal: !!step.value.optimal };
  });
  return { ...value, cpu, wall };
}

const pad = (s: string | number, n: number) => String(s).padStart(n);
const cell = (t: Timed) => `${pad(t.score.toFixed(2), 9)} ${t.code.padEnd(3)} ${pad(t.cpu.toFixed(0), 6)} [${pad(t.wall.toFixed(0), 6)}]${t.optimal ? '     ' : ' open'}`;

export const header = () => `${'flight'.padEnd(30)} ${'fixes'.padStart(6)} ${'league'.padEnd(13)} ${'ours'.padStart(9)}     ${'ms CPU'.padStart(6)} [wall]         ${'library'.padStart(9)}     ${'ms CPU'.padStart(6)} [wall]`;

export function row(r: Scored): string {
  const differ = r.library && Math.abs(r.ours.score - r.library.score) > 1e-9 ? ' ≠' : '';
  const move = (t: Timed) => (t.libraryMove !== undefined ? ` (the library's own cylinder move: ${t.libraryMove})` : '');
  const proof = r.proof ? `; background proof ${r.proof.score}${r.proof.optimal ? ' proven' : `, bound ${r.proof.bound}`} in ${r.proof.cpu.toFixed(0)} ms CPU${move(r.proof)}` : '';
  return `${r.flight.padEnd(30)} ${pad(r.fixes, 6)} ${r.rules.padEnd(13)} ${cell(r.ours)}   ${r.library ? cell(r.library) : '(library skipped)'}${r.ours.optimal ? '' : ` bound ${r.ours.bound}`}${differ}${move(r.ours)}${proof}`;
}

/** The slowest scoring of ours per league, beside the library on the same flight, and the slowest of the library's. */
export function printWorst(results: Scored[]) {
  console.log('\nWorst case per league (CPU ms; "open" = not proven):');
  const leagues = [...new Set(results.map((r) => r.rules))];
  for (const rules of leagues) {
    const mine = results.filter((r) => r.rules === rules);
    const worst = mine.reduce((a, b) => (b.ours.cpu > a.ours.cpu ? b : a));
    const theirs = mine.filter((r) => r.library).reduce<Scored | null>((a, b) => (!a || b.library!.cpu > a.library!.cpu ? b : a), null);
    const proven = mine.filter((r) => r.ours.optimal).length;
    const proofs = mine.filter((r) => r.proof);
    const afterProof = proofs.length ? `; after the background proof ${proven + proofs.filter((r) => r.proof!.optimal).length}/${mine.length} (its slowest ${Math.max(...proofs.map((r) => r.proof!.cpu)).toFixed(0)} ms)` : '';
    const moved = mine.filter((r) => r.ours.libraryMove !== undefined || r.proof?.libraryMove !== undefined).length;
    const movedNote = mine.some((r) => (scoringRules[r.rules] as unknown as LibraryRule[]).some((e) => e.cylinders)) ? `; the library's own cylinder move scores our turnpoints differently on ${moved}` : '';
    console.log(
      `${rules.padEnd(13)} ours ${pad(worst.ours.cpu.toFixed(0), 6)} ms on ${worst.flight} (${worst.ours.score}${worst.ours.optimal ? '' : `, open, bound ${worst.ours.bound}`}; library there ${worst.library ? `${worst.library.cpu.toFixed(0)} ms, ${worst.library.score}${worst.library.optimal ? '' : ' capped'}` : 'skipped'})` +
        `${theirs ? `; library's worst ${theirs.library!.cpu.toFixed(0)} ms on ${theirs.flight}` : ''}; ours proven ${proven}/${mine.length}${afterProof}${movedNote}`,
    );
  }
}
