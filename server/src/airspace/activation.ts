import type { AirspaceActivation } from '../../../contract/airspace';

/**
 * When an airspace is active, as far as the OpenAir file tells (docs/airspace.md, "Activation").
 * Pure: the parser keeps the file's own words (class, name, `AY` type, `AA` times) and this decides,
 * so files loaded before activation was read are judged by the same rules.
 *
 * - `AA` times (Naviter's extended OpenAir: ISO 8601 UTC intervals, `NONE` for an open end) say
 *   exactly when: a passage outside every interval is no infringement. `AA NONE` alone means
 *   "active only when announced": unknown.
 * - Words in the name: `NOTAM`, `HX`, "ACT ON NOTAM", "aktiv nach NOTAM", "activable" (French
 *   "activable H24 sur NOTAM" too), "by NOTAM": unknown; then `H24`: always; then a schedule such
 *   as `MON-FRI`, `MO-FR+`, `TUE+`, `0700-1700`, `SR-SS`, "nighttime" (the days and hours are
 *   local, with holidays and "+ by NOTAM" extensions the file does not give, so they cannot be
 *   decided from the file alone): unknown, the words kept as the reason.
 * - A class or type that is only sometimes active (danger areas `Q`, wave windows and gliding
 *   sectors `W`, `TRA`, `TSA`, `GSEC`, `MTA`, `MTR`, `N`, `TFR`, `ALERT`, `WARNING`), or a name that
 *   says TRA or TSA, with no activation given: unknown.
 * - Anything else (CTR, TMA, classes A–G, prohibited areas, restricted areas with no such word) is
 *   always active, as before.
 */

/** What the parser keeps of the file for activation: the class, name, type (AY) and activation times (AA), as written. */
export interface ActivationSource {
  class: string;
  name: string;
  type?: string;
  times?: string[];
}

/** A stretch of time the file says the area is active (ms; null: open end). */
export interface ActiveWindow {
  from: number | null;
  to: number | null;
}

export type Activation = { kind: 'always' } | { kind: 'unknown'; reason: string } | { kind: 'windows'; windows: ActiveWindow[] };

const NAME_UNKNOWN: [RegExp, (m: RegExpExecArray) => string][] = [
  [/\bACT(?:IVE)?\.? (?:ON|BY|VIA) NOTAM\b/i, (m) => m[0]],
  [/\baktiv (?:nach|durch|bei) NOTAM\b/i, (m) => m[0]],
  [/\bactivables?\b/i, (m) => m[0]],
  [/\bNOTAM\b(?:\s+[A-Za-z][A-Za-z+-]*)?/i, (m) => m[0]],
  [/\bHX\b/i, (m) => m[0]],
];
/** Days and hours written in a name: MON-FRI, MO-FR+, TUE+, SAT-SUN, 0700-1700, SR-SS, nighttime. */
const DAY = '(?:MON|TUE|WED|THU|FRI|SAT|SUN)';
const DAY2 = '(?:MO|TU|WE|TH|FR|SA|SU)';
const SCHEDULE = new RegExp(`\\b(?:${DAY}(?:-${DAY})?|${DAY2}-${DAY2}|\\d{4}-\\d{4}(?:\\s?(?:UTC|LT|Z))?|SR-SS|night-?time|weekdays?|weekends?)\\+?(?=\\s|$|[),;])`, 'i');
const ALWAYS = /\bH24\b/i;
/** Classes and types (AC, AY) of areas that are active only at times. */
const SOMETIMES = new Set(['Q', 'W', 'TRA', 'TSA', 'GSEC', 'MTA', 'MTR', 'N', 'TFR', 'ALERT', 'WARNING']);
const SOMETIMES_NAME = /\b(TRA|TSA)\b/;

/** One `AA` value: `start/end`, either end `NONE`; undefined when it cannot be read. */
function readWindow(text: string): ActiveWindow | undefined {
  const parts = text.trim().split('/');
  if (parts.length !== 2) return undefined;
  const end = (s: string): number | null | undefined => {
    const v = s.trim().toUpperCase();
    if (v === 'NONE') return null;
    // "T24:00" is the end of that day.
    const m = /^(\d{4}-\d{2}-\d{2})T24:00(?::00)?Z$/.exec(v);
    const ms = m ? Date.parse(`${m[1]}T00:00:00Z`) + 86_400_000 : /Z$/.test(v) ? Date.parse(v) : NaN;
    return Number.isFinite(ms) ? ms : undefined;
  };
  const from = end(parts[0]!), to = end(parts[1]!);
  if (from === undefined || to === undefined || (from === null && to === null)) return undefined;
  return { from, to };
}

/** Reads an `AA` value as the parser meets it: true when it can be read (NONE, or an interval in UTC). */
export const readableActivationTime = (text: string) => text.trim().toUpperCase() === 'NONE' || readWindow(text) !== undefined;

export function activationOf(src: ActivationSource): Activation {
  if (src.times?.length) {
    if (src.times.some((t) => t.trim().toUpperCase() === 'NONE')) return { kind: 'unknown', reason: 'AA NONE' };
    const windows = src.times.map(readWindow).filter((w): w is ActiveWindow => w !== undefined);
    if (windows.length) return { kind: 'windows', windows };
  }
  // "activable H24 sur NOTAM" is announced at any hour: the announcing words come first.
  for (const [re, reason] of NAME_UNKNOWN) {
    const m = re.exec(src.name);
    if (m) return { kind: 'unknown', reason: reason(m) };
  }
  if (ALWAYS.test(src.name)) return { kind: 'always' };
  const schedule = SCHEDULE.exec(src.name);
  if (schedule) return { kind: 'unknown', reason: schedule[0] };
  const type = src.type?.trim().toUpperCase();
  if (type && SOMETIMES.has(type)) return { kind: 'unknown', reason: type };
  const cls = src.class.trim().toUpperCase();
  if (SOMETIMES.has(cls)) return { kind: 'unknown', reason: cls };
  const named = SOMETIMES_NAME.exec(src.name);
  if (named) return { kind: 'unknown', reason: named[0] };
  return { kind: 'always' };
}

/** Whether a passage (ms) meets one of the windows the file gives. */
export const activeDuring = (windows: ActiveWindow[], from: number, to: number) => windows.some((w) => (w.from === null || w.from <= to) && (w.to === null || from <= w.to));

/** How the API says it: always active, or unknown with the file's words. */
export const activationAnswer = (a: Activation): AirspaceActivation => (a.kind === 'unknown' ? { activation: 'unknown', activationReason: a.reason } : { activation: 'active', activationReason: null });
