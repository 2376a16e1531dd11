import { sql, type ExpressionBuilder } from 'kysely';
import type { Visibility } from '../../../contract/community';
import type { Database, Db, FlightShare } from '../db';
import { linked, visible } from './rules';

/** The visibility new flights of this pilot get: an expression for an insert's values (the profile's default). */
export const defaultVisibilityOf = (userId: number) => sql<'private' | 'link' | 'public'>`(select default_visibility from users where users.id = ${userId})`;

/** A new flight's row with its pilot's default visibility (docs/community.md): for inserts. */
export const withDefaultVisibility = <T extends { userId: number }>(flight: T) => ({ ...flight, ...defaultVisibilityFor(flight.userId) });
/** The columns a new flight of this pilot takes for its visibility, to spread into an insert's values. */
export const defaultVisibilityFor = (userId: number) => ({ visibility: defaultVisibilityOf(userId) });

export async function setFlightVisibility(db: Db, flightId: number, visibility: Visibility): Promise<void> {
  await db.updateTable('flights').set({ visibility }).where('id', '=', flightId).execute();
}

/** The flights a change of many would change: not removed flights of the pilot (of one local year) with another visibility. */
const changingFlights = (userId: number, visibility: Visibility, year: number | undefined) => (eb: ExpressionBuilder<Database, 'flights'>) =>
  eb.and([eb('userId', '=', userId), eb('visibility', '!=', visibility), visible(eb), ...(year === undefined ? [] : [eb('localYear', '=', year)])]);

/** Every flight `changingFlights` selects gets this visibility; answers how many. */
export async function setVisibilityOfMany(db: Db, userId: number, visibility: Visibility, year: number | undefined): Promise<number> {
  const res = await db.updateTable('flights').set({ visibility }).where(changingFlights(userId, visibility, year)).executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** How many flights `setVisibilityOfMany` would change now. */
export async function countVisibilityChanges(db: Db, userId: number, visibility: Visibility, year: number | undefined): Promise<number> {
  const row = await db.selectFrom('flights').select((eb) => eb.fn.countAll().as('n')).where(changingFlights(userId, visibility, year)).executeTakeFirst();
  return Number(row?.n ?? 0);
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
    .where(linked)
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

/** A flight's share token; answers whether one was made (a flight has at most one). */
export async function insertShare(db: Db, share: FlightShare): Promise<boolean> {
  const res = await db.insertInto('flightShares').values(share).onConflict((oc) => oc.column('flightId').doNothing()).executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Drops a flight's share token (the flight became private). */
export async function deleteShare(db: Db, flightId: number): Promise<boolean> {
  const res = await db.deleteFrom('flightShares').where('flightId', '=', flightId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
