import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import { tooManyRequests } from './errors';
import { databaseRateLimitStore } from './rate-limit-store';

/**
 * One budget per client address for everything a visitor reads without a session: share-link reads
 * (the flight, its track, its photos), the pilot page, and the `/shared/:token` and `/pilots/:username`
 * pages (docs/sharing.md). A route opts in with `config: { publicRateLimit: true }`. Counted before
 * anything else runs, so a guessed token costs no query. The address is `request.ip` (TRUST_PROXY says
 * when X-Forwarded-For is believed). With `shared` (PostgreSQL) the budget lives in the database, so
 * several processes count one budget; the single SQLite process keeps it in memory.
 */
export async function installPublicRateLimit(app: FastifyInstance, { perIp, windowSeconds }: { perIp: number; windowSeconds: number }, shared?: Db) {
  await app.register(rateLimit, { global: false, ...(shared ? { store: databaseRateLimitStore(shared) } : {}) });
  const byIp = app.createRateLimit({ max: perIp, timeWindow: windowSeconds * 1000, keyGenerator: (request) => `public:${request.ip}` });
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.publicRateLimit !== true) return;
    const result = await byIp(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
    const seconds = Math.max(1, Math.ceil(result.ttl / 1000));
    throw tooManyRequests(`Too many requests. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`, seconds);
  });
}
