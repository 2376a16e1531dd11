import type { ScoringRules } from '../../../../contract/scoring';
import { round1, round2 } from './geometry';

// A module binding: jest's sandbox looks each global up slowly (docs/testing.md, "Globals in jest's sandbox").
const Math = globalThis.Math;

/**
 * The leagues exactly as igc-xc-score 1.8 defines them (its scoring-rules.config.js), one entry per
 * kind of flight a league scores; docs/scoring.md explains every field.
 */
export interface RuleEntry {
  name: string;
  /** The flight code stored with the flight: od, tri, fai, oar. */
  code: 'od' | 'tri' | 'fai' | 'oar';
  /** od: free distance over 3 turnpoints; triangle; oar1: out and return around one turnpoint
   * (FAI); oar2: out and return between two turnpoints. */
  kind: 'od' | 'triangle' | 'oar1' | 'oar2';
  multiplier: number;
  /** Smallest leg as a share of the triangle (FAI triangles: 0.28). */
  minSide?: number;
  /** Longest leg as a share of the triangle (XCLeague flat triangles: 0.45). */
  maxSide?: number;
  /** Closing: accepted up to max(fixed, relative × distance) km; no penalty up to free km. */
  closingFixed?: number;
  closingFree?: number;
  closingRelative?: number;
  /** Below this many km the entry scores nothing. */
  minDistance?: number;
  /** FAI cylinders: turnpoints are 400 m cylinders (km). */
  cylinders?: number;
  /** The last rounding of distance and score: 1 or 2 decimals. */
  finalDigits: 1 | 2;
}

type Entry = Omit<RuleEntry, 'finalDigits'>;
const od = (multiplier = 1, extra: Partial<Entry> = {}): Entry => ({ name: 'Free distance', code: 'od', kind: 'od', multiplier, ...extra });
const tri = (code: 'tri' | 'fai', multiplier: number, extra: Partial<Entry>): Entry => ({ name: code === 'fai' ? 'FAI triangle' : 'Flat triangle', code, kind: 'triangle', multiplier, ...extra });
const oar2 = (multiplier: number, extra: Partial<Entry>): Entry => ({ name: 'Out and return', code: 'oar', kind: 'oar2', multiplier, ...extra });
const withDigits = (digits: 1 | 2, entries: Entry[]): RuleEntry[] => entries.map((e) => ({ ...e, finalDigits: digits }));

const faiClosing = { closingFixed: 0.8, closingFree: 0.8 };
const xcLeagueClosing = { closingFixed: 0.8 };

export const LEAGUES: Record<ScoringRules, RuleEntry[]> = {
  FFVL: withDigits(2, [
    od(),
    tri('tri', 1.2, { closingFixed: 3, closingFree: 3, closingRelative: 0.05 }),
    tri('fai', 1.4, { minSide: 0.28, closingFixed: 3, closingFree: 3, closingRelative: 0.05 }),
  ]),
  XContest: withDigits(2, [
    od(),
    tri('tri', 1.2, { closingRelative: 0.2 }),
    tri('fai', 1.4, { minSide: 0.28, closingRelative: 0.2 }),
    tri('tri', 1.4, { name: 'Closed flat triangle', closingFixed: 0, closingFree: 0, closingRelative: 0.05 }),
    tri('fai', 1.6, { name: 'Closed FAI triangle', minSide: 0.28, closingFixed: 0, closingFree: 0, closingRelative: 0.05 }),
  ]),
  FAI: withDigits(1, [od(), tri('tri', 1.2, faiClosing), tri('fai', 1.4, { minSide: 0.28, ...faiClosing })]),
  'FAI-Cylinders': withDigits(1, [
    od(1, { cylinders: 0.4 }),
    tri('tri', 1.2, { ...faiClosing, cylinders: 0.4 }),
    tri('fai', 1.4, { minSide: 0.28, ...faiClosing, cylinders: 0.4 }),
  ]),
  'FAI-OAR': withDigits(1, [{ name: 'Out and return', code: 'oar', kind: 'oar1', multiplier: 1, ...faiClosing }]),
  'FAI-OAR2': withDigits(1, [oar2(1, faiClosing)]),
  XCLeague: withDigits(1, [
    oar2(2, { ...xcLeagueClosing, minDistance: 35 }),
    oar2(1.5, { ...xcLeagueClosing, minDistance: 15 }),
    oar2(1.2, { ...xcLeagueClosing, minDistance: 5 }),
    od(1, { name: 'Turnpoint flight', minDistance: 5 }),
    tri('tri', 2, { minSide: 0.15, maxSide: 0.45, ...xcLeagueClosing, minDistance: 35 }),
    tri('tri', 1.5, { minSide: 0.15, maxSide: 0.45, ...xcLeagueClosing, minDistance: 15 }),
    tri('tri', 1.2, { minSide: 0.15, maxSide: 0.45, ...xcLeagueClosing, minDistance: 5 }),
    // the library codes XCLeague's FAI triangles 'tri' too
    tri('tri', 2.3, { name: 'FAI triangle', minSide: 0.28, ...xcLeagueClosing, minDistance: 25 }),
    tri('tri', 2, { name: 'FAI triangle', minSide: 0.28, ...xcLeagueClosing, minDistance: 15 }),
    tri('tri', 1.5, { name: 'FAI triangle', minSide: 0.28, ...xcLeagueClosing, minDistance: 5 }),
  ]),
};

/** The last rounding of an entry (its distance and score). */
export const finalRound = (e: RuleEntry, v: number) => (e.finalDigits === 1 ? round1(v) : round2(v));

/** The longest closing the entry accepts for a circuit of `distance` km (the library's closingWithLimit). */
export const closingLimit = (e: RuleEntry, distance: number) => round2(Math.max(e.closingFixed || 0, distance * (e.closingRelative || 0)));

/** The closing penalty in km (the library's closingPenalty). */
export const closingPenalty = (e: RuleEntry, cd: number) => round2(cd > (e.closingFree || 0) ? cd : 0);
