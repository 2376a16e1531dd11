import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { nowIso, type Db, type User } from '../db';
import { forbidden, SESSION_COOKIE, unauthorized } from '../http';
import { deleteSessionByHash, deleteUserSessions, findSessionUser, insertSession, setSessionExpiry } from './repository';

export { SESSION_COOKIE } from '../http';
export const SESSION_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const expiry = () => new Date(Date.now() + SESSION_DAYS * DAY_MS).toISOString();

/** Creates a session and returns its opaque token; only the hash is stored. */
export async function createSession(db: Db, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertSession(db, { tokenHash: hashToken(token), userId, createdAt: nowIso(), expiresAt: expiry() });
  return token;
}

/** The session's user, extending the sliding expiry at most once a day. */
export async function userForSession(db: Db, token: string): Promise<User | undefined> {
  const tokenHash = hashToken(token);
  const row = await findSessionUser(db, tokenHash);
  if (!row) return undefined;
  const { sessionExpiresAt, ...user } = row;
  const remaining = Date.parse(sessionExpiresAt) - Date.now();
  if (remaining <= 0) {
    await deleteSessionByHash(db, tokenHash);
    return undefined;
  }
  if (remaining < (SESSION_DAYS - 1) * DAY_MS) await setSessionExpiry(db, tokenHash, expiry());
  return user;
}

export const deleteSession = (db: Db, token: string) => deleteSessionByHash(db, hashToken(token));

/** Ends every session of the user except the one whose token is given. */
export const deleteOtherSessions = (db: Db, userId: number, keepToken?: string) => deleteUserSessions(db, userId, keepToken ? hashToken(keepToken) : undefined);

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: SESSION_DAYS * 24 * 3600,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/** The signed-in user, or a 401. Use in every handler that touches a user's data. */
export function requireUser(request: FastifyRequest): User {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function requireAdmin(request: FastifyRequest): User {
  const user = requireUser(request);
  if (user.role !== 'Admin') throw forbidden('This area is for administrators only.');
  return user;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
  }
}
