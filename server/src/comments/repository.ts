import type { Db } from '../db';
import { commentShown, likeShown, madePublic, RULE_COLUMNS } from '../privacy';

/** The author's name and whether an administrator blocked their comments. */
export function findPilot(db: Db, userId: number) {
  return db.selectFrom('users').select(['id', 'username', 'displayName', 'publicPage', 'commentsBlockedAt']).where('id', '=', userId).executeTakeFirst();
}

// Comments

export async function insertComment(db: Db, c: { publicId: string; flightId: number; authorId: number; body: string; createdAt: string }): Promise<void> {
  await db.insertInto('comments').values(c).execute();
}

/** A comment with its flight's pilot. */
export function findComment(db: Db, publicId: string) {
  return db
    .selectFrom('comments')
    .innerJoin('flights', 'flights.id', 'comments.flightId')
    .select(['comments.id', 'comments.publicId', 'comments.flightId', 'comments.authorId', 'comments.hiddenAt', 'flights.userId as flightOwnerId', ...RULE_COLUMNS])
    .where('comments.publicId', '=', publicId)
    .executeTakeFirst();
}

/** The flight's shown comments (not hidden by moderation or by a block), oldest first, with their authors. */
export function listComments(db: Db, flightId: number) {
  return db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.authorId')
    .select(['comments.publicId', 'comments.authorId', 'comments.body', 'comments.createdAt', 'comments.editedAt', 'users.displayName', 'users.username', 'users.publicPage'])
    .where('comments.flightId', '=', flightId)
    .where('comments.hiddenAt', 'is', null)
    .where(commentShown)
    .orderBy('comments.createdAt', 'asc')
    .orderBy('comments.id', 'asc')
    .execute();
}

export async function updateCommentBody(db: Db, id: number, body: string, editedAt: string): Promise<void> {
  await db.updateTable('comments').set({ body, editedAt }).where('id', '=', id).execute();
}

export async function deleteComment(db: Db, id: number): Promise<void> {
  await db.deleteFrom('comments').where('id', '=', id).execute();
}

export async function setCommentHidden(db: Db, id: number, hiddenAt: string | null): Promise<void> {
  await db.updateTable('comments').set({ hiddenAt }).where('id', '=', id).execute();
}

/** The pilot's public flights with comments by others (shown, not hidden) since `since`: the latest comment first. */
export function flightsWithNewComments(db: Db, userId: number, since: string | null) {
  let q = db
    .selectFrom('comments')
    .innerJoin('flights', 'flights.id', 'comments.flightId')
    .innerJoin('flightShares', 'flightShares.flightId', 'flights.id')
    .select((eb) => ['flights.id', 'flightShares.token', 'flights.startTime', 'flights.timeZone', eb.fn.countAll().as('n'), eb.fn.max('comments.createdAt').as('latest')])
    .where('flights.userId', '=', userId)
    .where(madePublic)
    .where('comments.authorId', '!=', userId)
    .where('comments.hiddenAt', 'is', null)
    .where(commentShown);
  if (since) q = q.where('comments.createdAt', '>', since);
  return q.groupBy(['flights.id', 'flightShares.token', 'flights.startTime', 'flights.timeZone']).orderBy('latest', 'desc').execute();
}

export function findCommentsSeenAt(db: Db, userId: number) {
  return db.selectFrom('users').select(['commentsSeenAt']).where('id', '=', userId).executeTakeFirst();
}

export async function setCommentsSeenAt(db: Db, userId: number, at: string): Promise<void> {
  await db.updateTable('users').set({ commentsSeenAt: at }).where('id', '=', userId).execute();
}


// Likes

export async function insertLike(db: Db, flightId: number, userId: number, createdAt: string): Promise<void> {
  await db.insertInto('likes').values({ flightId, userId, createdAt }).onConflict((oc) => oc.columns(['flightId', 'userId']).doNothing()).execute();
}

export async function deleteLike(db: Db, flightId: number, userId: number): Promise<void> {
  await db.deleteFrom('likes').where('flightId', '=', flightId).where('userId', '=', userId).execute();
}

/** Who liked the flight, earliest first. */
export function likesOf(db: Db, flightId: number) {
  return db
    .selectFrom('likes')
    .innerJoin('users', 'users.id', 'likes.userId')
    .select(['likes.userId', 'users.displayName', 'users.username', 'users.publicPage'])
    .where('likes.flightId', '=', flightId)
    .where(likeShown)
    .orderBy('likes.createdAt', 'asc')
    .execute();
}
