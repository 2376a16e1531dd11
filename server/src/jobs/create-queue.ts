import type { DatabaseHandle } from '../db';
import { PgBossQueue } from './pg-boss-queue';
import type { JobQueue, QueueOptions } from './queue';
import { TableQueue } from './table-queue';

/** The `jobs` table on the embedded SQLite database; pg-boss on PostgreSQL, where several processes share the work. */
export function createJobQueue(database: DatabaseHandle, databaseUrl: string | undefined, options: QueueOptions): JobQueue {
  if (database.dialect === 'postgres') return new PgBossQueue(databaseUrl!, options);
  return new TableQueue(database, options);
}
