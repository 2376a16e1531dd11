import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { forbidden } from './errors';

/** Routing is case-insensitive, so every /api check must be too. */
export const isApiPath = (url: string) => url.slice(0, 5).toLowerCase() === '/api/';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sameToken(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Double-submit anti-forgery: a script-readable random cookie that every state-changing /api call
 * must echo in X-XSRF-TOKEN, plus a refusal of cross-site Origin headers.
 */
export function installXsrf(app: FastifyInstance, opts: { secureCookies: boolean }) {
  app.addHook('onRequest', async (request, reply) => {
    let token = request.cookies[XSRF_COOKIE];
    if (!token) {
      token = randomBytes(24).toString('base64url');
      reply.setCookie(XSRF_COOKIE, token, { path: '/', sameSite: 'lax', secure: opts.secureCookies, httpOnly: false });
    }
    if (!UNSAFE.has(request.method) || !isApiPath(request.url)) return;
    const origin = request.headers.origin;
    if (origin && origin !== 'null') {
      let host: string | undefined;
      try {
        host = new URL(origin).host;
      } catch {
        host = undefined;
      }
      if (host !== request.headers.host) throw forbidden('Cross-site requests are not allowed.');
    }
    const header = request.headers[XSRF_HEADER];
    if (typeof header !== 'string' || !request.cookies[XSRF_COOKIE] || !sameToken(header, request.cookies[XSRF_COOKIE]!)) {
      throw forbidden('Missing or invalid anti-forgery token. Reload the page and try again.');
    }
  });
}
