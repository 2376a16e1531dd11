import type { FastifyReply, FastifyRequest } from 'fastify';

export { installPublicRateLimit } from './public-rate-limit';

/**
 * Public answers are never cached (a revoked link stops at once) and never indexed. Set before the
 * handler runs, so the 404 of a closed link carries them too.
 */
export async function publicAnswerHeaders(_request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
}
