import { randomBytes } from 'node:crypto';
import { nowIso, type Db } from '../db';
import { hashToken } from './sessions';

export type TokenKind = 'verify' | 'reset';
const LIFETIME_MS: Record<TokenKind, number> = { verify: 7 * 24 * 3600 * 1000, reset: 3600 * 1000 };

/** Issues a single-use code for a mailed link; earlier unused codes of the same kind stop working. */
export async function issueToken(db: Db, userId: number, kind: TokenKind, email: string): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await db.deleteFrom('tokens').where('userId', '=', userId).where('kind', '=', kind).where('usedAt', 'is', null).execute();
  await db
    .insertInto('tokens')
    .values({
      tokenHash: hashToken(code),
      userId,
      kind,
      email,
      expiresAt: new Date(Date.now() + LIFETIME_MS[kind]).toISOString(),
      usedAt: null,
      createdAt: nowIso(),
    })
    .execute();
  return code;
}

/** Marks the code used and returns it, or undefined when it is unknown, used or expired. */
export async function consumeToken(db: Db, code: string, kind: TokenKind) {
  const tokenHash = hashToken(code);
  const now = nowIso();
  const used = await db
    .updateTable('tokens')
    .set({ usedAt: now })
    .where('tokenHash', '=', tokenHash)
    .where('kind', '=', kind)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .returning(['userId', 'email'])
    .executeTakeFirst();
  return used;
}

/** Whether the code is currently usable, without using it. */
export async function isTokenValid(db: Db, code: string, kind: TokenKind): Promise<boolean> {
  const row = await db
    .selectFrom('tokens')
    .select('userId')
    .where('tokenHash', '=', hashToken(code))
    .where('kind', '=', kind)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', nowIso())
    .executeTakeFirst();
  return !!row;
}

/** How many codes of this kind the user has used (a first email verification has none before it). */
export async function usedTokenCount(db: Db, userId: number, kind: TokenKind): Promise<number> {
  const row = await db
    .selectFrom('tokens')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('userId', '=', userId)
    .where('kind', '=', kind)
    .where('usedAt', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
