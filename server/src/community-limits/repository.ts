import type { Db } from '../db';

export async function recordAction(db: Db, userId: number, kind: string, createdAt: string): Promise<void> {
  await db.insertInto('communityActions').values({ userId, kind, createdAt }).execute();
}

/** The pilot's actions of this kind since `since`, oldest first (the oldest says when the window frees up). */
export function actionsSince(db: Db, userId: number, kind: string, since: string) {
  return db.selectFrom('communityActions').select('createdAt').where('userId', '=', userId).where('kind', '=', kind).where('createdAt', '>', since).orderBy('createdAt', 'asc').execute();
}

/** Forgets actions older than any window. */
export async function pruneActions(db: Db, before: string): Promise<void> {
  await db.deleteFrom('communityActions').where('createdAt', '<', before).execute();
}
