import type { Db } from '../db';
import { listGliders } from './repository';

/** Case, accents, spaces and punctuation do not count when an IGC glider type is compared with a wing. */
export const gliderKey = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Words makers add to their name in some spellings and not others ("Nova Performance Paragliders",
 * "UP International", "Air Design"): left out when a manufacturer is compared.
 */
const MAKER_SUFFIXES = /(paragliders?|paragliding|gliders?|international|performance|aviation|sports?|gmbh|ltd|inc)$/u;
const makerKey = (text: string) => {
  let key = gliderKey(text);
  for (let previous = ''; previous !== key; ) [previous, key] = [key, key.replace(MAKER_SUFFIXES, '') || key];
  return key;
};

/** What recorders write when the pilot never set a glider: it names no wing. */
const PLACEHOLDERS = new Set(['', 'paraglider', 'paraglide', 'glider', 'hangglider', 'pg', 'hg', 'unknown', 'none', 'notset', 'na', 'nil', 'default', 'test']);

export interface WingForLink {
  id: number;
  manufacturer: string;
  model: string;
  size: string | null;
  inUseFrom: string | null;
  inUseUntil: string | null;
  isDefault: number;
}

export const inUseOn = (g: Pick<WingForLink, 'inUseFrom' | 'inUseUntil'>, day: string | null) =>
  !day || ((!g.inUseFrom || g.inUseFrom <= day) && (!g.inUseUntil || day <= g.inUseUntil));

/** A size recorders append to the model ("Rush 6 MS", "Bi Beamer 42"). */
const SIZE = /^(x{0,3}s|m|ms|ml|x{0,3}l|\d{2})$/u;

/**
 * Whether an IGC glider type names this wing: its model, after nothing or the wing's maker in any
 * spelling, before nothing, the wing's size, or (for a wing without one) a size.
 */
function names(g: WingForLink, type: string): boolean {
  const model = gliderKey(g.model);
  const maker = makerKey(g.manufacturer);
  const size = g.size ? gliderKey(g.size) : null;
  for (let at = type.indexOf(model); model && at >= 0; at = type.indexOf(model, at + 1)) {
    const before = type.slice(0, at);
    const after = type.slice(at + model.length);
    if ((before === '' || makerKey(before) === maker) && (after === '' || after === size || (!size && SIZE.test(after)))) return true;
  }
  return false;
}

/**
 * The wing a flight gets, the one rule for uploads and for linking flights later: the pilot's wing the
 * IGC glider type names (one in use on the flight's day first); when the type names no wing at all
 * (empty or a recorder's placeholder), the default wing if it was in use that day; else none. A type
 * that names some other wing never falls back to the default: its hours would count on the wrong wing.
 */
export function chooseGlider(wings: WingForLink[], gliderType: string | null, day: string | null): number | null {
  const type = gliderType ? gliderKey(gliderType) : '';
  if (PLACEHOLDERS.has(type)) return wings.find((g) => g.isDefault === 1 && inUseOn(g, day))?.id ?? null;
  const matching = wings.filter((g) => names(g, type));
  return (matching.find((g) => inUseOn(g, day)) ?? matching[0])?.id ?? null;
}

export async function gliderFor(db: Db, userId: number, gliderType: string | null, day: string | null): Promise<number | null> {
  return chooseGlider(await listGliders(db, userId), gliderType, day);
}
