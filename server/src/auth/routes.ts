import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  authCheckResponse,
  changePasswordBody,
  codeQuery,
  deleteProfileBody,
  emailBody,
  loginBody,
  loginResponse,
  messageResponse,
  profileResponse,
  profileUpdateBody,
  profileUpdateResponse,
  redirectResponse,
  registerBody,
  resendVerificationBody,
  resetPasswordBody,
  sessionResponse,
  setLanguageBody,
  setLanguageResponse,
} from '../../../contract/auth';
import { answers } from '../../../contract/http';
import { unitsBody, unitsResponse } from '../../../contract/units';
import { notFound } from '../http';
import { setXsrfCookie } from '../http';
import type { Services } from '../services-types';
import { SignInRefused, toAuthUser, toProfile } from './accounts';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_DAYS, requestLanguage } from './language';
import { AUTH_MESSAGES } from './messages';
import { OIDC_MAX_AGE_SECONDS, OidcSignIn, type OidcStart } from './oidc';
import { authRateLimit } from './rate-limit';
import * as accounts from './service';
import type { Caller, SignedIn } from './service';
import { signedInUser } from './takeoff-zone';
import { SESSION_COOKIE, clearSessionCookie, requireUser, setSessionCookie } from './sessions';

export { toAuthUser } from './accounts';
export { LANGUAGE_COOKIE } from './language';

/** Routes a visitor may call; every other /api route needs a session (checked in app.ts). */
const PUBLIC = { public: true };
const OIDC_COOKIE = 'flightlog-oidc';
const redirects = answers(redirectResponse, 302);

export async function authRoutes(app: FastifyInstance, services: Services) {
  const { config } = services;
  // The OpenID Connect client is discovered once and kept: state, so built here and handed in (docs/architecture.md).
  const oidc = new OidcSignIn(config);
  const withTakeoffZone = signedInUser(services);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secure = config.secureCookies;
  const limited = await authRateLimit(app, services);

  const callerOf = (request: FastifyRequest): Caller => ({ language: requestLanguage(request), log: request.log });
  const sessionOf = (request: FastifyRequest) => request.cookies[SESSION_COOKIE];

  /** The new session's cookie and an anti-forgery token bound to it, in the same answer. */
  function setSessionCookies(reply: FastifyReply, session: string) {
    setSessionCookie(reply, session, secure);
    setXsrfCookie(reply, session, secure);
  }
  async function startSession(reply: FastifyReply, { session, user }: SignedIn) {
    setSessionCookies(reply, session);
    return { user: await withTakeoffZone(user) };
  }
  function endSession(reply: FastifyReply) {
    clearSessionCookie(reply, secure);
    setXsrfCookie(reply, null, secure);
  }

  r.post('/api/auth/register', { schema: { body: registerBody, response: answers(messageResponse) }, ...limited, config: PUBLIC }, async (request) =>
    accounts.register(services, request.body, callerOf(request)),
  );

  r.post('/api/auth/login', { schema: { body: loginBody, response: answers(loginResponse) }, ...limited, config: PUBLIC }, async (request, reply) =>
    startSession(reply, await accounts.login(services, request.body.email, request.body.password, sessionOf(request))),
  );

  r.post('/api/auth/dev-login', { schema: { response: answers(loginResponse) }, config: PUBLIC }, async (request, reply) => {
    if (!config.devLogin) throw notFound(`No such endpoint: POST /api/auth/dev-login`);
    return startSession(reply, await accounts.devLogin(services, sessionOf(request)));
  });

  r.get('/api/auth/check', { schema: { response: answers(authCheckResponse) } }, async (request) => ({ user: await withTakeoffZone(toAuthUser(requireUser(request))) }));

  // The app's start-up question: a visitor is an answer here (user null), not a 401 in the console.
  r.get('/api/auth/session', { schema: { response: answers(sessionResponse) }, config: PUBLIC }, async (request) => ({
    user: request.user ? await withTakeoffZone(toAuthUser(request.user)) : null,
  }));

  r.post('/api/auth/logout', { schema: { response: answers(messageResponse) }, config: PUBLIC }, async (request, reply) => {
    const answer = await accounts.logout(services, sessionOf(request));
    endSession(reply);
    return answer;
  });

  r.post('/api/auth/forgot-password', { schema: { body: emailBody, response: answers(messageResponse) }, ...limited, config: PUBLIC }, async (request) =>
    accounts.forgotPassword(services, request.body.email, callerOf(request)),
  );

  r.post('/api/auth/reset-password', { schema: { body: resetPasswordBody, response: answers(messageResponse) }, config: PUBLIC }, async (request) =>
    accounts.resetPassword(services, request.body.code, request.body.newPassword),
  );

  // Opened while signed in, a good link leads on to the logbook, not to the login form.
  r.get('/api/auth/verify-email', { schema: { querystring: codeQuery, response: redirects }, config: PUBLIC }, async (request, reply) => {
    const verified = await accounts.verifyEmail(services, request.query.code, callerOf(request));
    return reply.redirect(request.user && verified !== 'false' ? `/dashboard?verified=${verified}` : `/login?verified=${verified}`);
  });

  r.post('/api/auth/resend-verification', { schema: { body: resendVerificationBody, response: answers(messageResponse) }, ...limited, config: PUBLIC }, async (request) =>
    accounts.resendVerification(services, request.user, request.body.email, callerOf(request)),
  );

  r.post('/api/auth/set-language', { schema: { body: setLanguageBody, response: answers(setLanguageResponse) }, config: PUBLIC }, async (request, reply) => {
    const { language } = request.body;
    reply.setCookie(LANGUAGE_COOKIE, language, { path: '/', maxAge: LANGUAGE_COOKIE_DAYS * 24 * 3600, sameSite: 'lax', secure });
    await accounts.setLanguage(services, request.user, language);
    return { message: 'Language saved.', language };
  });

  r.get('/api/auth/profile', { schema: { response: answers(profileResponse) } }, async (request) => ({ user: toProfile(requireUser(request)) }));

  r.put('/api/auth/units', { schema: { body: unitsBody, response: answers(unitsResponse) } }, async (request) => accounts.setUnits(services, requireUser(request), request.body.units));

  r.put('/api/auth/profile', { schema: { body: profileUpdateBody, response: answers(profileUpdateResponse) } }, async (request) =>
    accounts.updateProfile(services, requireUser(request), request.body, callerOf(request)),
  );

  r.post('/api/auth/change-password', { schema: { body: changePasswordBody, response: answers(messageResponse) } }, async (request) =>
    accounts.changePassword(services, requireUser(request), request.body.currentPassword, request.body.newPassword, sessionOf(request)),
  );

  r.delete('/api/auth/profile', { schema: { body: deleteProfileBody.optional(), response: answers(messageResponse) } }, async (request, reply) => {
    const answer = await accounts.deleteAccount(services, requireUser(request), request.body?.password);
    endSession(reply);
    return answer;
  });

  const toLogin = (reply: FastifyReply, message: string) => {
    reply.clearCookie(OIDC_COOKIE, { path: '/api/auth' });
    return reply.redirect(`/login?error=${encodeURIComponent(message)}`);
  };

  r.get('/api/auth/google-login', { schema: { response: redirects }, config: PUBLIC }, async (request, reply) => {
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

  r.get('/api/auth/google-callback', { schema: { response: redirects }, config: PUBLIC }, async (request, reply) => {
    if (!oidc.configured) return toLogin(reply, AUTH_MESSAGES.googleUnconfigured);
    const pending = pendingSignIn(request);
    if (!pending) return toLogin(reply, AUTH_MESSAGES.googleExpired);
    let signedIn: SignedIn;
    try {
      signedIn = await accounts.googleSignIn(services, oidc, request.query as Record<string, string>, pending, sessionOf(request), callerOf(request));
    } catch (err) {
      if (err instanceof SignInRefused) return toLogin(reply, err.message);
      request.log.warn({ err }, 'OpenID Connect callback refused');
      return toLogin(reply, AUTH_MESSAGES.googleFailed);
    }
    reply.clearCookie(OIDC_COOKIE, { path: '/api/auth' });
    setSessionCookies(reply, signedIn.session);
    return reply.redirect('/dashboard');
  });
}

/** The sign-in started by this browser: from the signed cookie, and no older than OIDC_MAX_AGE_SECONDS. */
function pendingSignIn(request: FastifyRequest): OidcStart['pending'] | undefined {
  const raw = request.cookies[OIDC_COOKIE];
  const unsigned = raw ? request.unsignCookie(raw) : undefined;
  if (!unsigned?.valid || !unsigned.value) return undefined;
  let pending: OidcStart['pending'];
  try {
    pending = JSON.parse(unsigned.value);
  } catch {
    return undefined;
  }
  const age = Date.now() - Number(pending?.issuedAt);
  return age >= 0 && age <= OIDC_MAX_AGE_SECONDS * 1000 ? pending : undefined;
}
