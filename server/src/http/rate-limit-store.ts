import { sql } from 'kysely';
import type { Db } from '../db';

/**
 * A store for @fastify/rate-limit that keeps the budgets in the database, so every process on one
 * PostgreSQL database counts against the same budget (docs/architecture.md, "State every process
 * sees"). The same fixed window as the package's memory store: it starts at a key's first attempt
 * and ends `timeWindow` later; one row per key, counted by one atomic upsert.
 */
interface RateLimitResult {
  current: number;
  ttl: number;
}
// @fastify/rate-limit passes the route's window (and its max) after the callback; its types omit them.
type Incr = (key: string, callback: (error: Error | null, result?: RateLimitResult) => void, timeWindow?: number, max?: number) => void;

/** Rows whose window ended this long ago are deleted now and then. */
const STALE_MS = 24 * 3600_000;
const SWEEP_EVERY = 500;

export async function countAttempt(db: Db, key: string, timeWindow: number, now = Date.now()): Promise<RateLimitResult> {
  const row = await sql<{ count: number | string; startedAt: number | string }>`
    insert into rate_limits (key, started_at, count) values (${key}, ${now}, 1)
    on conflict (key) do update set
      count = case when rate_limits.started_at + ${timeWindow} <= ${now} then 1 else rate_limits.count + 1 end,
      started_at = case when rate_limits.started_at + ${timeWindow} <= ${now} then ${now} else rate_limits.started_at end
    returning count, started_at`.execute(db);
  const { count, startedAt } = row.rows[0]!;
  return { current: Number(count), ttl: Math.max(0, Number(startedAt) + timeWindow - now) };
}

/** The class @fastify/rate-limit's `store` option takes, bound to one database. */
export function databaseRateLimitStore(db: Db) {
  let calls = 0;
  const incr: Incr = (key, callback, timeWindow = 60_000) => {
    calls += 1;
    const sweep = calls % SWEEP_EVERY === 0 ? db.deleteFrom('rateLimits').where('startedAt', '<', Date.now() - STALE_MS).execute() : Promise.resolve();
    sweep
      .then(() => countAttempt(db, key, timeWindow))
      .then((result) => callback(null, result), (error: Error) => callback(error));
  };
  return class DatabaseRateLimitStore {
    incr = incr;
    child() {
      return new DatabaseRateLimitStore();
    }
  };
}
