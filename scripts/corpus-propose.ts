/**
 * Drafts the corpus truth table from the fixes alone (server/test/analysis/corpus-fixes.ts, not the
 * analysis): a minute is airborne when its path is faster than 15 km/h or it climbed or sank 50 m;
 * airborne minutes less than 5 minutes apart are one flight. Every draft was then read minute by
 * minute (`npm run validate -- --fixes FILE`) where it and the analysis disagreed, and corrected by
 * hand in truth.json. Usage: tsx scripts/corpus-propose.ts FILE... (paths under server/test/fixtures).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { minutesOf, readRawFixes, unzipIfNeeded } from '../server/test/analysis/corpus-fixes';

const ROOT = join(__dirname, '../server/test/fixtures');
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 16) + 'Z';

function header(text: string, re: RegExp) {
  return re.exec(text)?.[1]?.trim() || null;
}

const HANG = /moyes|wills|litespeed|laminar|combat|atos|t2c|exxtacy|sport 2|falcon|u2|rx ?\d|gecko|ghost|icaro|airwave k|aeros/i;

const out: Record<string, unknown> = {};
for (const file of process.argv.slice(2)) {
  const bytes = readFileSync(join(ROOT, file));
  const text = unzipIfNeeded(bytes, file).toString('latin1');
  const fixes = readRawFixes(bytes, file);
  const minutes = minutesOf(fixes);
  const gpx = /<gpx[\s>]/i.test(text.slice(0, 4000));
  const recorder = gpx
    ? header(text, /creator\s*=\s*"([^"]*)"/) ?? 'unknown GPX'
    : [header(text, /^A(\w{3})/m), header(text, /^HFFTY[^:]*:([^\r\n]*)/m) ?? header(text, /^HFRFW[^:]*:([^\r\n]*)/m)].filter(Boolean).join(' ');
  const glider = gpx ? null : header(text, /^HFGTY[^:]*:([^\r\n]*)/m);
  const fastest = Math.max(0, ...minutes.map((m) => m.straightKmh));
  const category = gpx ? null : HANG.test(glider ?? '') ? 'hang glider' : fastest > 110 ? 'sailplane' : 'paraglider';
  const air = minutes.map((m) => m.kmh > 15 || Math.abs(m.climb ?? 0) >= 50);
  const flights: [string, string][] = [];
  let start = -1;
  let lastAir = -1;
  for (let i = 0; i < minutes.length; i++) {
    if (!air[i]) continue;
    if (start >= 0 && minutes[i]!.start - minutes[lastAir]!.start <= 5 * 60000) lastAir = i;
    else {
      if (start >= 0 && lastAir > start) flights.push([iso(minutes[start]!.start), iso(minutes[lastAir]!.start)]);
      start = i;
      lastAir = i;
    }
  }
  if (start >= 0 && lastAir > start) flights.push([iso(minutes[start]!.start), iso(minutes[lastAir]!.start)]);
  const alts = fixes.map((f) => f.alt).filter((a): a is number => a !== null && a > -500 && a < 15000);
  const hr = fixes.filter((f) => f.hr).length;
  out[file] = { kind: 'flight', flights, maxAltitude: alts.length ? Math.max(...alts) : null, recorder, category, glider, fastest: Math.round(fastest), hr, fixes: fixes.length };
}
process.stdout.write(JSON.stringify(out, null, 1) + '\n');
