import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from './session-cookie';
import { forbidden } from './errors';

/** Routing is case-insensitive, so every /api check must be too. */
export const isApiPath = (url: string) => url.slice(0, 5).toLowerCase() === '/api/';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const XSRF_REFUSED = 'Missing or invalid anti-forgery token. Reload the page and try again.';

/** Signs with the server secret: @fastify/cookie's signer, an HMAC-SHA256 keyed by SESSION_SECRET. */
type Signer = Pick<FastifyRequest, 'signCookie'>;

/** What a token is bound to: the session cookie's value, or 'anon' before there is a session. */
const bindingOf = (sessionToken: string | null | undefined) => (sessionToken ? `session:${sessionToken}` : 'anon');

function mac(signer: Signer, binding: string, nonce: string) {
  const signed = signer.signCookie(`xsrf:${binding}:${nonce}`);
  return signed.slice(signed.lastIndexOf('.') + 1).replace(/\+/g, '-').replace(/\//g, '_');
}

/** A fresh token `nonce.mac`, valid only for requests bound the same way. */
function newToken(signer: Signer, binding: string) {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${mac(signer, binding, nonce)}`;
}

function sameString(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function isValidFor(signer: Signer, token: string, binding: string) {
  const dot = token.indexOf('.');
  if (dot <= 0) return false;
  return sameString(token.slice(dot + 1), mac(signer, binding, token.slice(0, dot)));
}

/** Sets a fresh token bound to the given session (null: the pre-session token); for sign-in and sign-out answers. */
export function setXsrfCookie(reply: FastifyReply, sessionToken: string | null, secure: boolean) {
  reply.setCookie(XSRF_COOKIE, newToken(reply, bindingOf(sessionToken)), { path: '/', sameSite: 'lax', secure, httpOnly: false });
}

function refuseCrossSite(request: FastifyRequest) {
  const origin = request.headers.origin;
  if (!origin || origin === 'null') return;
  let host: string | undefined;
  try {
    host = new URL(origin).host;
  } catch {
    host = undefined;
  }
  if (host !== request.headers.host) throw forbidden('Cross-site requests are not allowed.');
}

const isUnsafeApiCall = (request: FastifyRequest) => UNSAFE.has(request.method) && isApiPath(request.url);

/**
 * Signed double-submit anti-forgery: a script-readable cookie, bound by an HMAC with the server secret
 * to the session cookie it came with (or, before sign-in, to no session), that every state-changing
 * /api call must echo in X-XSRF-TOKEN; plus a refusal of cross-site Origin headers. A missing or
 * foreign token is replaced in the answer, so the next request (or a reload) recovers.
 */
export function installXsrf(app: FastifyInstance, opts: { secureCookies: boolean }) {
  // A pre-session token sent beside a session cookie: fine while that cookie names no live session
  // (stale or planted), refused once the session lookup has found one.
  const presessionWithCookie = new WeakSet<FastifyRequest>();

  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    const session = request.cookies[SESSION_COOKIE];
    const bound = !!cookie && !!session && isValidFor(request, cookie, bindingOf(session));
    const presession = !bound && !!cookie && isValidFor(request, cookie, bindingOf(null));
    if (!bound && !presession) setXsrfCookie(reply, session ?? null, opts.secureCookies);
    if (presession && session) presessionWithCookie.add(request);
    if (!isUnsafeApiCall(request)) return;
    refuseCrossSite(request);
    const header = request.headers[XSRF_HEADER];
    if (!(bound || presession) || typeof header !== 'string' || !sameString(header, cookie!)) throw forbidden(XSRF_REFUSED);
  });

  // After the session lookup (an onRequest hook registered later), before the body is read.
  app.addHook('preParsing', async (request, reply, payload) => {
    if (!presessionWithCookie.has(request) || !request.user) return payload;
    setXsrfCookie(reply, request.cookies[SESSION_COOKIE]!, opts.secureCookies);
    if (isUnsafeApiCall(request)) throw forbidden(XSRF_REFUSED);
    return payload;
  });
}
