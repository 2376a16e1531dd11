import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';

const MAX_ENTRIES = 5000;

/** Marks a pilot's flight data as changed, so cached reads of it are no longer used. */
export async function touchPilot(db: Db, userId: number) {
  await db.updateTable('users').set((eb) => ({ dataVersion: eb('dataVersion', '+', 1) })).where('id', '=', userId).execute();
}

/**
 * Caches the JSON of a pilot's expensive reads (lists, months, statistics, achievements) keyed by
 * user, URL and the pilot's data version, which the session lookup loads anyway: a hit costs no query,
 * and any change to the pilot's flights (touchPilot) makes every entry stale. Only a cache: each
 * process has its own and correctness never depends on it.
 */
export function installReadCache(app: FastifyInstance, isCached: (path: string) => boolean) {
  const cache = new Map<string, string>();
  const keyOf = (userId: number, version: number, url: string) => `${userId}:${version}:${url}`;
  app.addHook('preHandler', async (request, reply) => {
    const user = request.user;
    if (request.method !== 'GET' || !user || !isCached(request.url.split('?')[0]!.toLowerCase())) return;
    const hit = cache.get(keyOf(user.id, user.dataVersion, request.url));
    if (hit !== undefined) return reply.type('application/json; charset=utf-8').header('x-cache', 'hit').send(hit);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const user = request.user;
    if (request.method !== 'GET' || !user || reply.statusCode !== 200 || typeof payload !== 'string' || reply.getHeader('x-cache')) return payload;
    if (!isCached(request.url.split('?')[0]!.toLowerCase())) return payload;
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(keyOf(user.id, user.dataVersion, request.url), payload);
    return payload;
  });
}
