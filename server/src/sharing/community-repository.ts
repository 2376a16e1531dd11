import type { Db } from '../db';
import { listed } from '../privacy';

// The counts and lists a public page shows beside a flight or a pilot (docs/community.md); social/
// reads them too.

export async function likeCount(db: Db, flightId: number): Promise<number> {
  const row = await db.selectFrom('likes').select((eb) => eb.fn.countAll().as('n')).where('flightId', '=', flightId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Comments shown on the flight: not hidden by moderation. */
export async function commentCount(db: Db, flightId: number): Promise<number> {
  const row = await db.selectFrom('comments').select((eb) => eb.fn.countAll().as('n')).where('flightId', '=', flightId).where('hiddenAt', 'is', null).executeTakeFirst();
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
