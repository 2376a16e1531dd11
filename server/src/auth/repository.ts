import type { Db, NewUser, User, UserUpdate } from '../db';

/**
 * The auth area's queries: accounts, sessions and mailed codes. Each function takes the database
 * (or a transaction) first and runs one query.
 */

// Accounts

export const findUserById = (db: Db, id: number): Promise<User | undefined> => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const findUserByEmail = (db: Db, email: string): Promise<User | undefined> => db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

export const findUserByProviderSubject = (db: Db, provider: string, subject: string): Promise<User | undefined> =>
  db.selectFrom('users').selectAll().where('authProvider', '=', provider).where('providerSubject', '=', subject).executeTakeFirst();

/** Emails of accounts (other than the excepted one) that use this email or, case-insensitively, this username. */
export async function findAccountsUsing(db: Db, email: string, username: string, exceptUserId?: number): Promise<{ email: string }[]> {
  let q = db
    .selectFrom('users')
    .select(['email'])
    .where((eb) => eb.or([eb('email', '=', email), eb(eb.fn('lower', ['username']), '=', username.toLowerCase())]));
  if (exceptUserId !== undefined) q = q.where('id', '!=', exceptUserId);
  return q.execute();
}

/** Usernames starting with the prefix, case-insensitively. */
export async function findUsernamesStartingWith(db: Db, prefix: string): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('username')
    .where((eb) => eb(eb.fn('lower', ['username']), 'like', `${prefix.toLowerCase()}%`))
    .execute();
  return rows.map((r) => r.username);
}

export const insertUser = (db: Db, user: NewUser): Promise<User> => db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();

/** Changes the user's fields; false when no such user. */
export async function updateUser(db: Db, id: number, fields: UserUpdate): Promise<boolean> {
  const res = await db.updateTable('users').set(fields).where('id', '=', id).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Marks the email verified, only while the account still has that email; false otherwise. */
export async function markEmailVerified(db: Db, userId: number, email: string, at: string): Promise<boolean> {
  const res = await db.updateTable('users').set({ emailVerifiedAt: at }).where('id', '=', userId).where('email', '=', email).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Foreign keys cascade: sessions, codes, uploads, stored files, flights, tracks, sites, achievements. */
export async function deleteUser(db: Db, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

// Sessions (by the hash of their token; the token itself is never stored)

export async function insertSession(db: Db, session: { tokenHash: string; userId: number; createdAt: string; expiresAt: string }): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/** The session's user with the session's expiry. */
export const findSessionUser = (db: Db, tokenHash: string): Promise<(User & { sessionExpiresAt: string }) | undefined> =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .selectAll('users')
    .select(['sessions.expiresAt as sessionExpiresAt'])
    .where('sessions.tokenHash', '=', tokenHash)
    .executeTakeFirst();

export async function setSessionExpiry(db: Db, tokenHash: string, expiresAt: string): Promise<void> {
  await db.updateTable('sessions').set({ expiresAt }).where('tokenHash', '=', tokenHash).execute();
}

export async function deleteSessionByHash(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('tokenHash', '=', tokenHash).execute();
}

/** Ends every session of the user except the one with the given hash. */
export async function deleteUserSessions(db: Db, userId: number, exceptTokenHash?: string): Promise<void> {
  let q = db.deleteFrom('sessions').where('userId', '=', userId);
  if (exceptTokenHash) q = q.where('tokenHash', '!=', exceptTokenHash);
  await q.execute();
}

// Mailed single-use codes

export async function deleteUnusedCodes(db: Db, userId: number, kind: string): Promise<void> {
  await db.deleteFrom('tokens').where('userId', '=', userId).where('kind', '=', kind).where('usedAt', 'is', null).execute();
}

export async function insertCode(db: Db, code: { tokenHash: string; userId: number; kind: string; email: string; expiresAt: string; createdAt: string }): Promise<void> {
  await db.insertInto('tokens').values({ ...code, usedAt: null }).execute();
}

/** Marks a usable code used and returns whose it is; undefined when unknown, used or expired at `now`. */
export const spendCode = (db: Db, tokenHash: string, kind: string, now: string): Promise<{ userId: number; email: string } | undefined> =>
  db
    .updateTable('tokens')
    .set({ usedAt: now })
    .where('tokenHash', '=', tokenHash)
    .where('kind', '=', kind)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .returning(['userId', 'email'])
    .executeTakeFirst();

/** Whether this used code verified the address its pilot still has (a second click on a verification link). */
export async function codeVerifiedCurrentAddress(db: Db, tokenHash: string, kind: string): Promise<boolean> {
  const row = await db
    .selectFrom('tokens')
    .innerJoin('users', 'users.id', 'tokens.userId')
    .select('users.id')
    .where('tokens.tokenHash', '=', tokenHash)
    .where('tokens.kind', '=', kind)
    .where('tokens.usedAt', 'is not', null)
    .where('users.emailVerifiedAt', 'is not', null)
    .whereRef('users.email', '=', 'tokens.email')
    .executeTakeFirst();
  return !!row;
}

export async function isCodeUsable(db: Db, tokenHash: string, kind: string, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('tokens')
    .select('userId')
    .where('tokenHash', '=', tokenHash)
    .where('kind', '=', kind)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return !!row;
}

export async function countUsedCodes(db: Db, userId: number, kind: string): Promise<number> {
  const row = await db
    .selectFrom('tokens')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('userId', '=', userId)
    .where('kind', '=', kind)
    .where('usedAt', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
