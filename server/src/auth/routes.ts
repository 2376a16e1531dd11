import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  RESET_MIN_STRENGTH,
  changePasswordBody,
  codeQuery,
  deleteProfileBody,
  emailBody,
  loginBody,
  passwordStrength,
  profileUpdateBody,
  registerBody,
  resendVerificationBody,
  resetPasswordBody,
  setLanguageBody,
} from '../../../contract/auth';
import { nowIso, type Db, type User } from '../db';
import { badRequest, conflict, HttpError, notFound, unauthorized } from '../http/errors';
import { setXsrfCookie } from '../http/xsrf';
import { composeMail, type MailKind } from '../mail/templates';
import type { Services } from '../services';
import { SignInRefused, findOrCreateOidcUser, isUniqueViolation, toAuthUser, toProfile, userByEmail, userById } from './accounts';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_DAYS, requestLanguage } from './language';
import { OIDC_MAX_AGE_SECONDS, OidcSignIn, type OidcStart } from './oidc';
import { hashPassword, verifyPassword } from './passwords';
import { authRateLimit } from './rate-limit';
import { SESSION_COOKIE, clearSessionCookie, createSession, deleteOtherSessions, deleteSession, requireUser, setSessionCookie } from './sessions';
import { consumeToken, isTokenValid, issueToken, usedTokenCount } from './tokens';

export { toAuthUser } from './accounts';
export { LANGUAGE_COOKIE } from './language';

/** Routes a visitor may call; every other /api route needs a session (checked in app.ts). */
const PUBLIC = { public: true };
const OIDC_COOKIE = 'flightlog-oidc';

export const AUTH_MESSAGES = {
  registered: 'Registration successful! Please check your email for verification instructions.',
  registeredMailFailed: 'Registration successful, but the verification email could not be sent. Log in and use “Resend verification email” later.',
  emailTaken: 'Email is already registered.',
  usernameTaken: 'Username is already taken.',
  badCredentials: 'Invalid email or password.',
  forgot: 'If an account exists for this email, we have sent a link to reset the password.',
  resetDone: 'Your password has been reset. You can now log in.',
  resetInvalid: 'Invalid or expired reset link.',
  resetWeak: 'Password is too weak. Please choose a stronger password.',
  verificationSent: 'Verification email sent. Please check your inbox.',
  verificationFailed: 'Failed to resend verification email. Please try again later.',
  alreadyVerified: 'Your email address is already verified.',
  profileUpdated: 'Profile updated successfully',
  profileUpdatedConfirm: 'Profile updated successfully. Please confirm your new email address.',
  passwordChanged: 'Password changed successfully',
  currentPasswordWrong: 'Current password is incorrect.',
  deletePasswordMissing: 'Please enter your password to delete your account.',
  deletePasswordWrong: 'Password is incorrect.',
  deleted: 'Account deleted successfully',
  loggedOut: 'Logged out.',
  googleUnconfigured: 'Google sign-in is not configured on this server.',
  googleUnavailable: 'Google sign-in is not available right now.',
  googleExpired: 'Google sign-in expired. Please try again.',
  googleFailed: 'Google sign-in failed. Please try again.',
} as const;

export async function authRoutes(app: FastifyInstance, services: Services) {
  const { config, mailer } = services;
  const db: Db = services.database.db;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const oidc = new OidcSignIn(config);
  const secure = config.secureCookies;
  const limited = await authRateLimit(app, config);

  const link = (path: string, code: string) => `${config.publicUrl}${path}?code=${encodeURIComponent(code)}`;
  const languageOf = (user: User, request: FastifyRequest) => user.preferredLanguage ?? requestLanguage(request);

  /** Sends one mail in the user's language; a failed delivery is logged and reported as false. */
  async function deliver(request: FastifyRequest, user: User, kind: MailKind, url: string, to = user.email): Promise<boolean> {
    try {
      await mailer.send(composeMail(kind, { to, name: user.displayName || user.username, language: languageOf(user, request), link: url }));
      return true;
    } catch (err) {
      request.log.error({ err, kind, to }, 'mail delivery failed');
      return false;
    }
  }
  const sendVerification = async (request: FastifyRequest, user: User, kind: MailKind = 'verify') =>
    deliver(request, user, kind, link('/api/auth/verify-email', await issueToken(db, user.id, 'verify', user.email)));
  const sendWelcome = (request: FastifyRequest, user: User) => deliver(request, user, 'welcome', `${config.publicUrl}/dashboard`);

  /** Work whose duration must not tell a visitor whether an account exists: the answer does not wait. */
  const inBackground = (request: FastifyRequest, work: () => Promise<unknown>) => {
    work().catch((err) => request.log.error({ err }, 'background account work failed'));
  };

  async function signIn(request: FastifyRequest, reply: FastifyReply, user: User) {
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await deleteSession(db, previous);
    const session = await createSession(db, user.id);
    setSessionCookie(reply, session, secure);
    setXsrfCookie(reply, session, secure);
  }

  function signOut(reply: FastifyReply) {
    clearSessionCookie(reply, secure);
    setXsrfCookie(reply, null, secure);
  }

  const roleFor = (email: string, current = 'User') => (config.adminEmails.includes(email) ? 'Admin' : current);

  /** 409 when the email or (case-insensitively) the username belongs to another account. */
  async function assertFree(email: string, username: string, exceptUserId?: number) {
    let q = db
      .selectFrom('users')
      .select(['email'])
      .where((eb) => eb.or([eb('email', '=', email), eb(eb.fn('lower', ['username']), '=', username.toLowerCase())]));
    if (exceptUserId !== undefined) q = q.where('id', '!=', exceptUserId);
    const taken = await q.execute();
    if (taken.some((u) => u.email === email)) throw conflict(AUTH_MESSAGES.emailTaken);
    if (taken.length) throw conflict(AUTH_MESSAGES.usernameTaken);
  }

  r.post('/api/auth/register', { schema: { body: registerBody }, ...limited, config: PUBLIC }, async (request) => {
    const { email, username, password } = request.body;
    await assertFree(email, username);
    let user: User;
    try {
      user = await db
        .insertInto('users')
        .values({
          email,
          username,
          passwordHash: await hashPassword(password),
          displayName: null,
          role: roleFor(email),
          preferredLanguage: requestLanguage(request),
          emailVerifiedAt: null,
          authProvider: 'local',
          providerSubject: null,
          profilePictureUrl: null,
          createdAt: nowIso(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (err) {
      // A concurrent registration won the race between the check and the insert.
      if (isUniqueViolation(err)) await assertFree(email, username);
      throw err;
    }
    const mailed = await sendVerification(request, user);
    return { message: mailed ? AUTH_MESSAGES.registered : AUTH_MESSAGES.registeredMailFailed };
  });

  r.post('/api/auth/login', { schema: { body: loginBody }, ...limited, config: PUBLIC }, async (request, reply) => {
    const { email, password } = request.body;
    const user = await userByEmail(db, email);
    // Unknown users still cost one hash (verifyPassword hashes a dummy), so timing tells nothing.
    const ok = await verifyPassword(password, user?.passwordHash ?? null);
    if (!user || !ok) throw unauthorized(AUTH_MESSAGES.badCredentials);
    const role = roleFor(user.email, user.role);
    if (role !== user.role) await db.updateTable('users').set({ role }).where('id', '=', user.id).execute();
    await signIn(request, reply, user);
    return { user: toAuthUser({ ...user, role }) };
  });

  r.post('/api/auth/dev-login', { config: PUBLIC }, async (request, reply) => {
    if (!config.devLogin) throw notFound(`No such endpoint: POST /api/auth/dev-login`);
    const email = 'dev@flightlog.local';
    const user =
      (await userByEmail(db, email)) ??
      (await db
        .insertInto('users')
        .values({ email, username: 'developer', passwordHash: null, displayName: 'Developer', role: roleFor(email), preferredLanguage: null, emailVerifiedAt: nowIso(), authProvider: 'local', providerSubject: null, profilePictureUrl: null, createdAt: nowIso() })
        .returningAll()
        .executeTakeFirstOrThrow());
    await signIn(request, reply, user);
    return { user: toAuthUser(user) };
  });

  r.get('/api/auth/check', async (request) => ({ user: toAuthUser(requireUser(request)) }));

  r.post('/api/auth/logout', { config: PUBLIC }, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await deleteSession(db, token);
    signOut(reply);
    return { message: AUTH_MESSAGES.loggedOut };
  });

  r.post('/api/auth/forgot-password', { schema: { body: emailBody }, ...limited, config: PUBLIC }, async (request) => {
    const { email } = request.body;
    inBackground(request, async () => {
      const user = await userByEmail(db, email);
      if (user) await deliver(request, user, 'reset', link('/reset-password', await issueToken(db, user.id, 'reset', user.email)));
    });
    return { message: AUTH_MESSAGES.forgot };
  });

  r.post('/api/auth/reset-password', { schema: { body: resetPasswordBody }, config: PUBLIC }, async (request) => {
    const { code, newPassword } = request.body;
    if (!code || !(await isTokenValid(db, code, 'reset'))) throw badRequest(AUTH_MESSAGES.resetInvalid);
    if (passwordStrength(newPassword) < RESET_MIN_STRENGTH) throw badRequest(AUTH_MESSAGES.resetWeak);
    const token = await consumeToken(db, code, 'reset');
    if (!token) throw badRequest(AUTH_MESSAGES.resetInvalid);
    await db.updateTable('users').set({ passwordHash: await hashPassword(newPassword) }).where('id', '=', token.userId).execute();
    await deleteOtherSessions(db, token.userId);
    return { message: AUTH_MESSAGES.resetDone };
  });

  r.get('/api/auth/verify-email', { schema: { querystring: codeQuery }, config: PUBLIC }, async (request, reply) => {
    const token = request.query.code ? await consumeToken(db, request.query.code, 'verify') : undefined;
    if (!token) return reply.redirect('/login?verified=false');
    const verified = await db
      .updateTable('users')
      .set({ emailVerifiedAt: nowIso() })
      .where('id', '=', token.userId)
      .where('email', '=', token.email)
      .executeTakeFirst();
    if (!Number(verified.numUpdatedRows)) return reply.redirect('/login?verified=false');
    if ((await usedTokenCount(db, token.userId, 'verify')) === 1) await sendWelcome(request, await userById(db, token.userId));
    return reply.redirect('/login?verified=true');
  });

  // Signed in: the own address. Signed out: by email, with the same answer whether or not it exists.
  r.post('/api/auth/resend-verification', { schema: { body: resendVerificationBody }, ...limited, config: PUBLIC }, async (request) => {
    if (request.user) {
      if (request.user.emailVerifiedAt) return { message: AUTH_MESSAGES.alreadyVerified };
      if (!(await sendVerification(request, request.user))) throw new HttpError(503, AUTH_MESSAGES.verificationFailed);
      return { message: AUTH_MESSAGES.verificationSent };
    }
    const { email } = request.body;
    if (!email) throw badRequest('Email is required.');
    inBackground(request, async () => {
      const user = await userByEmail(db, email);
      if (user && !user.emailVerifiedAt) await sendVerification(request, user);
    });
    return { message: AUTH_MESSAGES.verificationSent };
  });

  r.post('/api/auth/set-language', { schema: { body: setLanguageBody }, config: PUBLIC }, async (request, reply) => {
    const { language } = request.body;
    reply.setCookie(LANGUAGE_COOKIE, language, { path: '/', maxAge: LANGUAGE_COOKIE_DAYS * 24 * 3600, sameSite: 'lax', secure });
    if (request.user) await db.updateTable('users').set({ preferredLanguage: language }).where('id', '=', request.user.id).execute();
    return { message: 'Language saved.', language };
  });

  r.get('/api/auth/profile', async (request) => ({ user: toProfile(requireUser(request)) }));

  r.put('/api/auth/profile', { schema: { body: profileUpdateBody } }, async (request) => {
    const user = requireUser(request);
    const { username, email, displayName } = request.body;
    const emailChanged = email !== user.email;
    if (emailChanged && user.authProvider !== 'local') throw badRequest(`Email cannot be changed for ${user.authProvider} authentication.`);
    await assertFree(email, username, user.id);
    try {
      await db
        .updateTable('users')
        .set({ username, email, displayName, ...(emailChanged ? { emailVerifiedAt: null } : {}) })
        .where('id', '=', user.id)
        .execute();
    } catch (err) {
      if (isUniqueViolation(err)) await assertFree(email, username, user.id);
      throw err;
    }
    const updated = await userById(db, user.id);
    if (emailChanged) await sendVerification(request, updated, 'emailChange');
    return { message: emailChanged ? AUTH_MESSAGES.profileUpdatedConfirm : AUTH_MESSAGES.profileUpdated, user: toProfile(updated) };
  });

  r.post('/api/auth/change-password', { schema: { body: changePasswordBody } }, async (request) => {
    const user = requireUser(request);
    if (user.authProvider !== 'local') throw badRequest(`Password cannot be changed for ${user.authProvider} authentication.`);
    if (!(await verifyPassword(request.body.currentPassword, user.passwordHash))) throw badRequest(AUTH_MESSAGES.currentPasswordWrong);
    await db.updateTable('users').set({ passwordHash: await hashPassword(request.body.newPassword) }).where('id', '=', user.id).execute();
    await deleteOtherSessions(db, user.id, request.cookies[SESSION_COOKIE]);
    return { message: AUTH_MESSAGES.passwordChanged };
  });

  // Foreign keys cascade: sessions, codes, uploads, stored files, flights, tracks, sites, achievements.
  r.delete('/api/auth/profile', { schema: { body: deleteProfileBody.optional() } }, async (request, reply) => {
    const user = requireUser(request);
    if (user.authProvider === 'local') {
      const password = request.body?.password;
      if (!password) throw badRequest(AUTH_MESSAGES.deletePasswordMissing);
      if (!(await verifyPassword(password, user.passwordHash))) throw badRequest(AUTH_MESSAGES.deletePasswordWrong);
    }
    await db.deleteFrom('users').where('id', '=', user.id).execute();
    signOut(reply);
    return { message: AUTH_MESSAGES.deleted };
  });

  const toLogin = (reply: FastifyReply, message: string) => {
    reply.clearCookie(OIDC_COOKIE, { path: '/api/auth' });
    return reply.redirect(`/login?error=${encodeURIComponent(message)}`);
  };

  r.get('/api/auth/google-login', { config: PUBLIC }, async (request, reply) => {
    if (!oidc.configured) return toLogin(reply, AUTH_MESSAGES.googleUnconfigured);
    try {
      const { url, pending } = await oidc.start();
      reply.setCookie(OIDC_COOKIE, JSON.stringify(pending), { path: '/api/auth', httpOnly: true, sameSite: 'lax', secure, signed: true, maxAge: OIDC_MAX_AGE_SECONDS });
      return reply.redirect(url);
    } catch (err) {
      request.log.error({ err }, 'OpenID Connect discovery failed');
      return toLogin(reply, AUTH_MESSAGES.googleUnavailable);
    }
  });

  r.get('/api/auth/google-callback', { config: PUBLIC }, async (request, reply) => {
    if (!oidc.configured) return toLogin(reply, AUTH_MESSAGES.googleUnconfigured);
    const raw = request.cookies[OIDC_COOKIE];
    const unsigned = raw ? request.unsignCookie(raw) : undefined;
    if (!unsigned?.valid || !unsigned.value) return toLogin(reply, AUTH_MESSAGES.googleExpired);
    let pending: OidcStart['pending'];
    try {
      pending = JSON.parse(unsigned.value);
    } catch {
      return toLogin(reply, AUTH_MESSAGES.googleExpired);
    }
    const age = Date.now() - Number(pending?.issuedAt);
    if (!(age >= 0 && age <= OIDC_MAX_AGE_SECONDS * 1000)) return toLogin(reply, AUTH_MESSAGES.googleExpired);
    let account;
    try {
      const claims = await oidc.finish(request.query as Record<string, string>, pending);
      account = await findOrCreateOidcUser(db, claims, roleFor(claims.email));
    } catch (err) {
      if (err instanceof SignInRefused) return toLogin(reply, err.message);
      request.log.warn({ err }, 'OpenID Connect callback refused');
      return toLogin(reply, AUTH_MESSAGES.googleFailed);
    }
    reply.clearCookie(OIDC_COOKIE, { path: '/api/auth' });
    await signIn(request, reply, account.user);
    if (account.created) await sendWelcome(request, account.user);
    return reply.redirect('/dashboard');
  });
}
