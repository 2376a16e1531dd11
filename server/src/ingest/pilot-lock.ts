import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../db';

/** Advisory lock namespace for storing one pilot's flights (any constant unique in this app). */
const PILOT_LOCK = 0x666c74;

/**
 * One pilot's files are stored one after another, so two files analysed at the same moment (two
 * threads or processes) see each other's flights for the Duplicate and Similar checks and share
 * launch sites. SQLite has a single writer already; PostgreSQL takes a lock held until commit.
 */
export async function lockPilot(trx: Db, userId: number): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) await sql`SELECT pg_advisory_xact_lock(${PILOT_LOCK}, ${userId})`.execute(trx);
}
