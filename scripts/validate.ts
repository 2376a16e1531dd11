/**
 * npm run validate: reads every file of the labelled corpus (server/test/fixtures/corpus/truth.json)
 * through the analysis the upload worker runs and prints, per kind, per class of error and per
 * recorder, how many files are right and which are not, with takeoff and landing errors in seconds.
 * The report replaces the section between the markers in docs/validation.md.
 *
 *   npm run validate                 the report, written into docs/validation.md
 *   npm run validate -- --no-write   the report, printed only
 *   npm run validate -- --fixes FILE [HH:MM HH:MM]
 *                                    the file's fixes one minute at a time (corpus-fixes.ts, not the
 *                                    analysis): how the truth table was read
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES, report, summarise, validateCorpus } from '../server/test/analysis/corpus';
import { minutesOf, readRawFixes } from '../server/test/analysis/corpus-fixes';

const DOC = join(__dirname, '../docs/validation.md');
const BEGIN = '<!-- validate:begin -->';
const END = '<!-- validate:end -->';

function printFixes(file: string, from?: string, to?: string) {
  const fixes = readRawFixes(readFileSync(join(FIXTURES, file)), file);
  const day = (t: number) => new Date(t).toISOString().slice(11, 16);
  console.log(`${file}: ${fixes.length} fixes, ${fixes.length ? new Date(fixes[0]!.t).toISOString() : ''} to ${fixes.length ? new Date(fixes.at(-1)!.t).toISOString() : ''}`);
  console.log('minute   fixes  path km/h  straight km/h  alt min-max  climb m');
  for (const m of minutesOf(fixes)) {
    const hm = day(m.start);
    if ((from && hm < from) || (to && hm > to)) continue;
    console.log(`${new Date(m.start).toISOString().slice(0, 16)} ${String(m.fixes).padStart(4)} ${m.kmh.toFixed(0).padStart(8)} ${m.straightKmh.toFixed(0).padStart(10)}   ${m.altMin ?? '-'}-${m.altMax ?? '-'}  ${m.climb ?? '-'}`);
  }
}

const args = process.argv.slice(2);
if (args[0] === '--fixes') {
  printFixes(args[1]!, args[2], args[3]);
} else {
  const only = args.find((a) => !a.startsWith('--'));
  const results = validateCorpus(only ? (f) => f.includes(only) : undefined);
  const summary = summarise(results);
  const text = report(summary);
  console.log(text);
  if (args.includes('--rows')) {
    for (const r of results) console.log(JSON.stringify({ file: r.file, right: r.right, why: r.why, rows: r.rows.map((x) => [new Date(x.start).toISOString().slice(0, 19), new Date(x.end).toISOString().slice(0, 19), x.reason, Math.round(x.maxAltitude), x.category]) }));
  }
  if (!only && !args.includes('--no-write')) {
    const doc = readFileSync(DOC, 'utf8');
    const a = doc.indexOf(BEGIN);
    const b = doc.indexOf(END);
    if (a < 0 || b < a) throw new Error(`docs/validation.md has no ${BEGIN} ... ${END} section`);
    writeFileSync(DOC, `${doc.slice(0, a + BEGIN.length)}\n${text}\n${doc.slice(b)}`);
  }
  if (summary.right < summary.files) process.exitCode = 1;
}
