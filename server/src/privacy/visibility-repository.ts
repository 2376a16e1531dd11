import { sql, type ExpressionBuilder } from 'kysely';
import type { DefaultVisibility, Visibility } from '../../../contract/community';
import type { Database, Db, FlightShare } from '../db';
import { awaitingReview, linked, visible } from './rules';

/**
 * The visibility new flights of this pilot get: an expression for an insert's values (the profile's default).
 * A "publish after I review" pilot's new flights are stored private and wait in the review list.
 */
export const defaultVisibilityOf = (userId: number) =>
  sql<'private' | 'link' | 'public'>`(select case when default_visibility = 'review' then 'private' else default_visibility end from users where users.id = ${userId})`;
/** 1 when new flights of this pilot wait for review (the profile's default is "publish after I review"). */
const awaitsReviewOf = (userId: number) => sql<number>`(select case when default_visibility = 'review' then 1 else 0 end from users where users.id = ${userId})`;

/** A new flight's row with its pilot's default visibility (docs/community.md): for inserts. */
export const withDefaultVisibility = <T extends { userId: number }>(flight: T) => ({ ...flight, ...defaultVisibilityFor(flight.userId) });
/** The columns a new flight of this pilot takes for its visibility, to spread into an insert's values. */
export const defaultVisibilityFor = (userId: number) => ({ visibility: defaultVisibilityOf(userId), awaitingReview: awaitsReviewOf(userId) });

/** The pilot's choice: the flight no longer waits for review either. */
export async function setFlightVisibility(db: Db, flightId: number, visibility: Visibility): Promise<void> {
  await db.updateTable('flights').set({ visibility, awaitingReview: 0 }).where('id', '=', flightId).execute();
}

/** The flights a change of many would change: not removed flights of the pilot (of one local year) with another visibility. */
const changingFlights = (userId: number, visibility: Visibility, year: number | undefined) => (eb: ExpressionBuilder<Database, 'flights'>) =>
  eb.and([eb('userId', '=', userId), eb('visibility', '!=', visibility), visible(eb), ...(year === undefined ? [] : [eb('localYear', '=', year)])]);

/** Every flight `changingFlights` selects gets this visibility; answers how many. */
export async function setVisibilityOfMany(db: Db, userId: number, visibility: Visibility, year: number | undefined): Promise<number> {
  const res = await db.updateTable('flights').set({ visibility, awaitingReview: 0 }).where(changingFlights(userId, visibility, year)).executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** How many flights `setVisibilityOfMany` would change now. */
export async function countVisibilityChanges(db: Db, userId: number, visibility: Visibility, year: number | undefined): Promise<number> {
  const row = await db.selectFrom('flights').select((eb) => eb.fn.countAll().as('n')).where(changingFlights(userId, visibility, year)).executeTakeFirst();
  return Number(row?.n ?? 0);
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
  return db.selectFrom('users').select(['defaultVisibility', 'commentDigest', 'defaultTrackDownload']).where('id', '=', userId).executeTakeFirst();
}

export async function updateCommunityProfile(db: Db, userId: number, change: { defaultVisibility?: DefaultVisibility; commentDigest?: number; defaultTrackDownload?: number }): Promise<void> {
  await db.updateTable('users').set(change).where('id', '=', userId).execute();
}

/** A flight's share token; answers whether one was made (a flight has at most one). */
export async function insertShare(db: Db, share: FlightShare): Promise<boolean> {
  const res = await db.insertInto('flightShares').values(share).onConflict((oc) => oc.column('flightId').doNothing()).executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Drops a flight's share token for good (the pilot revoked the link or asked for a new one). */
export async function deleteShare(db: Db, flightId: number): Promise<boolean> {
  const res = await db.deleteFrom('flightShares').where('flightId', '=', flightId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** The pilot's flights waiting for review (all, or one), not removed. */
const waiting = (userId: number, flightId: number | undefined) => (eb: ExpressionBuilder<Database, 'flights'>) =>
  eb.and([eb('flights.userId', '=', userId), awaitingReview(eb), visible(eb), ...(flightId === undefined ? [] : [eb('flights.id', '=', flightId)])]);

/** Ids of the pilot's waiting flights (all, or the one named, when it waits). */
export async function waitingFlightIds(db: Db, userId: number, flightId?: number): Promise<number[]> {
  return (await db.selectFrom('flights').select('flights.id').where(waiting(userId, flightId)).execute()).map((r) => r.id);
}

/** The review list: the pilot's waiting flights, newest takeoff first. */
export function waitingFlights(db: Db, userId: number) {
  return db
    .selectFrom('flights')
    .leftJoin('sites', 'sites.id', 'flights.siteId')
    .select(['flights.id', 'flights.startTime', 'flights.timeZone', 'flights.flightTime', 'flights.distance', 'flights.xcPoints', 'flights.flightCode', 'flights.status', 'flights.takeoffLocation', 'sites.name as siteName'])
    .where(waiting(userId, undefined))
    .orderBy('flights.startTime', 'desc')
    .orderBy('flights.id', 'desc')
    .execute();
}

/** The pilot's decision on waiting flights: they get this visibility and leave the list. */
export async function decideWaiting(db: Db, ids: number[], visibility: Visibility): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('flights').set({ visibility, awaitingReview: 0 }).where('id', 'in', ids).execute();
}

/** A flight's own choice about track downloads (null: the pilot's default) and that default. */
export async function setTrackDownload(db: Db, flightId: number, allowed: boolean | null): Promise<void> {
  await db.updateTable('flights').set({ trackDownload: allowed === null ? null : allowed ? 1 : 0 }).where('id', '=', flightId).execute();
}
