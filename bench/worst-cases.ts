// npm run bench:worst (tsx bench/worst-cases.ts): the optimizer's generated worst cases
// (server/test/optimizer/worst-cases.ts, seeded: 600 km straight glides at 1 Hz with and without
// noise, three hours of circling then a 2 km glide, a 2-hour straight glide, a 14-hour day) under
// every league, CPU milliseconds of this process per scoring (process.cpuUsage), ours beside
// igc-xc-score's (capped at WORST_CAP_MS of wall clock, default 10 s; WORST_LIBRARY=0 skips it).
// Prints the worst per league at the end. Asserts nothing. WORST_CASES=substring and
// SCORE_LEAGUES=XContest,FFVL narrow it.
import { SCORING_RULES, type ScoringRules } from '../contract/scoring';
import { worstCases } from '../server/test/optimizer/worst-cases';
import { type Scored, header, libraryScore, oursScore, printWorst, row } from './score-lib';

const CAP_MS = Number(process.env.WORST_CAP_MS ?? 10_000);
const LIBRARY = process.env.WORST_LIBRARY !== '0';
const LEAGUES = (process.env.SCORE_LEAGUES?.split(',') ?? SCORING_RULES) as ScoringRules[];
const ONLY = process.env.WORST_CASES;

function main() {
  const results: Scored[] = [];
  console.log(header());
  for (const c of worstCases()) {
    if (ONLY && !c.name.includes(ONLY)) continue;
    for (const rules of LEAGUES) {
      const r: Scored = { flight: c.name, fixes: c.fixes.length, rules, ours: oursScore(c.fixes, rules), library: LIBRARY ? libraryScore(c.fixes, rules, CAP_MS) : null };
      results.push(r);
      console.log(row(r));
    }
  }
  printWorst(results);
}

main();
