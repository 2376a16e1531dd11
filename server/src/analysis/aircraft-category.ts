import type { AircraftCategory } from '../../../contract/aircraft';
import type { GliderClass } from '../../../contract/gliders';
import {
  CATEGORY_WORDS,
  COMPETITION_CLASSES,
  DISTINCT_MODELS,
  HANG_GLIDER_MAKERS,
  HANG_GLIDER_MODELS,
  PARAGLIDER_CLASSES,
  PARAGLIDER_MAKERS,
  SAILPLANE_MAKERS,
  SAILPLANE_RECORDERS,
  SAILPLANE_TYPES,
} from './aircraft-models';

/** What an IGC header says about the aircraft (docs/aircraft-category.md). */
export interface AircraftHeader {
  /** HFGTYGLIDERTYPE */
  gliderType: string | null;
  /** HFCCLCOMPETITIONCLASS */
  competitionClass?: string | null;
  /** The recorder's maker (A record) and type (HFFTYFRTYPE). */
  recorder?: string | null;
}

/**
 * Words of a name, compared case-, accent- and punctuation-insensitively, with letters and digits
 * written together split ("ASW28" → asw 28, "Buzz Z6" → buzz z 6, "LS_4" → ls 4).
 */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/([a-z])(\d)/g, '$1 $2')
    .replace(/(\d)([a-z])/g, '$1 $2')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Where the words of `part` stand together in `words`, or -1. */
function indexOfWords(words: string[], part: string[]): number {
  if (!part.length) return -1;
  for (let i = 0; i + part.length <= words.length; i++) if (part.every((w, j) => words[i + j] === w)) return i;
  return -1;
}

const table = (names: string[]) => names.map(nameWords);
const sailplaneMakers = table(SAILPLANE_MAKERS);
const sailplaneTypes = table(SAILPLANE_TYPES);
const paragliderMakers = table(PARAGLIDER_MAKERS);
const hangGliderMakers = table(HANG_GLIDER_MAKERS);
const hangGliderModels = table(HANG_GLIDER_MODELS);
const recorders = table(SAILPLANE_RECORDERS);
const categoryWords = Object.entries(CATEGORY_WORDS).map(([category, words]) => ({ category: category as AircraftCategory, words: table(words) }));
const competitionClasses = Object.entries(COMPETITION_CLASSES).map(([name, category]) => ({ words: nameWords(name), category }));
const paragliderModels = PARAGLIDER_CLASSES.map(([maker, model, gliderClass]) => ({ maker: nameWords(maker), model: nameWords(model), gliderClass }));

const anyOf = (words: string[], names: string[][]) => names.some((n) => indexOfWords(words, n) >= 0);

/**
 * The paraglider model a glider name names, with its class: the longest model that stands in the
 * name, with its maker or without it (a model of two words or more, such as "Alpha 6", or a distinct one).
 */
function paragliderModel(words: string[]) {
  let best: (typeof paragliderModels)[number] | undefined;
  for (const m of paragliderModels) {
    if (indexOfWords(words, m.model) < 0) continue;
    const withMaker = indexOfWords(words, m.maker) >= 0 || (m.maker.length > 1 && words.includes(m.maker.join('')));
    if (!withMaker && m.model.length < 2 && !DISTINCT_MODELS.includes(m.model[0]!)) continue;
    if (!best || m.model.length > best.model.length) best = m;
  }
  return best;
}

/** "EN C", "EN-C", "LTF C" in a glider name. */
function certificationIn(words: string[]): GliderClass | null {
  for (let i = 0; i + 1 < words.length; i++) {
    if ((words[i] === 'en' || words[i] === 'ltf') && /^[abcd]$/.test(words[i + 1]!)) return `EN ${words[i + 1]!.toUpperCase()}` as GliderClass;
  }
  return words.includes('ccc') ? 'CCC' : null;
}

/** The category a glider name says, or null. Makers first: "Aeros Discus" is a hang glider, a plain "Discus" a sailplane. */
function categoryOfName(name: string): AircraftCategory | null {
  const words = nameWords(name);
  if (!words.length) return null;
  if (anyOf(words, hangGliderMakers)) return 'hang_glider';
  if (anyOf(words, paragliderMakers)) return 'paraglider';
  if (anyOf(words, sailplaneMakers)) return 'sailplane';
  if (anyOf(words, sailplaneTypes)) return 'sailplane';
  if (paragliderModel(words)) return 'paraglider';
  if (anyOf(words, hangGliderModels)) return 'hang_glider';
  for (const { category, words: names } of categoryWords) if (anyOf(words, names)) return category;
  if (certificationIn(words)) return 'paraglider';
  return null;
}

/**
 * The aircraft category an IGC header says: the glider type first, then the competition class,
 * then a recorder built only for sailplanes; null when none of them says anything we know (the
 * flight is then what its wing says, else a paraglider).
 */
export function categoryFromHeader(header: AircraftHeader): AircraftCategory | null {
  const fromName = header.gliderType ? categoryOfName(header.gliderType) : null;
  if (fromName) return fromName;
  if (header.competitionClass) {
    // "Paraglider (Standard)": the aircraft's own word before a class name another sport shares.
    const named = categoryOfName(header.competitionClass);
    if (named) return named;
    const words = nameWords(header.competitionClass);
    const known = competitionClasses.filter((c) => indexOfWords(words, c.words) >= 0).sort((a, b) => b.words.length - a.words.length)[0];
    if (known) return known.category;
  }
  if (header.recorder && anyOf(nameWords(header.recorder), recorders)) return 'sailplane';
  return null;
}

/**
 * The EN/LTF class of the paraglider a glider name names ("Advance Alpha 6 26" → EN A), from the
 * table in aircraft-models.ts or a class written in the name ("Paraglider EN C"); null otherwise.
 */
export function wingClassFromName(name: string | null): GliderClass | null {
  if (!name) return null;
  const words = nameWords(name);
  return paragliderModel(words)?.gliderClass ?? certificationIn(words);
}
