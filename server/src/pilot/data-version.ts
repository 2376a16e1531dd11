import type { Db } from '../db';

/** Bumps the pilot's data version, the key of the read cache (http/read-cache.ts): their cached reads go stale. */
export async function bumpDataVersion(db: Db, userId: number): Promise<void> {
  await db.updateTable('users').set((eb) => ({ dataVersion: eb('dataVersion', '+', 1) })).where('id', '=', userId).execute();
}

/**
 * Bumps the pilot's notes version: a saved note changes what the flight lists show (the note, and
 * what the search finds), but no statistic or achievement, so only the entries that show notes go stale.
 */
export async function bumpNotesVersion(db: Db, userId: number): Promise<void> {
  await db.updateTable('users').set((eb) => ({ notesVersion: eb('notesVersion', '+', 1) })).where('id', '=', userId).execute();
}
