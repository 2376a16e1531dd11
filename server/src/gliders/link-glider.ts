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
 * The wing a new flight gets: the pilot's wing whose "manufacturer model" or model alone (with or
 * without its size) matches the IGC glider type, one in use on the flight's day first; else the
 * pilot's default wing; else none.
 */
export async function gliderFor(db: Db, userId: number, gliderType: string | null, day: string): Promise<number | null> {
  const wings = await listGliders(db, userId);
  const type = gliderType ? gliderKey(gliderType) : '';
  const names = (g: (typeof wings)[number]) =>
    [`${g.manufacturer} ${g.model}`, g.model, ...(g.size ? [`${g.manufacturer} ${g.model} ${g.size}`, `${g.model} ${g.size}`] : [])].map(gliderKey);
  const inUse = (g: (typeof wings)[number]) => (!g.inUseFrom || g.inUseFrom <= day) && (!g.inUseUntil || day <= g.inUseUntil);
  const matching = type ? wings.filter((g) => names(g).includes(type)) : [];
  const match = matching.find(inUse) ?? matching[0];
  return (match ?? wings.find((g) => g.isDefault === 1))?.id ?? null;
}
