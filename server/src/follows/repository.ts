import { sql } from 'kysely';
import { fold, type Db } from '../db';

const PILOT_COLUMNS = ['users.id', 'users.username', 'users.displayName', 'users.publicPage', 'users.acceptsFollowers'] as const;

/** The pilot with this username, compared case-insensitively like registration does. */
export function findPilotByUsername(db: Db, username: string) {
  return db
    .selectFrom('users')
    .select(PILOT_COLUMNS)
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
}

// Finding

/** What the search reads: the display name and the username, folded (lowercase, no accents; db/fold.ts). */
const searchedName = sql<string>`fold(coalesce(${sql.ref('users.displayName')}, '') || ' ' || ${sql.ref('users.username')})`;

/**
 * Pilots who let others find them by name whose name holds every word of `q` (folded), except the
 * searching pilot and pilots who blocked them; names starting with the first word first.
 */
export function searchPilots(db: Db, q: string, viewerId: number | undefined, limit: number) {
  const words = fold(q).split(/\s+/).filter(Boolean);
  const like = (w: string) => w.replace(/[\\%_]/g, (c) => `\\${c}`);
  let query = db.selectFrom('users').select(PILOT_COLUMNS).where('users.findableByName', '=', 1);
  for (const word of words) query = query.where(sql<boolean>`${searchedName} like ${`%${like(word)}%`} escape '\\'`);
  if (viewerId !== undefined) {
    query = query
      .where('users.id', '!=', viewerId)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('blocks').select('blocks.blockerId').whereRef('blocks.blockerId', '=', 'users.id').where('blocks.blockedId', '=', viewerId))));
  }
  const startsWith = sql<number>`case when ${searchedName} like ${`${like(words[0] ?? '')}%`} escape '\\' then 0 else 1 end`;
  return query.orderBy(startsWith).orderBy(sql`fold(coalesce(${sql.ref('users.displayName')}, ${sql.ref('users.username')}))`).orderBy('users.username').limit(limit).execute();
}

/** Of these pilots, the ones `viewerId` follows. */
export async function followedAmong(db: Db, viewerId: number, pilotIds: number[]): Promise<Set<number>> {
  if (!pilotIds.length) return new Set();
  const rows = await db.selectFrom('follows').select('followeeId').where('followerId', '=', viewerId).where('followeeId', 'in', pilotIds).execute();
  return new Set(rows.map((r) => r.followeeId));
}

/** Who follows the pilot, newest first. */
export function followersOf(db: Db, userId: number) {
  return db
    .selectFrom('follows')
    .innerJoin('users', 'users.id', 'follows.followerId')
    .select([...PILOT_COLUMNS, 'follows.createdAt as since'])
    .where('follows.followeeId', '=', userId)
    .orderBy('follows.createdAt', 'desc')
    .orderBy('users.username')
    .execute();
}

// Settings

export function findFollowSettings(db: Db, userId: number) {
  return db.selectFrom('users').select(['findableByName', 'acceptsFollowers']).where('id', '=', userId).executeTakeFirstOrThrow();
}

export async function updateFollowSettings(db: Db, userId: number, change: { findableByName?: number; acceptsFollowers?: number }): Promise<void> {
  await db.updateTable('users').set(change).where('id', '=', userId).execute();
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
