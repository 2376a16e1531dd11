import type { Db } from '../db';
import { commentShown, likeShown, listed } from '../privacy';

// The counts and lists a public page shows beside a flight or a pilot (docs/community.md); social/
// reads them too.

/** Likes shown on the flight: not by a pilot its pilot blocked. */
export async function likeCount(db: Db, flightId: number): Promise<number> {
  const row = await db.selectFrom('likes').select((eb) => eb.fn.countAll().as('n')).where('likes.flightId', '=', flightId).where(likeShown).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Comments shown on the flight: not hidden by moderation, not by a pilot its pilot blocked. */
export async function commentCount(db: Db, flightId: number): Promise<number> {
  const row = await db.selectFrom('comments').select((eb) => eb.fn.countAll().as('n')).where('comments.flightId', '=', flightId).where('comments.hiddenAt', 'is', null).where(commentShown).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** How many follow the pilot, and how many the pilot follows. */
export async function followCounts(db: Db, userId: number): Promise<{ followers: number; following: number }> {
  const [followers, following] = await Promise.all([
    db.selectFrom('follows').select((eb) => eb.fn.countAll().as('n')).where('followeeId', '=', userId).executeTakeFirst(),
    db.selectFrom('follows').select((eb) => eb.fn.countAll().as('n')).where('followerId', '=', userId).executeTakeFirst(),
  ]);
  return { followers: Number(followers?.n ?? 0), following: Number(following?.n ?? 0) };
}

/** A pilot's public flights for their page, newest first. */
export function publicFlightsOfPilot(db: Db, userId: number) {
  return db
    .selectFrom('flights')
    .innerJoin('flightShares', 'flightShares.flightId', 'flights.id')
    .leftJoin('sites', 'sites.id', 'flights.siteId')
    .select(['flightShares.token', 'flights.startTime', 'flights.timeZone', 'flights.flightTime', 'flights.distance', 'flights.xcPoints', 'flights.flightCode', 'sites.name as siteName'])
    .where('flights.userId', '=', userId)
    .where(listed)
    .orderBy('flights.startTime', 'desc')
    .orderBy('flights.id', 'desc')
    .execute();
}
