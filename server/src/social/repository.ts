import type { Db } from '../db';
import { listedFlights, madePublic, RULE_COLUMNS } from '../privacy';

// Counts shown beside a public flight



// Pilots

export function findPilot(db: Db, userId: number) {
  return db.selectFrom('users').select(['id', 'username', 'displayName', 'publicPage', 'commentsBlockedAt']).where('id', '=', userId).executeTakeFirst();
}

/** The pilot with this username, compared case-insensitively like registration does. */
export function findPilotByUsername(db: Db, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'displayName', 'publicPage', 'commentsBlockedAt'])
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
}

// Following and blocking

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


export async function insertBlock(db: Db, blockerId: number, blockedId: number, createdAt: string): Promise<void> {
  await db.insertInto('blocks').values({ blockerId, blockedId, createdAt }).onConflict((oc) => oc.columns(['blockerId', 'blockedId']).doNothing()).execute();
}

export async function deleteBlock(db: Db, blockerId: number, blockedId: number): Promise<void> {
  await db.deleteFrom('blocks').where('blockerId', '=', blockerId).where('blockedId', '=', blockedId).execute();
}

export async function isBlocked(db: Db, blockerId: number, blockedId: number): Promise<boolean> {
  return !!(await db.selectFrom('blocks').select('blockerId').where('blockerId', '=', blockerId).where('blockedId', '=', blockedId).executeTakeFirst());
}

// Lists of public flights

/**
 * Public flights of the pilots this pilot follows, newest first (takeoff, then token: a total order),
 * after the page boundary `before`: earlier takeoffs, or the same takeoff with a smaller token.
 */
export function feedFlights(db: Db, userId: number, before: { time: string; token?: string } | undefined, limit: number) {
  let q = listedFlights(db)
    .innerJoin('follows', 'follows.followeeId', 'flights.userId')
    .where('follows.followerId', '=', userId)
    .where('flights.userId', '!=', userId)
    .where('flights.startTime', 'is not', null);
  if (before) {
    const { time, token } = before;
    q = token === undefined
      ? q.where('flights.startTime', '<', time)
      : q.where((eb) => eb.or([eb('flights.startTime', '<', time), eb.and([eb('flights.startTime', '=', time), eb('flightShares.token', '<', token)])]));
  }
  return q.orderBy('flights.startTime', 'desc').orderBy('flightShares.token', 'desc').limit(limit).execute();
}


/** Public flights of other pilots in the air at the same time as [start, end]. */
export function listedFlightsOverlapping(db: Db, exceptUserId: number, start: string, end: string) {
  return listedFlights(db).where('flights.userId', '!=', exceptUserId).where('flights.startTime', '<=', end).where('flights.endTime', '>=', start).execute();
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

/** The flight's shown comments, oldest first, with their authors. */
export function listComments(db: Db, flightId: number) {
  return db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.authorId')
    .select(['comments.publicId', 'comments.authorId', 'comments.body', 'comments.createdAt', 'comments.editedAt', 'users.displayName', 'users.username', 'users.publicPage'])
    .where('comments.flightId', '=', flightId)
    .where('comments.hiddenAt', 'is', null)
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

/** Comments by others on the pilot's flights since `since` (all when null), not hidden. */
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
    .where('comments.hiddenAt', 'is', null);
  if (since) q = q.where('comments.createdAt', '>', since);
  return q.groupBy(['flights.id', 'flightShares.token', 'flights.startTime', 'flights.timeZone']).orderBy('latest', 'desc').execute();
}

export function findCommentsSeenAt(db: Db, userId: number) {
  return db.selectFrom('users').select(['commentsSeenAt']).where('id', '=', userId).executeTakeFirst();
}

export async function setCommentsSeenAt(db: Db, userId: number, at: string): Promise<void> {
  await db.updateTable('users').set({ commentsSeenAt: at }).where('id', '=', userId).execute();
}

export async function setCommentsBlocked(db: Db, userId: number, at: string | null): Promise<void> {
  await db.updateTable('users').set({ commentsBlockedAt: at }).where('id', '=', userId).execute();
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
    .orderBy('likes.createdAt', 'asc')
    .execute();
}

// Reports and moderation

export async function insertReport(db: Db, r: { commentId: number; reporterId: number; reason: string; createdAt: string }): Promise<void> {
  await db.insertInto('commentReports').values(r).execute();
}

/** Open reports and those of hidden comments (still to restore or delete), oldest first, with the comment, its author, the reporter and the flight's token. */
export function openReports(db: Db) {
  return db
    .selectFrom('commentReports')
    .innerJoin('comments', 'comments.id', 'commentReports.commentId')
    .innerJoin('users as author', 'author.id', 'comments.authorId')
    .innerJoin('users as reporter', 'reporter.id', 'commentReports.reporterId')
    .leftJoin('flightShares', 'flightShares.flightId', 'comments.flightId')
    .select([
      'commentReports.id',
      'commentReports.reason',
      'commentReports.createdAt',
      'reporter.username as reporter',
      'comments.publicId as commentId',
      'comments.body',
      'comments.hiddenAt',
      'comments.createdAt as commentCreatedAt',
      'author.username as author',
      'author.commentsBlockedAt',
      'flightShares.token as flightToken',
    ])
    .where((eb) => eb.or([eb('commentReports.resolvedAt', 'is', null), eb('comments.hiddenAt', 'is not', null)]))
    .orderBy('commentReports.createdAt', 'asc')
    .orderBy('commentReports.id', 'asc')
    .execute();
}

export function findReport(db: Db, id: number) {
  return db
    .selectFrom('commentReports')
    .innerJoin('comments', 'comments.id', 'commentReports.commentId')
    .select(['commentReports.id', 'commentReports.commentId', 'comments.authorId'])
    .where('commentReports.id', '=', id)
    .executeTakeFirst();
}

/** Closes every open report of the comment with what the admin did. */
export async function resolveReports(db: Db, commentId: number, resolution: string, at: string): Promise<void> {
  await db.updateTable('commentReports').set({ resolvedAt: at, resolution }).where('commentId', '=', commentId).where('resolvedAt', 'is', null).execute();
}

// Rate limits

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
