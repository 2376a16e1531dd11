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

export function oursScore(fixes: Fix[], rules: ScoringRules): Timed {
  const { value, cpu, wall } = timed(() => optimize(fixes, rules));
  return { score: value?.score ?? 0, code: value?.code ?? 'od', optimal: value?.optimal ?? true, ...(value?.bound !== undefined ? { bound: value.bound } : {}), cpu, wall };
}

/** Ours with the background proof's budget (scoring/proof-job.ts): what an open answer becomes later. */
export function oursProof(fixes: Fix[], rules: ScoringRules): Timed {
  const { value, cpu, wall } = timed(() => optimize(fixes, rules, { work: PROOF_WORK }));
  return { score: value?.score ?? 0, code: value?.code ?? 'od', optimal: value?.optimal ?? true, ...(value?.bound !== undefined ? { bound: value.bound } : {}), cpu, wall };
}

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
  const proof = r.proof ? `; background proof ${r.proof.score}${r.proof.optimal ? ' proven' : `, bound ${r.proof.bound}`} in ${r.proof.cpu.toFixed(0)} ms CPU` : '';
  return `${r.flight.padEnd(30)} ${pad(r.fixes, 6)} ${r.rules.padEnd(13)} ${cell(r.ours)}   ${r.library ? cell(r.library) : '(library skipped)'}${r.ours.optimal ? '' : ` bound ${r.ours.bound}`}${differ}${proof}`;
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
    console.log(
      `${rules.padEnd(13)} ours ${pad(worst.ours.cpu.toFixed(0), 6)} ms on ${worst.flight} (${worst.ours.score}${worst.ours.optimal ? '' : `, open, bound ${worst.ours.bound}`}; library there ${worst.library ? `${worst.library.cpu.toFixed(0)} ms, ${worst.library.score}${worst.library.optimal ? '' : ' capped'}` : 'skipped'})` +
        `${theirs ? `; library's worst ${theirs.library!.cpu.toFixed(0)} ms on ${theirs.flight}` : ''}; ours proven ${proven}/${mine.length}${afterProof}`,
    );
  }
}
