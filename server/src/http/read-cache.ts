import type { FastifyInstance, FastifyRequest } from 'fastify';

const MAX_ENTRIES = 5000;

/** A GET by a signed-in pilot on a route declared with `config: { readCache: true }`. */
const isCachedRead = (request: FastifyRequest) => {
  const { readCache } = request.routeOptions.config;
  return request.method === 'GET' && !!request.user && (readCache === true || readCache === 'notes');
};

/**
 * Caches the JSON of a pilot's expensive reads (lists, months, statistics, achievements) keyed by
 * user, URL and the pilot's data version, which the session lookup loads anyway: a hit costs no query,
 * and any change to the pilot's flights (flightsChanged bumps the version) makes every entry stale.
 * A route opts in with `config: { readCache: true }`, or `'notes'` when its answer shows or searches
 * the flights' notes: those entries are also keyed by the pilot's notes version, which a saved note
 * bumps instead of the data version (a note changes no statistic or achievement). Only a cache: each
 * process has its own and correctness never depends on it.
 */
export function installReadCache(app: FastifyInstance) {
  const cache = new Map<string, string>();
  const keyOf = (request: FastifyRequest) => {
    const { id, dataVersion, notesVersion } = request.user!;
    return request.routeOptions.config.readCache === 'notes' ? `${id}:${dataVersion}:${notesVersion}:${request.url}` : `${id}:${dataVersion}:${request.url}`;
  };
  app.addHook('preHandler', async (request, reply) => {
    if (!isCachedRead(request)) return;
    const hit = cache.get(keyOf(request));
    if (hit !== undefined) return reply.type('application/json; charset=utf-8').header('x-cache', 'hit').send(hit);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isCachedRead(request) || reply.statusCode !== 200 || typeof payload !== 'string' || reply.getHeader('x-cache')) return payload;
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(keyOf(request), payload);
    return payload;
  });
}
