import type { FastifyBaseLogger } from 'fastify';
import {
  RESET_MIN_STRENGTH,
  passwordStrength,
  type AuthUser,
  type Language,
  type MessageResponse,
  type ProfileUpdateResponse,
} from '../../../contract/auth';
import { nowIso, type Db, type DbDeps, type User } from '../db';
import type { UnitPreference, UnitsResponse } from '../../../contract/units';
import { badRequest, conflict, HttpError, unauthorized } from '../http';
import { composeMail, type MailKind } from '../mail';
import type { Services } from '../services-types';
import { findOrCreateOidcUser, isUniqueViolation, toAuthUser, toProfile, unitColumns, unitsOf, userById } from './accounts';
import { AUTH_MESSAGES } from './messages';
import type { OidcSignIn, OidcStart } from './oidc';
import { hashPassword, verifyPassword } from './passwords';
import { deleteUser, findAccountsUsing, findUserByEmail, insertUser, markEmailVerified, updateUser } from './repository';
import { createSession, deleteOtherSessions, deleteSession } from './sessions';
import { alreadyVerifiedBy, consumeToken, isTokenValid, issueToken, usedTokenCount } from './tokens';

/** Who asks, as far as accounts care: the language of their request and where to log. */
export interface Caller {
  language: Language | null;
  log: FastifyBaseLogger;
}

/** A new session: its token for the cookie and the user it belongs to. */
export interface SignedIn {
  session: string;
  user: AuthUser;
}

/**
 * What accounts need from the services: the database, the configuration (public address, admin
 * emails) and the mailer. The OpenID Connect client is not here: it is state (discovered once, then
 * kept), so the routes build one `OidcSignIn` and hand it to `googleSignIn` (docs/architecture.md).
 */
export type AuthDeps = Pick<Services, 'database' | 'config' | 'mailer'>;

// Accounts, sign-in and the mails they send (docs/product.md §3 auth, §7). Routes call one function each.
const link = (config: AuthDeps['config'], path: string, code: string) => `${config.publicUrl}${path}?code=${encodeURIComponent(code)}`;
const roleFor = (config: AuthDeps['config'], email: string, current = 'User') => (config.adminEmails.includes(email) ? 'Admin' : current);

/** Sends one mail in the user's language; a failed delivery is logged and reported as false. */
async function deliver({ mailer }: AuthDeps, caller: Caller, user: User, kind: MailKind, url: string, to = user.email): Promise<boolean> {
  try {
    await mailer.send(composeMail(kind, { to, name: user.displayName || user.username, language: user.preferredLanguage ?? caller.language, link: url }));
    return true;
  } catch (err) {
    caller.log.error({ err, kind, to }, 'mail delivery failed');
    return false;
  }
}
const sendVerification = async (deps: AuthDeps, caller: Caller, user: User, kind: MailKind = 'verify') =>
  deliver(deps, caller, user, kind, link(deps.config, '/api/auth/verify-email', await issueToken(deps.database.db, user.id, 'verify', user.email)));
const sendWelcome = (deps: AuthDeps, caller: Caller, user: User) => deliver(deps, caller, user, 'welcome', `${deps.config.publicUrl}/dashboard`);

/** Work whose duration must not tell a visitor whether an account exists: the answer does not wait. */
const inBackground = (caller: Caller, work: () => Promise<unknown>) => {
  work().catch((err) => caller.log.error({ err }, 'background account work failed'));
};

/** Replaces the browser's previous session (if any) with a new one for the user. */
async function signIn(db: Db, user: User, previousSession: string | undefined): Promise<SignedIn> {
  if (previousSession) await deleteSession(db, previousSession);
  return { session: await createSession(db, user.id), user: toAuthUser(user) };
}

/** 409 when the email or (case-insensitively) the username belongs to another account. */
async function assertFree(db: Db, email: string, username: string, exceptUserId?: number) {
  const taken = await findAccountsUsing(db, email, username, exceptUserId);
  if (taken.some((u) => u.email === email)) throw conflict(AUTH_MESSAGES.emailTaken);
  if (taken.length) throw conflict(AUTH_MESSAGES.usernameTaken);
}

/** Runs a write that may lose a race on a unique column; the loser gets the readable 409. */
async function whileFree<T>(db: Db, email: string, username: string, exceptUserId: number | undefined, write: () => Promise<T>): Promise<T> {
  await assertFree(db, email, username, exceptUserId);
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) await assertFree(db, email, username, exceptUserId);
    throw err;
  }
}

export async function register(deps: AuthDeps, { email, username, password }: { email: string; username: string; password: string }, caller: Caller): Promise<MessageResponse> {
  const { db } = deps.database;
  const user = await whileFree(db, email, username, undefined, async () =>
    insertUser(db, {
      email,
      username,
      passwordHash: await hashPassword(password),
      displayName: null,
      role: roleFor(deps.config, email),
      preferredLanguage: caller.language,
      emailVerifiedAt: null,
      authProvider: 'local',
      providerSubject: null,
      profilePictureUrl: null,
      createdAt: nowIso(),
    }),
  );
  const mailed = await sendVerification(deps, caller, user);
  return { message: mailed ? AUTH_MESSAGES.registered : AUTH_MESSAGES.registeredMailFailed };
}

export async function login(deps: AuthDeps, email: string, password: string, previousSession: string | undefined): Promise<SignedIn> {
  const { db } = deps.database;
  const user = await findUserByEmail(db, email);
  // Unknown users still cost one hash (verifyPassword hashes a dummy), so timing tells nothing.
  const ok = await verifyPassword(password, user?.passwordHash ?? null);
  if (!user || !ok) throw unauthorized(AUTH_MESSAGES.badCredentials);
  const role = roleFor(deps.config, user.email, user.role);
  if (role !== user.role) await updateUser(db, user.id, { role });
  return signIn(db, { ...user, role }, previousSession);
}

export async function devLogin(deps: AuthDeps, previousSession: string | undefined): Promise<SignedIn> {
  const { db } = deps.database;
  const email = 'dev@flightlog.local';
  const user =
    (await findUserByEmail(db, email)) ??
    (await insertUser(db, { email, username: 'developer', passwordHash: null, displayName: 'Developer', role: roleFor(deps.config, email), preferredLanguage: null, emailVerifiedAt: nowIso(), authProvider: 'local', providerSubject: null, profilePictureUrl: null, createdAt: nowIso() }));
  return signIn(db, user, previousSession);
}

/** Finishes a Google sign-in from the provider's callback; throws SignInRefused with a message for the visitor. */
export async function googleSignIn(deps: AuthDeps, oidc: OidcSignIn, query: Record<string, string>, pending: OidcStart['pending'], previousSession: string | undefined, caller: Caller): Promise<SignedIn> {
  const { db } = deps.database;
  const claims = await oidc.finish(query, pending);
  const account = await findOrCreateOidcUser(db, claims, roleFor(deps.config, claims.email));
  const signedIn = await signIn(db, account.user, previousSession);
  if (account.created) await sendWelcome(deps, caller, account.user);
  return signedIn;
}

export async function logout({ database: { db } }: DbDeps, session: string | undefined): Promise<MessageResponse> {
  if (session) await deleteSession(db, session);
  return { message: AUTH_MESSAGES.loggedOut };
}

export function forgotPassword(deps: AuthDeps, email: string, caller: Caller): MessageResponse {
  const { db } = deps.database;
  inBackground(caller, async () => {
    const user = await findUserByEmail(db, email);
    if (user) await deliver(deps, caller, user, 'reset', link(deps.config, '/reset-password', await issueToken(db, user.id, 'reset', user.email)));
  });
  return { message: AUTH_MESSAGES.forgot };
}

export async function resetPassword({ database: { db } }: DbDeps, code: string | undefined, newPassword: string): Promise<MessageResponse> {
  if (!code || !(await isTokenValid(db, code, 'reset'))) throw badRequest(AUTH_MESSAGES.resetInvalid);
  if (passwordStrength(newPassword) < RESET_MIN_STRENGTH) throw badRequest(AUTH_MESSAGES.resetWeak);
  const token = await consumeToken(db, code, 'reset');
  if (!token) throw badRequest(AUTH_MESSAGES.resetInvalid);
  await updateUser(db, token.userId, { passwordHash: await hashPassword(newPassword) });
  await deleteOtherSessions(db, token.userId);
  return { message: AUTH_MESSAGES.resetDone };
}

/** Whether the link verified the address; the first verification is welcomed by mail. */
/** 'already': the link was used before and the address it verified is still the pilot's (a second click is not "invalid"). */
export async function verifyEmail(deps: AuthDeps, code: string | undefined, caller: Caller): Promise<'true' | 'false' | 'already'> {
  const { db } = deps.database;
  const token = code ? await consumeToken(db, code, 'verify') : undefined;
  if (!token) return code && (await alreadyVerifiedBy(db, code, 'verify')) ? 'already' : 'false';
  if (!(await markEmailVerified(db, token.userId, token.email, nowIso()))) return 'false';
  if ((await usedTokenCount(db, token.userId, 'verify')) === 1) await sendWelcome(deps, caller, await userById(db, token.userId));
  return 'true';
}

// Signed in: the own address. Signed out: by email, with the same answer whether or not it exists.
export async function resendVerification(deps: AuthDeps, user: User | null, email: string | undefined, caller: Caller): Promise<MessageResponse> {
  const { db } = deps.database;
  if (user) {
    if (user.emailVerifiedAt) return { message: AUTH_MESSAGES.alreadyVerified };
    if (!(await sendVerification(deps, caller, user))) throw new HttpError(503, AUTH_MESSAGES.verificationFailed);
    return { message: AUTH_MESSAGES.verificationSent };
  }
  if (!email) throw badRequest('Email is required.');
  inBackground(caller, async () => {
    const found = await findUserByEmail(db, email);
    if (found && !found.emailVerifiedAt) await sendVerification(deps, caller, found);
  });
  return { message: AUTH_MESSAGES.verificationSent };
}

export async function setLanguage({ database: { db } }: DbDeps, user: User | null, language: Language): Promise<void> {
  if (user) await updateUser(db, user.id, { preferredLanguage: language });
}

/** Stores the pilot's units, or clears them (null) so the app follows the language's region again. */
export async function setUnits({ database: { db } }: DbDeps, user: User, units: UnitPreference | null): Promise<UnitsResponse> {
  await updateUser(db, user.id, unitColumns(units));
  return { units: unitsOf(await userById(db, user.id)) };
}

export async function updateProfile(deps: AuthDeps, user: User, { username, email, displayName }: { username: string; email: string; displayName: string | null }, caller: Caller): Promise<ProfileUpdateResponse> {
  const { db } = deps.database;
  const emailChanged = email !== user.email;
  if (emailChanged && user.authProvider !== 'local') throw badRequest(`Email cannot be changed for ${user.authProvider} authentication.`);
  await whileFree(db, email, username, user.id, () => updateUser(db, user.id, { username, email, displayName, ...(emailChanged ? { emailVerifiedAt: null } : {}) }));
  const updated = await userById(db, user.id);
  if (emailChanged) await sendVerification(deps, caller, updated, 'emailChange');
  return { message: emailChanged ? AUTH_MESSAGES.profileUpdatedConfirm : AUTH_MESSAGES.profileUpdated, user: toProfile(updated) };
}

export async function changePassword({ database: { db } }: DbDeps, user: User, currentPassword: string, newPassword: string, keepSession: string | undefined): Promise<MessageResponse> {
  if (user.authProvider !== 'local') throw badRequest(`Password cannot be changed for ${user.authProvider} authentication.`);
  if (!(await verifyPassword(currentPassword, user.passwordHash))) throw badRequest(AUTH_MESSAGES.currentPasswordWrong);
  await updateUser(db, user.id, { passwordHash: await hashPassword(newPassword) });
  await deleteOtherSessions(db, user.id, keepSession);
  return { message: AUTH_MESSAGES.passwordChanged };
}

/** Deletes the account and, by cascade, everything it owns; local accounts confirm with their password. */
export async function deleteAccount({ database: { db } }: DbDeps, user: User, password: string | undefined): Promise<MessageResponse> {
  if (user.authProvider === 'local') {
    if (!password) throw badRequest(AUTH_MESSAGES.deletePasswordMissing);
    if (!(await verifyPassword(password, user.passwordHash))) throw badRequest(AUTH_MESSAGES.deletePasswordWrong);
  }
  await deleteUser(db, user.id);
  return { message: AUTH_MESSAGES.deleted };
}
