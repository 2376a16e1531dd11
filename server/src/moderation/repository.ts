import type { Db } from '../db';

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

/** An administrator blocks (or unblocks) every future comment of the pilot. */
export async function setCommentsBlocked(db: Db, userId: number, at: string | null): Promise<void> {
  await db.updateTable('users').set({ commentsBlockedAt: at }).where('id', '=', userId).execute();
}
