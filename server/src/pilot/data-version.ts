import type { Db } from '../db';

/** Bumps the pilot's data version, the key of the read cache (http/read-cache.ts): their cached reads go stale. */
export async function bumpDataVersion(db: Db, userId: number): Promise<void> {
  await db.updateTable('users').set((eb) => ({ dataVersion: eb('dataVersion', '+', 1) })).where('id', '=', userId).execute();
}
