import { sql, type ExpressionBuilder } from 'kysely';
import type { Database, Db } from '../db';
import { listed } from '../privacy';

// The rows the bell is made of (docs/notifications.md), each query the newest first and at most
// `limit`. Likes, comments and moderation decisions count only on listed flights: a flight nobody
// else can see any more takes its notifications with it, as its comments and likes disappear.

/** Not an actor the pilot blocked. */
const notBlockedBy = (userId: number, actorColumn: 'follows.followerId' | 'likes.userId' | 'comments.authorId') => (eb: ExpressionBuilder<Database, 'follows' | 'likes' | 'comments'>) =>
  eb.not(eb.exists(eb.selectFrom('blocks').select('blocks.blockerId').where('blocks.blockerId', '=', userId).whereRef('blocks.blockedId', '=', actorColumn as never)));

const PILOT = ['actor.displayName', 'actor.username', 'actor.publicPage'] as const;
const FLIGHT = ['flights.id as flightId', 'flightShares.token', 'flights.startTime', 'flights.timeZone'] as const;

export function newFollowers(db: Db, userId: number, since: string, limit: number) {
  return db
    .selectFrom('follows')
    .innerJoin('users as actor', 'actor.id', 'follows.followerId')
    .select(['follows.followerId as actorId', 'follows.createdAt as at', ...PILOT])
    .where('follows.followeeId', '=', userId)
    .where('follows.createdAt', '>', since)
    .where((eb) => notBlockedBy(userId, 'follows.followerId')(eb as never))
    .orderBy('follows.createdAt', 'desc')
    .limit(limit)
    .execute();
}

export function likesOnFlights(db: Db, userId: number, since: string, limit: number) {
  return db
    .selectFrom('likes')
    .innerJoin('flights', 'flights.id', 'likes.flightId')
    .innerJoin('flightShares', 'flightShares.flightId', 'flights.id')
    .innerJoin('users as actor', 'actor.id', 'likes.userId')
    .select(['likes.userId as actorId', 'likes.createdAt as at', ...PILOT, ...FLIGHT])
    .where('flights.userId', '=', userId)
    .where('likes.userId', '!=', userId)
    .where('likes.createdAt', '>', since)
    .where(listed)
    .where((eb) => notBlockedBy(userId, 'likes.userId')(eb as never))
    .orderBy('likes.createdAt', 'desc')
    .limit(limit)
    .execute();
}

export function commentsOnFlights(db: Db, userId: number, since: string, limit: number) {
  return db
    .selectFrom('comments')
    .innerJoin('flights', 'flights.id', 'comments.flightId')
    .innerJoin('flightShares', 'flightShares.flightId', 'flights.id')
    .innerJoin('users as actor', 'actor.id', 'comments.authorId')
    .select(['comments.publicId', 'comments.body', 'comments.createdAt as at', ...PILOT, ...FLIGHT])
    .where('flights.userId', '=', userId)
    .where('comments.authorId', '!=', userId)
    .where('comments.hiddenAt', 'is', null)
    .where('comments.createdAt', '>', since)
    .where(listed)
    .where((eb) => notBlockedBy(userId, 'comments.authorId')(eb as never))
    .orderBy('comments.createdAt', 'desc')
    .limit(limit)
    .execute();
}

/** The pilot's reports an admin acted on (hidden, restored, the author blocked). A deleted comment takes its reports with it. */
export function handledReports(db: Db, userId: number, since: string, limit: number) {
  return db
    .selectFrom('commentReports')
    .innerJoin('comments', 'comments.id', 'commentReports.commentId')
    .innerJoin('flights', 'flights.id', 'comments.flightId')
    .innerJoin('flightShares', 'flightShares.flightId', 'flights.id')
    .select(['commentReports.id as reportId', 'commentReports.resolvedAt as at', 'comments.body', ...FLIGHT])
    .where('commentReports.reporterId', '=', userId)
    .where('commentReports.resolvedAt', 'is not', null)
    .where('commentReports.resolvedAt', '>', since)
    .where(listed)
    .orderBy('commentReports.resolvedAt', 'desc')
    .limit(limit)
    .$narrowType<{ at: string }>()
    .execute();
}

/** The pilot's comments an admin hid. */
export function hiddenComments(db: Db, userId: number, since: string, limit: number) {
  return db
    .selectFrom('comments')
    .innerJoin('flights', 'flights.id', 'comments.flightId')
    .innerJoin('flightShares', 'flightShares.flightId', 'flights.id')
    .select(['comments.publicId', 'comments.hiddenAt as at', 'comments.body', ...FLIGHT])
    .where('comments.authorId', '=', userId)
    .where('comments.hiddenAt', 'is not', null)
    .where('comments.hiddenAt', '>', since)
    .where(listed)
    .orderBy('comments.hiddenAt', 'desc')
    .limit(limit)
    .$narrowType<{ at: string }>()
    .execute();
}

/**
 * The pilots who want the daily mail and whose bell has news since their last one (a new follower, a
 * like on a listed flight, a report handled, a comment removed): who the daily mail looks at beside the
 * pilots with new comments. A cheap superset (blocks are not looked at): notificationDigestLines decides
 * what the mail says, and a pilot with nothing to say gets no mail.
 */
export async function pilotsWithNewsSinceDigest(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('users.id')
    .where('users.commentDigest', '=', 1)
    .where('users.emailVerifiedAt', 'is not', null)
    .where((eb) => {
      const since = eb.fn.coalesce('users.digestSentAt', sql.lit(''));
      return eb.or([
        eb.exists(eb.selectFrom('follows').select('follows.followerId').whereRef('follows.followeeId', '=', 'users.id').where('follows.createdAt', '>', since)),
        eb.exists(
          eb
            .selectFrom('likes')
            .innerJoin('flights', 'flights.id', 'likes.flightId')
            .innerJoin('flightShares', 'flightShares.flightId', 'flights.id')
            .select('likes.userId')
            .whereRef('flights.userId', '=', 'users.id')
            .whereRef('likes.userId', '!=', 'users.id')
            .where('likes.createdAt', '>', since)
            .where(listed),
        ),
        eb.exists(eb.selectFrom('commentReports').select('commentReports.id').whereRef('commentReports.reporterId', '=', 'users.id').where('commentReports.resolvedAt', '>', since)),
        eb.exists(eb.selectFrom('comments').select('comments.id').whereRef('comments.authorId', '=', 'users.id').where('comments.hiddenAt', '>', since)),
      ]);
    })
    .execute();
  return rows.map((r) => r.id);
}

// Read marks

export async function readUpTo(db: Db, userId: number): Promise<string | null> {
  return (await db.selectFrom('notificationReadUpTo').select('readAt').where('userId', '=', userId).executeTakeFirst())?.readAt ?? null;
}

export async function readIds(db: Db, userId: number): Promise<Set<string>> {
  return new Set((await db.selectFrom('notificationReads').select('notificationId').where('userId', '=', userId).execute()).map((r) => r.notificationId));
}

export async function markRead(db: Db, userId: number, notificationId: string, readAt: string): Promise<void> {
  await db.insertInto('notificationReads').values({ userId, notificationId, readAt }).onConflict((oc) => oc.columns(['userId', 'notificationId']).doNothing()).execute();
}

/** Everything up to `readAt` is read; the single marks are then worth nothing. */
export async function markAllRead(db: Db, userId: number, readAt: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('notificationReadUpTo').values({ userId, readAt }).onConflict((oc) => oc.column('userId').doUpdateSet({ readAt })).execute();
    await trx.deleteFrom('notificationReads').where('userId', '=', userId).execute();
  });
}
