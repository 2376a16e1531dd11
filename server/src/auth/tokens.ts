import { randomBytes } from 'node:crypto';
import { nowIso, type Db } from '../db';
import { codeVerifiedCurrentAddress, countUsedCodes, deleteUnusedCodes, insertCode, isCodeUsable, spendCode } from './repository';
import { hashToken } from './sessions';

export type TokenKind = 'verify' | 'reset';
const LIFETIME_MS: Record<TokenKind, number> = { verify: 7 * 24 * 3600 * 1000, reset: 3600 * 1000 };

/** Issues a single-use code for a mailed link; earlier unused codes of the same kind stop working. */
export async function issueToken(db: Db, userId: number, kind: TokenKind, email: string): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await deleteUnusedCodes(db, userId, kind);
  await insertCode(db, { tokenHash: hashToken(code), userId, kind, email, expiresAt: new Date(Date.now() + LIFETIME_MS[kind]).toISOString(), createdAt: nowIso() });
  return code;
}

/** Marks the code used and returns it, or undefined when it is unknown, used or expired. */
export const consumeToken = (db: Db, code: string, kind: TokenKind) => spendCode(db, hashToken(code), kind, nowIso());

/** Whether the code is currently usable, without using it. */
export const isTokenValid = (db: Db, code: string, kind: TokenKind) => isCodeUsable(db, hashToken(code), kind, nowIso());

/** How many codes of this kind the user has used (a first email verification has none before it). */
export const usedTokenCount = (db: Db, userId: number, kind: TokenKind) => countUsedCodes(db, userId, kind);

/** A used code that verified the address its pilot still has: opening the link again is not an error. */
export const alreadyVerifiedBy = (db: Db, code: string, kind: TokenKind) => codeVerifiedCurrentAddress(db, hashToken(code), kind);
