import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  LANGUAGES,
  RESET_MIN_STRENGTH,
  changePasswordBody,
  codeQuery,
  deleteProfileBody,
  emailBody,
  loginBody,
  passwordStrength,
  profileUpdateBody,
  registerBody,
  resetPasswordBody,
  setLanguageBody,
} from '../../../contract/auth';
import { nowIso, type Db, type User } from '../db';
import { badRequest, conflict, HttpError, notFound, unauthorized } from '../http/errors';
import { composeMail, type MailKind } from '../mail/templates';
import type { Services } from '../services';
import { OidcSignIn } from './oidc';
import { hashPassword, verifyPassword } from './passwords';
import {
  SESSION_COOKIE,
  clearSessionCookie,
  createSession,
  deleteOtherSessions,
  deleteSession,
  requireUser,
  setSessionCookie,
} from './sessions';
import { consumeToken, issueToken } from './tokens';

/** Routes a visitor may call; every other /api route needs a session (checked in app.ts). */
const PUBLIC = { public: true };

export const LANGUAGE_COOKIE = 'flightlog-language';
const OIDC_COOKIE = 'flightlog-oidc';

export const toAuthUser = (u: User) => ({
  id: u.id,
  email: u.email,
  username: u.username,
  displayName: u.displayName,
  role: u.role,
  preferredLanguage: u.preferredLanguage,
  emailVerified: !!u.emailVerifiedAt,
  authProvider: u.authProvider,
});

const toProfile = (u: User) => ({ ...toAuthUser(u), profilePictureUrl: u.profilePictureUrl, emailVerifiedAt: u.emailVerifiedAt });

/** The language of a signed-out visitor: the language cookie, then Accept-Language. */
function requestLanguage(request: FastifyRequest): string | null {
  const fromCookie = request.cookies[LANGUAGE_COOKIE];
  if (fromCookie && (LANGUAGES as readonly string[]).includes(fromCookie)) return fromCookie;
  const accepted = String(request.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => part.trim().slice(0, 2).toLowerCase());
  return accepted.find((l) => (LANGUAGES as readonly string[]).includes(l)) ?? null;
}

const isUniqueViolation = (err: unknown) => /unique/i.test(String((err as Error)?.message));

export async function authRoutes(app: FastifyInstance, services: Services) {
  const { config, mailer } = services;
  const db: Db = services.database.db;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const oidc = new OidcSignIn(config);
  const secure = config.secureCookies;

  // Two budgets per attempt: one per client address and one per email address.
  await app.register(rateLimit, { global: false });
  const window = config.authRateLimit.windowSeconds * 1000;
  const byIp = app.createRateLimit({ max: config.authRateLimit.perIp, timeWindow: window, keyGenerator: (req) => `ip:${req.ip}` });
  const byEmail = app.createRateLimit({
    max: config.authRateLimit.perEmail,
    timeWindow: window,
    keyGenerator: (req) => `email:${String((req.body as { email?: unknown })?.email ?? '').trim().toLowerCase()}`,
  });
  const limited = {
    preHandler: async (request: FastifyRequest) => {
      for (const limit of [byIp, byEmail]) {
        const result = await limit(request);
        if (!result.isAllowed && result.isExceeded) {
          throw new HttpError(429, `Too many attempts. Please wait ${Math.ceil(result.ttl / 60000)} minute(s) and try again.`);
        }
      }
    },
  };

  const link = (path: string, code: string) => `${config.publicUrl}${path}?code=${encodeURIComponent(code)}`;
  const mail = async (user: User, kind: MailKind, url: string, to = user.email) =>
    mailer.send(composeMail(kind, { to, name: user.displayName || user.username, language: user.preferredLanguage, link: url }));
  const sendVerification = async (user: User, kind: MailKind = 'verify') =>
    mail(user, kind, link('/api/auth/verify-email', await issueToken(db, user.id, 'verify', user.email)));

  async function signIn(request: FastifyRequest, reply: FastifyReply, user: User) {
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await deleteSession(db, previous);
    setSessionCookie(reply, await createSession(db, user.id), secure);
  }

  const roleFor = (email: string, current = 'User') => (config.adminEmails.includes(email) ? 'Admin' : current);
  const userById = (id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  r.post('/api/auth/register', { schema: { body: registerBody }, ...limited, config: PUBLIC }, async (request) => {
    const { email, username, password } = request.body;
    const taken = await db.selectFrom('users').select(['email', 'username']).where((eb) => eb.or([eb('email', '=', email), eb(eb.fn('lower', ['username']), '=', username.toLowerCase())])).execute();
    if (taken.some((u) => u.email === email)) throw conflict('Email is already registered.');
    if (taken.length) throw conflict('Username is already taken.');
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
      if (isUniqueViolation(err)) throw conflict('Email or username is already registered.');
      throw err;
    }
    await sendVerification(user);
    return { message: 'Registration successful! Please check your email for verification instructions.' };
  });

  r.post('/api/auth/login', { schema: { body: loginBody }, ...limited, config: PUBLIC }, async (request, reply) => {
    const { email, password } = request.body;
    const user = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    const ok = await verifyPassword(password, user?.passwordHash ?? null);
    if (!user || !ok) throw unauthorized('Invalid email or password.');
    const role = roleFor(user.email, user.role);
    if (role !== user.role) await db.updateTable('users').set({ role }).where('id', '=', user.id).execute();
    await signIn(request, reply, user);
    return { user: toAuthUser({ ...user, role }) };
  });

  r.post('/api/auth/dev-login', { config: PUBLIC }, async (request, reply) => {
    if (!config.devLogin) throw notFound(`No such endpoint: POST /api/auth/dev-login`);
    const email = 'dev@flightlog.local';
    let user = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    user ??= await db
      .insertInto('users')
      .values({ email, username: 'developer', passwordHash: null, displayName: 'Developer', role: roleFor(email), preferredLanguage: null, emailVerifiedAt: nowIso(), authProvider: 'local', providerSubject: null, profilePictureUrl: null, createdAt: nowIso() })
      .returningAll()
      .executeTakeFirstOrThrow();
    await signIn(request, reply, user);
    return { user: toAuthUser(user) };
  });

  r.get('/api/auth/check', async (request) => ({ user: toAuthUser(requireUser(request)) }));

  r.post('/api/auth/logout', { config: PUBLIC }, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await deleteSession(db, token);
    clearSessionCookie(reply, secure);
    return { message: 'Logged out.' };
  });

  const FORGOT_ANSWER = { message: 'If an account exists for this email, we have sent a link to reset the password.' };
  r.post('/api/auth/forgot-password', { schema: { body: emailBody }, ...limited, config: PUBLIC }, async (request) => {
    const user = await db.selectFrom('users').selectAll().where('email', '=', request.body.email).executeTakeFirst();
    if (user) await mail(user, 'reset', link('/reset-password', await issueToken(db, user.id, 'reset', user.email)));
    return FORGOT_ANSWER;
  });

  r.post('/api/auth/reset-password', { schema: { body: resetPasswordBody }, config: PUBLIC }, async (request) => {
    const { code, newPassword } = request.body;
    if (passwordStrength(newPassword) < RESET_MIN_STRENGTH) throw badRequest('Password is too weak. Please choose a stronger password.');
    const token = await consumeToken(db, code, 'reset');
    if (!token) throw badRequest('Invalid or expired reset link.');
    await db.updateTable('users').set({ passwordHash: await hashPassword(newPassword) }).where('id', '=', token.userId).execute();
    await deleteOtherSessions(db, token.userId);
    return { message: 'Your password has been reset. You can now log in.' };
  });

  r.get('/api/auth/verify-email', { schema: { querystring: codeQuery }, config: PUBLIC }, async (request, reply) => {
    const token = request.query.code ? await consumeToken(db, request.query.code, 'verify') : undefined;
    if (!token) return reply.redirect('/login?verified=false');
    await db.updateTable('users').set({ emailVerifiedAt: nowIso() }).where('id', '=', token.userId).where('email', '=', token.email).execute();
    return reply.redirect('/login?verified=true');
  });

  // Signed in: resend to the own address. Signed out: by email, with the same answer whether or not it exists.
  r.post('/api/auth/resend-verification', { schema: { body: emailBody.partial() }, ...limited, config: PUBLIC }, async (request) => {
    const email = request.user?.email ?? request.body.email;
    if (!email) throw badRequest('Email is required.');
    const user = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    if (user && !user.emailVerifiedAt) await sendVerification(user);
    return { message: 'Verification email sent. Please check your inbox.' };
  });

  r.post('/api/auth/set-language', { schema: { body: setLanguageBody }, config: PUBLIC }, async (request, reply) => {
    const { language } = request.body;
    reply.setCookie(LANGUAGE_COOKIE, language, { path: '/', maxAge: 365 * 24 * 3600, sameSite: 'lax', secure });
    if (request.user) await db.updateTable('users').set({ preferredLanguage: language }).where('id', '=', request.user.id).execute();
    return { message: 'Language saved.', language };
  });

  r.get('/api/auth/profile', async (request) => ({ user: toProfile(requireUser(request)) }));

  r.put('/api/auth/profile', { schema: { body: profileUpdateBody } }, async (request) => {
    const user = requireUser(request);
    const { username, email, displayName } = request.body;
    const emailChanged = email !== user.email;
    if (emailChanged && user.authProvider !== 'local') throw badRequest(`Email cannot be changed for ${user.authProvider} authentication.`);
    const taken = await db
      .selectFrom('users')
      .select(['email'])
      .where('id', '!=', user.id)
      .where((eb) => eb.or([eb('email', '=', email), eb(eb.fn('lower', ['username']), '=', username.toLowerCase())]))
      .execute();
    if (taken.some((u) => u.email === email)) throw conflict('Email is already registered.');
    if (taken.length) throw conflict('Username is already taken.');
    await db
      .updateTable('users')
      .set({ username, email, displayName, ...(emailChanged ? { emailVerifiedAt: null } : {}) })
      .where('id', '=', user.id)
      .execute();
    const updated = await userById(user.id);
    if (emailChanged) await sendVerification(updated, 'emailChange');
    return {
      message: emailChanged ? 'Profile updated successfully. Please confirm your new email address.' : 'Profile updated successfully',
      user: toProfile(updated),
    };
  });

  r.post('/api/auth/change-password', { schema: { body: changePasswordBody } }, async (request) => {
    const user = requireUser(request);
    if (user.authProvider !== 'local') throw badRequest(`Password cannot be changed for ${user.authProvider} authentication.`);
    if (!(await verifyPassword(request.body.currentPassword, user.passwordHash))) throw badRequest('Current password is incorrect.');
    await db.updateTable('users').set({ passwordHash: await hashPassword(request.body.newPassword) }).where('id', '=', user.id).execute();
    await deleteOtherSessions(db, user.id, request.cookies[SESSION_COOKIE]);
    return { message: 'Password changed successfully' };
  });

  r.delete('/api/auth/profile', { schema: { body: deleteProfileBody.optional() } }, async (request, reply) => {
    const user = requireUser(request);
    if (user.authProvider === 'local') {
      const password = request.body?.password;
      if (!password) throw badRequest('Please enter your password to delete your account.');
      if (!(await verifyPassword(password, user.passwordHash))) throw badRequest('Password is incorrect.');
    }
    await db.deleteFrom('users').where('id', '=', user.id).execute();
    clearSessionCookie(reply, secure);
    return { message: 'Account deleted successfully' };
  });

  r.get('/api/auth/google-login', { config: PUBLIC }, async (_request, reply) => {
    if (!oidc.configured) return reply.redirect(`/login?error=${encodeURIComponent('Google sign-in is not configured on this server.')}`);
    try {
      const { url, pending } = await oidc.start();
      reply.setCookie(OIDC_COOKIE, JSON.stringify(pending), { path: '/api/auth', httpOnly: true, sameSite: 'lax', secure, signed: true, maxAge: 600 });
      return reply.redirect(url);
    } catch (err) {
      app.log.error({ err }, 'OpenID Connect discovery failed');
      return reply.redirect(`/login?error=${encodeURIComponent('Google sign-in is not available right now.')}`);
    }
  });

  r.get('/api/auth/google-callback', { config: PUBLIC }, async (request, reply) => {
    const fail = (message: string) => {
      reply.clearCookie(OIDC_COOKIE, { path: '/api/auth' });
      return reply.redirect(`/login?error=${encodeURIComponent(message)}`);
    };
    if (!oidc.configured) return fail('Google sign-in is not configured on this server.');
    const raw = request.cookies[OIDC_COOKIE];
    const unsigned = raw ? request.unsignCookie(raw) : undefined;
    if (!unsigned?.valid || !unsigned.value) return fail('Google sign-in expired. Please try again.');
    let claims;
    try {
      claims = await oidc.finish(request.query as Record<string, string>, JSON.parse(unsigned.value));
    } catch (err) {
      request.log.warn({ err }, 'OpenID Connect callback refused');
      return fail('Google sign-in failed. Please try again.');
    }
    const user = await findOrCreateOidcUser(db, claims, roleFor(claims.email));
    reply.clearCookie(OIDC_COOKIE, { path: '/api/auth' });
    await signIn(request, reply, user);
    return reply.redirect('/dashboard');
  });
}

async function findOrCreateOidcUser(db: Db, claims: Awaited<ReturnType<OidcSignIn['finish']>>, role: string): Promise<User> {
  const verifiedAt = claims.emailVerified ? nowIso() : null;
  const bySubject = await db.selectFrom('users').selectAll().where('providerSubject', '=', claims.subject).executeTakeFirst();
  const byEmail = bySubject ?? (await db.selectFrom('users').selectAll().where('email', '=', claims.email).executeTakeFirst());
  if (byEmail) {
    await db
      .updateTable('users')
      .set({
        providerSubject: claims.subject,
        profilePictureUrl: claims.picture ?? byEmail.profilePictureUrl,
        emailVerifiedAt: byEmail.emailVerifiedAt ?? verifiedAt,
        role: role === 'Admin' ? role : byEmail.role,
      })
      .where('id', '=', byEmail.id)
      .execute();
    return db.selectFrom('users').selectAll().where('id', '=', byEmail.id).executeTakeFirstOrThrow();
  }
  const base = (claims.email.split('@')[0] ?? 'pilot').replace(/[^a-zA-Z0-9._-]/g, '').slice(0, 40) || 'pilot';
  for (let attempt = 0; ; attempt++) {
    const username = attempt === 0 ? base : `${base}${attempt + 1}`;
    try {
      return await db
        .insertInto('users')
        .values({
          email: claims.email,
          username,
          passwordHash: null,
          displayName: claims.name?.slice(0, 100) ?? null,
          role,
          preferredLanguage: null,
          emailVerifiedAt: verifiedAt,
          authProvider: 'google',
          providerSubject: claims.subject,
          profilePictureUrl: claims.picture,
          createdAt: nowIso(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (err) {
      if (!isUniqueViolation(err) || attempt > 20) throw err;
    }
  }
}
