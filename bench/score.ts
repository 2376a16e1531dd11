// npm run bench:score: every flight of the real recordings (server/test/fixtures/igc) under every
// league, scored by our optimizer (server/src/analysis/optimizer) and by igc-xc-score, one thread;
// prints per flight and league both times and both scores. The library gets SCORE_CAP_MS of wall
// clock per league (default 15 s) so the bench ends; a flight it did not prove is marked "cap".
// Times are CPU milliseconds of this process (the machine is shared), wall clock in brackets.
// Asserts nothing. SCORE_FILES=a.igc,b.igc and SCORE_LEAGUES=XContest,FFVL narrow it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scoringRules, solver } from 'igc-xc-score';
import { SCORING_RULES, type ScoringRules } from '../contract/scoring';
import { solverFlight } from '../server/src/analysis/flight';
import { optimize } from '../server/src/analysis/optimizer';
import { parseTrack } from '../server/src/analysis/parse';
import { detectFlights } from '../server/src/analysis/segments';

const DIR = join(__dirname, '../server/test/fixtures/igc');
const CAP_MS = Number(process.env.SCORE_CAP_MS ?? 15_000);
const FILES = process.env.SCORE_FILES?.split(',');
const LEAGUES = (process.env.SCORE_LEAGUES?.split(',') ?? SCORING_RULES) as ScoringRules[];

function timed<T>(run: () => T): { value: T; cpu: number; wall: number } {
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  const value = run();
  const cpu = process.cpuUsage(cpu0);
  return { value, cpu: (cpu.user + cpu.system) / 1000, wall: performance.now() - wall0 };
}

function library(fixes: Parameters<typeof solverFlight>[0], rules: ScoringRules) {
  const started = performance.now();
  const it = solver(solverFlight(fixes), scoringRules[rules]!, { maxcycle: 500, noflight: true, invalid: true });
  let step = it.next();
  while (!step.done && performance.now() - started < CAP_MS) step = it.next();
  return { score: step.value.score ?? 0, code: step.value.opt.scoring.code, optimal: !!step.value.optimal };
}

const pad = (s: string | number, n: number) => String(s).padStart(n);
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? 0;

function main() {
  const files = readdirSync(DIR).filter((f) => /\.igc$/i.test(f) && (!FILES || FILES.includes(f)));
  console.log(`${'flight'.padEnd(30)} ${'fixes'.padStart(6)} ${'league'.padEnd(13)} ${'ours'.padStart(9)} ${'ms'.padStart(12)}   ${'library'.padStart(9)} ${'ms'.padStart(14)}`);
  const ours: number[] = [];
  const theirs: number[] = [];
  const perFlight: number[] = [];
  let differ = 0;
  let unproven = 0;
  for (const file of files) {
    const parsed = parseTrack(new Uint8Array(readFileSync(join(DIR, file))), file);
    const segments = detectFlights(parsed.fixes);
    (segments.length ? segments : [{ start: 0, end: parsed.fixes.length - 1 }]).forEach((s, k) => {
      const fixes = parsed.fixes.slice(s.start, s.end + 1);
      if (fixes.length < 5) return;
      for (const rules of LEAGUES) {
        const a = timed(() => optimize(fixes, rules)!);
        const b = timed(() => library(fixes, rules));
        ours.push(a.cpu);
        theirs.push(b.cpu);
        perFlight.push(a.cpu);
        if (Math.abs(a.value.score - b.value.score) > 1e-9) differ++;
        if (!b.value.optimal) unproven++;
        const mark = Math.abs(a.value.score - b.value.score) > 1e-9 ? ' ≠' : '';
        console.log(
          `${`${file}#${k}`.padEnd(30)} ${pad(fixes.length, 6)} ${rules.padEnd(13)} ${pad(a.value.score.toFixed(2), 9)} ${a.value.code.padEnd(3)} ${pad(a.cpu.toFixed(0), 5)} [${pad(a.wall.toFixed(0), 5)}]   ${pad(b.value.score.toFixed(2), 9)} ${b.value.code.padEnd(3)} ${pad(b.cpu.toFixed(0), 6)} [${pad(b.wall.toFixed(0), 6)}]${b.value.optimal ? '' : ' cap'}${mark}`,
        );
      }
    });
  }
  const sum = (v: number[]) => v.reduce((s, x) => s + x, 0);
  console.log(`\n${ours.length} scorings. Ours: total ${sum(ours).toFixed(0)} ms CPU, median ${median(ours).toFixed(1)} ms, slowest ${Math.max(...ours).toFixed(0)} ms.`);
  console.log(`igc-xc-score: total ${sum(theirs).toFixed(0)} ms CPU, median ${median(theirs).toFixed(1)} ms, slowest ${Math.max(...theirs).toFixed(0)} ms; ${unproven} not proven within ${CAP_MS} ms.`);
  console.log(`Scores that differ: ${differ} (see docs/scoring.md for why ours can be higher).`);
}

main();
