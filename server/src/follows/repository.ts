import type { Db } from '../db';

/** The pilot with this username, compared case-insensitively like registration does. */
export function findPilotByUsername(db: Db, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'displayName', 'publicPage', 'commentsBlockedAt'])
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
}

// Following

export async function insertFollow(db: Db, followerId: number, followeeId: number, createdAt: string): Promise<void> {
  await db.insertInto('follows').values({ followerId, followeeId, createdAt }).onConflict((oc) => oc.columns(['followerId', 'followeeId']).doNothing()).execute();
}

export async function deleteFollow(db: Db, followerId: number, followeeId: number): Promise<boolean> {
  const res = await db.deleteFrom('follows').where('followerId', '=', followerId).where('followeeId', '=', followeeId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export async function isFollowing(db: Db, followerId: number, followeeId: number): Promise<boolean> {
  return !!(await db.selectFrom('follows').select('followerId').where('followerId', '=', followerId).where('followeeId', '=', followeeId).executeTakeFirst());
}

// Blocking

export async function insertBlock(db: Db, blockerId: number, blockedId: number, createdAt: string): Promise<void> {
  await db.insertInto('blocks').values({ blockerId, blockedId, createdAt }).onConflict((oc) => oc.columns(['blockerId', 'blockedId']).doNothing()).execute();
}

export async function deleteBlock(db: Db, blockerId: number, blockedId: number): Promise<void> {
  await db.deleteFrom('blocks').where('blockerId', '=', blockerId).where('blockedId', '=', blockedId).execute();
}

export async function isBlocked(db: Db, blockerId: number, blockedId: number): Promise<boolean> {
  return !!(await db.selectFrom('blocks').select('blockerId').where('blockerId', '=', blockerId).where('blockedId', '=', blockedId).executeTakeFirst());
}
