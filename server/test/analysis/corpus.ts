import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectIgc, IgcReadError, REASON } from '../../src/analysis';
import { unzipIfNeeded } from './corpus-fixes';

/**
 * The labelled corpus (server/test/fixtures/corpus/truth.json, sources in its SOURCES.md) read through
 * the detection the upload worker runs (`detectIgc`: analyseIgc's segments and removal reasons without
 * towns, time zones, solver, simplification or fingerprint, since only detection is judged),
 * and judged against the truth written from the fixes. Used by `npm run validate` (scripts/validate.ts)
 * and by corpus.test.ts. docs/validation.md, "The labelled corpus", says how a file is judged.
 */
export const FIXTURES = join(__dirname, '../fixtures');
export const TRUTH_FILE = join(FIXTURES, 'corpus/truth.json');

export type Kind = 'flight' | 'not a flight' | 'undecidable';
export interface Truth {
  kind: Kind;
  /** Each flight's takeoff and landing, UTC to the minute (YYYY-MM-DDTHH:MMZ). */
  flights: [string, string][];
  /** A plausible maximum altitude of the file's flights, m: [low, high]. */
  maxAltitude?: [number, number];
  recorder: string;
  category: string;
  source: string;
  /** The issue's class of error the file stands for, when it stands for one. */
  case?: string;
  note?: string;
  /** The glider type the header names, when it names one. */
  glider?: string;
}

export interface Row {
  start: number;
  end: number;
  reason: number;
  maxAltitude: number;
  /** The aircraft category the analysis stores (categoryFromHeader), or null. */
  category: string | null;
}

export interface FileResult {
  file: string;
  truth: Truth;
  rows: Row[];
  error: string | null;
  right: boolean;
  why: string;
  /** Per truth flight matched: takeoff and landing error, s (0 inside the truth's minute). */
  errors: { takeoff: number; landing: number; flight: [string, string] }[];
}

export const loadTruth = (): Record<string, Truth> => JSON.parse(readFileSync(TRUTH_FILE, 'utf8')) as Record<string, Truth>;

const minuteStart = (s: string) => Date.parse(s.replace(/Z$/, ':00Z'));
/** Seconds from t to the truth's minute [m, m + 60 s); 0 inside it. */
const offMinute = (t: number, minute: string) => {
  const m = minuteStart(minute);
  return t < m ? (m - t) / 1000 : t >= m + 60_000 ? (t - (m + 59_000)) / 1000 : 0;
};

export function analyseCorpusFile(file: string): { rows: Row[]; error: string | null } {
  const bytes = unzipIfNeeded(readFileSync(join(FIXTURES, file)), file);
  const filename = file.split('/').pop()!.replace(/\.gz$/, '');
  try {
    const rows = detectIgc(bytes, filename).map((a) => ({
      start: Date.parse(a.startTime),
      end: Date.parse(a.endTime),
      reason: a.removalReason,
      maxAltitude: a.maxAltitude,
      category: a.aircraftCategory,
    }));
    return { rows, error: null };
  } catch (err) {
    if (err instanceof IgcReadError) return { rows: [], error: err.message };
    throw err;
  }
}

/** Truth categories checked against the analysis's aircraft category. */
const TRUTH_CATEGORY: Record<string, string> = { 'hang glider': 'hang_glider' };

const hhmm = (t: number) => new Date(t).toISOString().slice(11, 16);

/** Right or wrong, and why, for one file. */
export function judge(file: string, truth: Truth, rows: Row[], error: string | null): FileResult {
  const result: FileResult = { file, truth, rows, error, right: true, why: '', errors: [] };
  const wrong = (why: string) => {
    result.right = false;
    result.why ||= why;
  };
  const flying = rows.filter((r) => r.reason === REASON.none);
  if (truth.kind === 'not a flight') {
    if (flying.length) wrong(`stored as ${flying.length} flight(s): ${flying.map((r) => `${hhmm(r.start)}-${hhmm(r.end)}`).join(', ')}`);
    return result;
  }
  if (error) {
    wrong(`unreadable: ${error}`);
    return result;
  }
  if (truth.kind === 'undecidable') {
    // Kept and flagged for the pilot's review, never silently judged.
    if (!rows.length) wrong('no row');
    else if (flying.length) wrong('stored unflagged: a rule could not decide, so the pilot must be asked');
    return result;
  }
  const used = new Set<Row>();
  for (const flight of truth.flights) {
    const t0 = minuteStart(flight[0]);
    const t1 = minuteStart(flight[1]) + 60_000;
    const over = rows.filter((r) => r.start < t1 && r.end > t0);
    const ok = over.filter((r) => r.reason === REASON.none);
    if (!over.length) wrong(`flight ${flight[0].slice(11, 16)}-${flight[1].slice(11, 16)} missing`);
    else if (!ok.length) wrong(`flight ${flight[0].slice(11, 16)}-${flight[1].slice(11, 16)} flagged (reason ${over.map((r) => r.reason).join(',')})`);
    else if (ok.length > 1) wrong(`flight ${flight[0].slice(11, 16)}-${flight[1].slice(11, 16)} cut into ${ok.length}`);
    for (const r of ok) used.add(r);
    if (ok.length === 1) {
      const r = ok[0]!;
      result.errors.push({ takeoff: offMinute(r.start, flight[0]), landing: offMinute(r.end, flight[1]), flight });
    }
  }
  const extra = flying.filter((r) => !used.has(r));
  if (extra.length) wrong(`${extra.length} phantom flight(s): ${extra.map((r) => `${hhmm(r.start)}-${hhmm(r.end)}`).join(', ')}`);
  if (truth.maxAltitude && used.size) {
    const top = Math.max(...[...used].map((r) => r.maxAltitude));
    if (top < truth.maxAltitude[0] || top > truth.maxAltitude[1]) wrong(`maximum altitude ${Math.round(top)} m outside ${truth.maxAltitude.join('-')} m`);
  }
  // A hang glider read as a paraglider lands in the wrong ranking; the truth's category is checked
  // where the header names the wing (a paraglider is also the default when it names nothing).
  const category = truth.glider ? TRUTH_CATEGORY[truth.category] : undefined;
  const miscategorised = category ? [...used].filter((r) => r.category !== category) : [];
  if (miscategorised.length) wrong(`category ${miscategorised.map((r) => r.category ?? 'none').join(', ')}, not ${category}`);
  return result;
}

export function validateCorpus(only?: (file: string) => boolean): FileResult[] {
  const truth = loadTruth();
  return Object.entries(truth)
    .filter(([file]) => !only || only(file))
    .map(([file, t]) => {
      const { rows, error } = analyseCorpusFile(file);
      return judge(file, t, rows, error);
    });
}

/** A flight's takeoff and landing within this of the truth count as right to the minute. */
export const TIME_TOLERANCE_S = 60;

export interface Summary {
  files: number;
  right: number;
  byKind: Record<string, { files: number; right: number; wrong: string[] }>;
  byCase: Record<string, { files: number; right: number; wrong: string[] }>;
  byRecorder: Record<string, { files: number; right: number; wrong: string[] }>;
  flights: number;
  withinTolerance: number;
  offTime: { file: string; flight: [string, string]; takeoff: number; landing: number }[];
}

const recorderKey = (r: string) => r.split(/[\s(]/)[0] || r;

export function summarise(results: FileResult[]): Summary {
  const s: Summary = { files: results.length, right: 0, byKind: {}, byCase: {}, byRecorder: {}, flights: 0, withinTolerance: 0, offTime: [] };
  const add = (map: Summary['byKind'], key: string, r: FileResult) => {
    const e = (map[key] ??= { files: 0, right: 0, wrong: [] });
    e.files++;
    if (r.right) e.right++;
    else e.wrong.push(`${r.file} (${r.why})`);
  };
  for (const r of results) {
    if (r.right) s.right++;
    add(s.byKind, r.truth.kind, r);
    if (r.truth.case) add(s.byCase, r.truth.case, r);
    add(s.byRecorder, recorderKey(r.truth.recorder), r);
    for (const e of r.errors) {
      s.flights++;
      if (e.takeoff <= TIME_TOLERANCE_S && e.landing <= TIME_TOLERANCE_S) s.withinTolerance++;
      else s.offTime.push({ file: r.file, flight: e.flight, takeoff: e.takeoff, landing: e.landing });
    }
  }
  return s;
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '-');

/** The report as Markdown: what `npm run validate` prints and writes into docs/validation.md. */
export function report(s: Summary): string {
  const lines: string[] = [];
  lines.push(`Files: **${s.right} of ${s.files} right** (${pct(s.right, s.files)}). Flights with takeoff and landing within ${TIME_TOLERANCE_S} s of the truth: **${s.withinTolerance} of ${s.flights}** (${pct(s.withinTolerance, s.flights)}).`, '');
  const table = (title: string, map: Summary['byKind']) => {
    lines.push(`| ${title} | files | right | wrong |`, '|---|---|---|---|');
    for (const [k, v] of Object.entries(map).sort((a, b) => b[1].files - a[1].files || a[0].localeCompare(b[0]))) lines.push(`| ${k} | ${v.files} | ${v.right} | ${v.wrong.join('; ') || ''} |`);
    lines.push('');
  };
  table('kind', s.byKind);
  table('class of error', s.byCase);
  table('recorder', s.byRecorder);
  lines.push(`Flights off by more than ${TIME_TOLERANCE_S} s (takeoff / landing error, s):`, '');
  if (!s.offTime.length) lines.push('- none');
  for (const o of s.offTime) lines.push(`- ${o.file} ${o.flight[0].slice(0, 16)}: takeoff ${Math.round(o.takeoff)}, landing ${Math.round(o.landing)}`);
  return lines.join('\n');
}
