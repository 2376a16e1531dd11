// npm run bench:score: every flight of the real recordings (server/test/fixtures/igc) and the
// generated worst cases (server/test/optimizer/worst-cases.ts, seeded: long straight glides at 1 Hz,
// hours of circling, a 14-hour day) under every league, scored by our optimizer
// (server/src/analysis/optimizer) and by igc-xc-score, one thread; prints per flight and league
// both times and both scores, then the worst case per league, ours beside the library's. The
// library gets SCORE_CAP_MS of wall clock per league (default 15 s) so the bench ends; a flight it
// did not prove is marked "open", and so is ours when it answered within its work budget without
// proving (its bound follows). Times are CPU milliseconds of this process (the machine is
// shared), wall clock in brackets. Asserts nothing. SCORE_FILES=a.igc,b.igc and
// SCORE_LEAGUES=XContest,FFVL narrow it; SCORE_WORST=0 leaves the generated cases out; SCORE_PROOF=1
// scores each open answer of ours again with the background proof's budget (before and after it).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCORING_RULES, type ScoringRules } from '../contract/scoring';
import { parseTrack } from '../server/src/analysis/parse';
import { detectFlights } from '../server/src/analysis/segments';
import type { Fix } from '../server/src/analysis/types';
import { worstCases } from '../server/test/optimizer/worst-cases';
import { type Scored, header, libraryScore, oursProof, oursScore, printWorst, row } from './score-lib';

const DIR = join(__dirname, '../server/test/fixtures/igc');
const CAP_MS = Number(process.env.SCORE_CAP_MS ?? 15_000);
const FILES = process.env.SCORE_FILES?.split(',');
const LEAGUES = (process.env.SCORE_LEAGUES?.split(',') ?? SCORING_RULES) as ScoringRules[];
const WORST = process.env.SCORE_WORST !== '0';
const PROOF = process.env.SCORE_PROOF === '1';

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? 0;
const sum = (v: number[]) => v.reduce((s, x) => s + x, 0);

function flights(): { name: string; fixes: Fix[] }[] {
  const out: { name: string; fixes: Fix[] }[] = [];
  for (const file of readdirSync(DIR).filter((f) => /\.igc$/i.test(f) && (!FILES || FILES.includes(f)))) {
    const parsed = parseTrack(new Uint8Array(readFileSync(join(DIR, file))), file);
    const segments = detectFlights(parsed.fixes);
    (segments.length ? segments : [{ start: 0, end: parsed.fixes.length - 1 }]).forEach((s, k) => {
      const fixes = parsed.fixes.slice(s.start, s.end + 1);
      if (fixes.length >= 5) out.push({ name: `${file}#${k}`, fixes });
    });
  }
  return out;
}

function summary(label: string, results: Scored[]) {
  if (!results.length) return;
  const ours = results.map((r) => r.ours.cpu);
  const theirs = results.map((r) => r.library!.cpu);
  const differ = results.filter((r) => Math.abs(r.ours.score - r.library!.score) > 1e-9).length;
  console.log(`\n${label}: ${results.length} scorings. Ours: total ${sum(ours).toFixed(0)} ms CPU, median ${median(ours).toFixed(1)} ms, slowest ${Math.max(...ours).toFixed(0)} ms; not proven ${results.filter((r) => !r.ours.optimal).length}.`);
  console.log(`igc-xc-score: total ${sum(theirs).toFixed(0)} ms CPU, median ${median(theirs).toFixed(1)} ms, slowest ${Math.max(...theirs).toFixed(0)} ms; not proven within ${CAP_MS} ms: ${results.filter((r) => !r.library!.optimal).length}.`);
  console.log(`Scores that differ: ${differ} (see docs/scoring.md for why ours can be higher, or lower when not proven).`);
}

function main() {
  console.log(header());
  const real: Scored[] = [];
  const generated: Scored[] = [];
  const run = (name: string, fixes: Fix[], into: Scored[]) => {
    for (const rules of LEAGUES) {
      const ours = oursScore(fixes, rules);
      const r: Scored = { flight: name, fixes: fixes.length, rules, ours, ...(PROOF && !ours.optimal ? { proof: oursProof(fixes, rules) } : {}), library: libraryScore(fixes, rules, CAP_MS) };
      into.push(r);
      console.log(row(r));
    }
  };
  for (const f of flights()) run(f.name, f.fixes, real);
  if (WORST) for (const c of worstCases()) run(c.name, c.fixes, generated);
  summary('Real flights', real);
  summary('Generated worst cases', generated);
  printWorst([...real, ...generated]);
}

main();
