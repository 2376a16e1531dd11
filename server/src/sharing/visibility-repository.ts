import { sql } from 'kysely';
import type { Visibility } from '../../../contract/community';
import type { Db } from '../db';
import { visible } from '../flights/repository';

/** The visibility new flights of this pilot get: an expression for an insert's values (the profile's default). */
export const defaultVisibilityOf = (userId: number) => sql<'private' | 'link' | 'public'>`(select default_visibility from users where users.id = ${userId})`;

export async function setFlightVisibility(db: Db, flightId: number, visibility: Visibility): Promise<void> {
  await db.updateTable('flights').set({ visibility }).where('id', '=', flightId).execute();
}

/** Every not removed flight of the pilot (of one local year) that had another visibility gets this one; answers how many. */
export async function setVisibilityOfMany(db: Db, userId: number, visibility: Visibility, year: number | undefined): Promise<number> {
  let q = db.updateTable('flights').set({ visibility }).where('userId', '=', userId).where('visibility', '!=', visibility).where(visible);
  if (year !== undefined) q = q.where('localYear', '=', year);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Drops the links of the pilot's private flights: a private flight has no token. */
export async function dropLinksOfPrivateFlights(db: Db, userId: number): Promise<void> {
  await db
    .deleteFrom('flightShares')
    .where('userId', '=', userId)
    .where('flightId', 'in', (eb) => eb.selectFrom('flights').select('id').where('userId', '=', userId).where('visibility', '=', 'private'))
    .execute();
}

/** Link and public flights without a token yet (of one pilot, or of all): a new flight got its pilot's default. */
export function flightsWithoutToken(db: Db, userId?: number) {
  let q = db
    .selectFrom('flights')
    .leftJoin('flightShares', 'flightShares.flightId', 'flights.id')
    .select(['flights.id', 'flights.userId'])
    .where('flights.visibility', '!=', 'private')
    .where('flightShares.flightId', 'is', null);
  if (userId !== undefined) q = q.where('flights.userId', '=', userId);
  return q.execute();
}

/** The profile's community settings. */
export function findCommunityProfile(db: Db, userId: number) {
  return db.selectFrom('users').select(['defaultVisibility', 'commentDigest']).where('id', '=', userId).executeTakeFirst();
}

export async function updateCommunityProfile(db: Db, userId: number, change: { defaultVisibility?: Visibility; commentDigest?: number }): Promise<void> {
  await db.updateTable('users').set(change).where('id', '=', userId).execute();
}
