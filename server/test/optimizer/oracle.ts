import { join } from 'node:path';
import Piscina from 'piscina';
import type { ScoringRules } from '../../../contract/scoring';
import type { Fix } from '../../src/analysis/types';
import type { Compared, Exhaustive, ours } from './oracle-worker';

/**
 * The library's search nodes per comparison (its `processed`), beside the wall-clock cap: it stops at whichever
 * comes first unless it proves its optimum before. Past the point where its answer stops changing the library
 * only spends time: measured on 2026-12-07, on every flight and league of fixtures.test.ts its best was final
 * by 19,166 nodes and every proof came by 22,744 but one (MD_85ugkjj1 under FAI-Cylinders, 65,573 nodes, whose
 * best, equal to ours, it had at 697); on properties.test.ts's cases by 33,100 and 25,240. The unproven FAI-Cylinders
 * runs of the fixtures went on to 283,000 nodes in their 4 s. Unlike the clock, a count stops at the same point on
 * a busy machine (where the clock comes first, the library answers less, as it did before).
 */
export const LIBRARY_NODES = 40_000;

/** Both optimizers in two real threads (igc-xc-score crawls inside jest's module sandbox). */
export function oraclePool() {
  const pool = new Piscina({ filename: join(__dirname, 'oracle-worker.cjs'), minThreads: 1, maxThreads: 2 });
  return {
    compare: (fixes: Fix[], rules: ScoringRules, capMs: number): Promise<Compared> => pool.run({ fixes, rules, capMs, nodes: LIBRARY_NODES }, { name: 'compare' }),
    /** compare() on every flight of an IGC file, which the thread reads and cuts itself (once per thread). */
    compareRecording: (path: string, rules: ScoringRules, capMs: number): Promise<Compared[]> => pool.run({ path, rules, capMs, nodes: LIBRARY_NODES }, { name: 'compareRecording' }),
    exhaustive: (fixes: Fix[], rules: ScoringRules): Promise<Exhaustive> => pool.run({ fixes, rules }, { name: 'exhaustive' }),
    ours: (fixes: Fix[], rules: ScoringRules, work?: number): Promise<ReturnType<typeof ours>> => pool.run({ fixes, rules, work }, { name: 'ours' }),
    close: () => pool.destroy(),
  };
}

/**
 * What "our score equals the library's" means, checked on one comparison (docs/scoring.md):
 * - the library's own score function, given our turnpoints, gives our score (ours is a real flight
 *   under its rules, scored its way);
 * - ours is never below the best the library found, proven or not (when ours is proven: FAI
 *   cylinders may stop at their node budget, and then say so);
 * - when the library proved its optimum, ours is equal, or higher only where the library's bound
 *   rounds once what its score rounds per leg and so dropped a better flight (then `missed` says so).
 */
export function expectOracle(c: Compared, label: string): { missed: boolean } {
  const facts = `${label}: ours ${c.ours.score} (${c.ours.code} ${c.ours.indices.join(',')}${c.ours.optimal ? '' : ', not proven'}), library ${c.library.score} (${c.library.code}${c.library.optimal ? ', proven' : ', not proven'}), library's score of ours ${c.confirmed}`;
  if (c.ours.score > 0) expect({ facts, confirmed: c.confirmed }).toEqual({ facts, confirmed: c.ours.score });
  if (c.ours.optimal) expect({ facts, notBelow: c.ours.score >= c.library.score - 1e-9 }).toEqual({ facts, notBelow: true });
  return { missed: c.library.optimal && c.ours.score > c.library.score + 1e-9 };
}
