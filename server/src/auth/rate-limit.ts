import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../services-types';
import { databaseRateLimitStore, tooManyRequests } from '../http';

/** The address an attempt is about: the body's email, else the signed-in user's. */
function attemptEmail(request: FastifyRequest): string {
  const fromBody = (request.body as { email?: unknown } | undefined)?.email;
  const email = typeof fromBody === 'string' && fromBody.trim() ? fromBody : (request.user?.email ?? '');
  return email.trim().toLowerCase();
}

/**
 * Brute-force guard for login, register, forgot-password and resend-verification: two budgets per
 * window, one per client address and one per email address. Returns the route options to spread.
 * On PostgreSQL the budgets live in the database, so every process counts the same ones
 * (docs/architecture.md, "State every process sees"); the single SQLite process keeps them in memory.
 */
export async function authRateLimit(app: FastifyInstance, { config, database }: Pick<Services, 'config' | 'database'>) {
  const shared = database.dialect === 'postgres';
  await app.register(rateLimit, { global: false, ...(shared ? { store: databaseRateLimitStore(database.db) } : {}) });
  const { perIp, perEmail, windowSeconds } = config.authRateLimit;
  const timeWindow = windowSeconds * 1000;
  const byIp = app.createRateLimit({ max: perIp, timeWindow, keyGenerator: (req) => `ip:${req.ip}` });
  const byEmail = app.createRateLimit({ max: perEmail, timeWindow, keyGenerator: (req) => `email:${attemptEmail(req)}` });

  return {
    preHandler: async (request: FastifyRequest) => {
      const limits = attemptEmail(request) ? [byIp, byEmail] : [byIp];
      for (const limit of limits) {
        const result = await limit(request);
        if (!result.isAllowed && result.isExceeded) {
          const minutes = Math.max(1, Math.ceil(result.ttl / 60000));
          throw tooManyRequests(`Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`, result.ttl / 1000);
        }
      }
    },
  };
}
