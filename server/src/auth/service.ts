import type { FastifyBaseLogger } from 'fastify';
import {
  RESET_MIN_STRENGTH,
  passwordStrength,
  type AuthUser,
  type Language,
  type MessageResponse,
  type ProfileUpdateResponse,
} from '../../../contract/auth';
import { nowIso, type User } from '../db';
import type { UnitPreference, UnitsResponse } from '../../../contract/units';
import { badRequest, conflict, HttpError, unauthorized } from '../http';
import { composeMail, type MailKind } from '../mail';
import type { Services } from '../services-types';
import { findOrCreateOidcUser, isUniqueViolation, toAuthUser, toProfile, unitColumns, unitsOf, userById } from './accounts';
import { AUTH_MESSAGES } from './messages';
import { OidcSignIn, type OidcStart } from './oidc';
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

/** Accounts, sign-in and the mails they send (docs/product.md §3 auth, §7). Routes call one function each. */
export function authService(services: Pick<Services, 'database' | 'config' | 'mailer'>) {
  const { config, mailer } = services;
  const { db } = services.database;
  const oidc = new OidcSignIn(config);
  const link = (path: string, code: string) => `${config.publicUrl}${path}?code=${encodeURIComponent(code)}`;
  const roleFor = (email: string, current = 'User') => (config.adminEmails.includes(email) ? 'Admin' : current);

  /** Sends one mail in the user's language; a failed delivery is logged and reported as false. */
  async function deliver(caller: Caller, user: User, kind: MailKind, url: string, to = user.email): Promise<boolean> {
    try {
      await mailer.send(composeMail(kind, { to, name: user.displayName || user.username, language: user.preferredLanguage ?? caller.language, link: url }));
      return true;
    } catch (err) {
      caller.log.error({ err, kind, to }, 'mail delivery failed');
      return false;
    }
  }
  const sendVerification = async (caller: Caller, user: User, kind: MailKind = 'verify') =>
    deliver(caller, user, kind, link('/api/auth/verify-email', await issueToken(db, user.id, 'verify', user.email)));
  const sendWelcome = (caller: Caller, user: User) => deliver(caller, user, 'welcome', `${config.publicUrl}/dashboard`);

  /** Work whose duration must not tell a visitor whether an account exists: the answer does not wait. */
  const inBackground = (caller: Caller, work: () => Promise<unknown>) => {
    work().catch((err) => caller.log.error({ err }, 'background account work failed'));
  };

  /** Replaces the browser's previous session (if any) with a new one for the user. */
  async function signIn(user: User, previousSession: string | undefined): Promise<SignedIn> {
    if (previousSession) await deleteSession(db, previousSession);
    return { session: await createSession(db, user.id), user: toAuthUser(user) };
  }

  /** 409 when the email or (case-insensitively) the username belongs to another account. */
  async function assertFree(email: string, username: string, exceptUserId?: number) {
    const taken = await findAccountsUsing(db, email, username, exceptUserId);
    if (taken.some((u) => u.email === email)) throw conflict(AUTH_MESSAGES.emailTaken);
    if (taken.length) throw conflict(AUTH_MESSAGES.usernameTaken);
  }

  /** Runs a write that may lose a race on a unique column; the loser gets the readable 409. */
  async function whileFree<T>(email: string, username: string, exceptUserId: number | undefined, write: () => Promise<T>): Promise<T> {
    await assertFree(email, username, exceptUserId);
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) await assertFree(email, username, exceptUserId);
      throw err;
    }
  }

  return {
    async register({ email, username, password }: { email: string; username: string; password: string }, caller: Caller): Promise<MessageResponse> {
      const user = await whileFree(email, username, undefined, async () =>
        insertUser(db, {
          email,
          username,
          passwordHash: await hashPassword(password),
          displayName: null,
          role: roleFor(email),
          preferredLanguage: caller.language,
          emailVerifiedAt: null,
          authProvider: 'local',
          providerSubject: null,
          profilePictureUrl: null,
          createdAt: nowIso(),
        }),
      );
      const mailed = await sendVerification(caller, user);
      return { message: mailed ? AUTH_MESSAGES.registered : AUTH_MESSAGES.registeredMailFailed };
    },

    async login(email: string, password: string, previousSession: string | undefined): Promise<SignedIn> {
      const user = await findUserByEmail(db, email);
      // Unknown users still cost one hash (verifyPassword hashes a dummy), so timing tells nothing.
      const ok = await verifyPassword(password, user?.passwordHash ?? null);
      if (!user || !ok) throw unauthorized(AUTH_MESSAGES.badCredentials);
      const role = roleFor(user.email, user.role);
      if (role !== user.role) await updateUser(db, user.id, { role });
      return signIn({ ...user, role }, previousSession);
    },

    async devLogin(previousSession: string | undefined): Promise<SignedIn> {
      const email = 'dev@flightlog.local';
      const user =
        (await findUserByEmail(db, email)) ??
        (await insertUser(db, { email, username: 'developer', passwordHash: null, displayName: 'Developer', role: roleFor(email), preferredLanguage: null, emailVerifiedAt: nowIso(), authProvider: 'local', providerSubject: null, profilePictureUrl: null, createdAt: nowIso() }));
      return signIn(user, previousSession);
    },

    /** Google (OpenID Connect) sign-in: configured, started (the pending state goes into a cookie), finished. */
    oidc,

    /** Finishes a Google sign-in from the provider's callback; throws SignInRefused with a message for the visitor. */
    async googleSignIn(query: Record<string, string>, pending: OidcStart['pending'], previousSession: string | undefined, caller: Caller): Promise<SignedIn> {
      const claims = await oidc.finish(query, pending);
      const account = await findOrCreateOidcUser(db, claims, roleFor(claims.email));
      const signedIn = await signIn(account.user, previousSession);
      if (account.created) await sendWelcome(caller, account.user);
      return signedIn;
    },

    async logout(session: string | undefined): Promise<MessageResponse> {
      if (session) await deleteSession(db, session);
      return { message: AUTH_MESSAGES.loggedOut };
    },

    forgotPassword(email: string, caller: Caller): MessageResponse {
      inBackground(caller, async () => {
        const user = await findUserByEmail(db, email);
        if (user) await deliver(caller, user, 'reset', link('/reset-password', await issueToken(db, user.id, 'reset', user.email)));
      });
      return { message: AUTH_MESSAGES.forgot };
    },

    async resetPassword(code: string | undefined, newPassword: string): Promise<MessageResponse> {
      if (!code || !(await isTokenValid(db, code, 'reset'))) throw badRequest(AUTH_MESSAGES.resetInvalid);
      if (passwordStrength(newPassword) < RESET_MIN_STRENGTH) throw badRequest(AUTH_MESSAGES.resetWeak);
      const token = await consumeToken(db, code, 'reset');
      if (!token) throw badRequest(AUTH_MESSAGES.resetInvalid);
      await updateUser(db, token.userId, { passwordHash: await hashPassword(newPassword) });
      await deleteOtherSessions(db, token.userId);
      return { message: AUTH_MESSAGES.resetDone };
    },

    /** Whether the link verified the address; the first verification is welcomed by mail. */
    /** 'already': the link was used before and the address it verified is still the pilot's (a second click is not "invalid"). */
    async verifyEmail(code: string | undefined, caller: Caller): Promise<'true' | 'false' | 'already'> {
      const token = code ? await consumeToken(db, code, 'verify') : undefined;
      if (!token) return code && (await alreadyVerifiedBy(db, code, 'verify')) ? 'already' : 'false';
      if (!(await markEmailVerified(db, token.userId, token.email, nowIso()))) return 'false';
      if ((await usedTokenCount(db, token.userId, 'verify')) === 1) await sendWelcome(caller, await userById(db, token.userId));
      return 'true';
    },

    // Signed in: the own address. Signed out: by email, with the same answer whether or not it exists.
    async resendVerification(user: User | null, email: string | undefined, caller: Caller): Promise<MessageResponse> {
      if (user) {
        if (user.emailVerifiedAt) return { message: AUTH_MESSAGES.alreadyVerified };
        if (!(await sendVerification(caller, user))) throw new HttpError(503, AUTH_MESSAGES.verificationFailed);
        return { message: AUTH_MESSAGES.verificationSent };
      }
      if (!email) throw badRequest('Email is required.');
      inBackground(caller, async () => {
        const found = await findUserByEmail(db, email);
        if (found && !found.emailVerifiedAt) await sendVerification(caller, found);
      });
      return { message: AUTH_MESSAGES.verificationSent };
    },

    async setLanguage(user: User | null, language: Language): Promise<void> {
      if (user) await updateUser(db, user.id, { preferredLanguage: language });
    },

    /** Stores the pilot's units, or clears them (null) so the app follows the language's region again. */
    async setUnits(user: User, units: UnitPreference | null): Promise<UnitsResponse> {
      await updateUser(db, user.id, unitColumns(units));
      return { units: unitsOf(await userById(db, user.id)) };
    },

    async updateProfile(user: User, { username, email, displayName }: { username: string; email: string; displayName: string | null }, caller: Caller): Promise<ProfileUpdateResponse> {
      const emailChanged = email !== user.email;
      if (emailChanged && user.authProvider !== 'local') throw badRequest(`Email cannot be changed for ${user.authProvider} authentication.`);
      await whileFree(email, username, user.id, () => updateUser(db, user.id, { username, email, displayName, ...(emailChanged ? { emailVerifiedAt: null } : {}) }));
      const updated = await userById(db, user.id);
      if (emailChanged) await sendVerification(caller, updated, 'emailChange');
      return { message: emailChanged ? AUTH_MESSAGES.profileUpdatedConfirm : AUTH_MESSAGES.profileUpdated, user: toProfile(updated) };
    },

    async changePassword(user: User, currentPassword: string, newPassword: string, keepSession: string | undefined): Promise<MessageResponse> {
      if (user.authProvider !== 'local') throw badRequest(`Password cannot be changed for ${user.authProvider} authentication.`);
      if (!(await verifyPassword(currentPassword, user.passwordHash))) throw badRequest(AUTH_MESSAGES.currentPasswordWrong);
      await updateUser(db, user.id, { passwordHash: await hashPassword(newPassword) });
      await deleteOtherSessions(db, user.id, keepSession);
      return { message: AUTH_MESSAGES.passwordChanged };
    },

    /** Deletes the account and, by cascade, everything it owns; local accounts confirm with their password. */
    async deleteAccount(user: User, password: string | undefined): Promise<MessageResponse> {
      if (user.authProvider === 'local') {
        if (!password) throw badRequest(AUTH_MESSAGES.deletePasswordMissing);
        if (!(await verifyPassword(password, user.passwordHash))) throw badRequest(AUTH_MESSAGES.deletePasswordWrong);
      }
      await deleteUser(db, user.id);
      return { message: AUTH_MESSAGES.deleted };
    },
  };
}
