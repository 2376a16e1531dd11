import type { FastifyInstance, FastifyRequest } from 'fastify';

const MAX_ENTRIES = 5000;

/** A GET by a signed-in pilot on a route declared with `config: { readCache: true }`. */
const isCachedRead = (request: FastifyRequest) => request.method === 'GET' && !!request.user && request.routeOptions.config.readCache === true;

/**
 * Caches the JSON of a pilot's expensive reads (lists, months, statistics, achievements) keyed by
 * user, URL and the pilot's data version, which the session lookup loads anyway: a hit costs no query,
 * and any change to the pilot's flights (flightsChanged bumps the version) makes every entry stale.
 * A route opts in with `config: { readCache: true }`. Only a cache: each process has its own and
 * correctness never depends on it.
 */
export function installReadCache(app: FastifyInstance) {
  const cache = new Map<string, string>();
  const keyOf = (userId: number, version: number, url: string) => `${userId}:${version}:${url}`;
  app.addHook('preHandler', async (request, reply) => {
    if (!isCachedRead(request)) return;
    const hit = cache.get(keyOf(request.user!.id, request.user!.dataVersion, request.url));
    if (hit !== undefined) return reply.type('application/json; charset=utf-8').header('x-cache', 'hit').send(hit);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isCachedRead(request) || reply.statusCode !== 200 || typeof payload !== 'string' || reply.getHeader('x-cache')) return payload;
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(keyOf(request.user!.id, request.user!.dataVersion, request.url), payload);
    return payload;
  });
}
