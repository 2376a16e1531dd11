import { randomBytes } from 'node:crypto';
import { sql, type ExpressionBuilder, type OnConflictBuilder } from 'kysely';
import type { Database, Db } from '../db';

/** Queries of the airspace area (docs/airspace.md), one each. */

type FlightsEb = ExpressionBuilder<Database, 'flights'>;

/** What identifies the analysed track a check was made on; a re-analysis that changes the track changes it. */
export const trackKeySql = sql<string>`coalesce(flights.start_time, '') || '|' || coalesce(flights.end_time, '') || '|' || coalesce(flights.fingerprint, '')`;

/** A flight the check can read: analysed, from an IGC file (a flight added by hand has no track). */
const checkable = (eb: FlightsEb) => eb.and([eb('flights.status', '=', 'Completed'), eb('flights.source', '=', 'igc'), eb('flights.startTime', 'is not', null)]);

export async function insertFile(db: Db, row: { userId: number | null; name: string; validFrom: string; validTo: string; content: Buffer; shapes: Buffer; shapeCount: number; unreadLines: string; createdAt: string }): Promise<number> {
  const r = await db.insertInto('airspaceFiles').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** The instance's files and, given a pilot, the pilot's own (null: the instance's alone), without their contents. */
export function listFiles(db: Db, userId: number | null) {
  return db
    .selectFrom('airspaceFiles')
    .select(['id', 'userId', 'name', 'validFrom', 'validTo', 'shapeCount', 'unreadLines', 'createdAt'])
    .where((eb) => (userId === null ? eb('userId', 'is', null) : eb.or([eb('userId', 'is', null), eb('userId', '=', userId)])))
    .orderBy('validFrom', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findFile(db: Db, id: number) {
  return db.selectFrom('airspaceFiles').select(['id', 'userId', 'name', 'validFrom', 'validTo', 'shapeCount', 'unreadLines']).where('id', '=', id).executeTakeFirst();
}

/** Replaces a file's name, validity and (when given) its content, shapes and unread lines; `createdAt` then says when the new content was loaded. */
export async function updateFile(db: Db, id: number, row: { name: string; validFrom: string; validTo: string; content?: Buffer; shapes?: Buffer; shapeCount?: number; unreadLines?: string; createdAt?: string }): Promise<void> {
  await db.updateTable('airspaceFiles').set(row).where('id', '=', id).execute();
}

export async function deleteFile(db: Db, id: number): Promise<void> {
  await db.deleteFrom('airspaceFiles').where('id', '=', id).execute();
}

/** A file as the check's caches know it: its id and when its current content was loaded (a replacement loads it anew). */
export interface FileVersion {
  id: number;
  createdAt: string;
}

/** The files that apply on a day (YYYY-MM-DD, both ends of the validity included): the instance's and the pilot's own. */
export function fileVersionsForDay(db: Db, userId: number, day: string): Promise<FileVersion[]> {
  return db
    .selectFrom('airspaceFiles')
    .select(['id', 'createdAt'])
    .where((eb) => eb.or([eb('userId', 'is', null), eb('userId', '=', userId)]))
    .where('validFrom', '<=', day)
    .where('validTo', '>=', day)
    .orderBy('id')
    .execute();
}

export async function fileShapes(db: Db, id: number): Promise<Buffer | undefined> {
  return (await db.selectFrom('airspaceFiles').select('shapes').where('id', '=', id).executeTakeFirst())?.shapes;
}

/** What the check needs of a flight: its pilot, takeoff, track key and stored track. */
export function flightForCheck(db: Db, flightId: number) {
  return db
    .selectFrom('flights')
    .leftJoin('flightTracks', 'flightTracks.flightId', 'flights.id')
    .select(['flights.id', 'flights.userId', 'flights.startTime', 'flightTracks.path', trackKeySql.as('trackKey')])
    .where('flights.id', '=', flightId)
    .where(checkable)
    .executeTakeFirst();
}

/** Stores a check and the uncleared count the list shows, in one transaction. */
export async function storeCheck(db: Db, flightId: number, row: { checkedAt: string; trackKey: string; result: string }, uncleared: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('flightAirspace').values({ flightId, ...row }).onConflict((oc) => oc.column('flightId').doUpdateSet(row)).execute();
    await trx.updateTable('flights').set({ airspaceInfringements: uncleared }).where('id', '=', flightId).execute();
  });
}

export async function setUncleared(db: Db, flightId: number, uncleared: number): Promise<void> {
  await db.updateTable('flights').set({ airspaceInfringements: uncleared }).where('id', '=', flightId).execute();
}

export function findCheck(db: Db, flightId: number) {
  return db.selectFrom('flightAirspace').select(['checkedAt', 'result']).where('flightId', '=', flightId).executeTakeFirst();
}

export function clearances(db: Db, flightId: number) {
  return db.selectFrom('airspaceClearances').selectAll().where('flightId', '=', flightId).orderBy('id').execute();
}

export async function insertClearance(db: Db, row: { flightId: number; airspaceName: string; airspaceClass: string; entry: string; exit: string; cleared: number; note: string | null; updatedAt: string }): Promise<void> {
  await db.insertInto('airspaceClearances').values(row).execute();
}

export async function updateClearance(db: Db, id: number, row: { entry: string; exit: string; cleared: number; note: string | null; updatedAt: string }): Promise<void> {
  await db.updateTable('airspaceClearances').set(row).where('id', '=', id).execute();
}

/** The airspace the pilot said was not active on this flight's day. */
export function notActive(db: Db, flightId: number) {
  return db.selectFrom('airspaceNotActive').select(['airspaceName', 'airspaceClass']).where('flightId', '=', flightId).orderBy('id').execute();
}

/** Says an airspace was not active on the flight's day; saying it twice keeps one mark. */
export async function markNotActive(db: Db, row: { flightId: number; airspaceName: string; airspaceClass: string; updatedAt: string }): Promise<void> {
  await db
    .insertInto('airspaceNotActive')
    .values(row)
    .onConflict((oc) => oc.columns(['flightId', 'airspaceName', 'airspaceClass']).doUpdateSet({ updatedAt: row.updatedAt }))
    .execute();
}

export async function unmarkNotActive(db: Db, flightId: number, airspaceName: string, airspaceClass: string): Promise<void> {
  await db.deleteFrom('airspaceNotActive').where('flightId', '=', flightId).where('airspaceName', '=', airspaceName).where('airspaceClass', '=', airspaceClass).execute();
}

/**
 * A flight queued again while it was being checked keeps its place with a new mark, so that check
 * does not unqueue it.
 */
const requeue = (oc: OnConflictBuilder<Database, 'airspacePending'>) => oc.column('flightId').doUpdateSet((eb) => ({ queuedAt: eb.ref('excluded.queuedAt') }));

/**
 * The queue mark: the time (the queue is worked oldest first) and a random tail, so that two
 * queuings in the same millisecond, by this process or another, still differ and a check unqueues
 * only the queuing it saw.
 */
const queuedNow = () => sql<string>`${`${new Date().toISOString()}#${randomBytes(6).toString('hex')}`}`;

/**
 * Queues every checkable flight whose takeoff (UTC) falls within the days, of one pilot or (null) of
 * all pilots: a file was added, replaced or removed.
 */
export async function queueFlightsInDays(db: Db, userId: number | null, fromDay: string, toDayExclusive: string): Promise<void> {
  let q = db
    .selectFrom('flights')
    .select((eb) => [eb.ref('flights.id').as('flightId'), queuedNow().as('queuedAt')])
    .where(checkable)
    .where('flights.startTime', '>=', fromDay)
    .where('flights.startTime', '<', toDayExclusive);
  if (userId !== null) q = q.where('flights.userId', '=', userId);
  await db.insertInto('airspacePending').columns(['flightId', 'queuedAt']).expression(q).onConflict(requeue).execute();
}

/** Queues the pilot's checkable flights that were never checked or whose track changed since (a new or re-analysed flight). */
export async function queueUncheckedFlights(db: Db, userId: number): Promise<void> {
  const q = db
    .selectFrom('flights')
    .leftJoin('flightAirspace', 'flightAirspace.flightId', 'flights.id')
    .select((eb) => [eb.ref('flights.id').as('flightId'), queuedNow().as('queuedAt')])
    .where('flights.userId', '=', userId)
    .where(checkable)
    .where((eb) => eb.or([eb('flightAirspace.flightId', 'is', null), eb('flightAirspace.trackKey', '!=', trackKeySql)]));
  await db.insertInto('airspacePending').columns(['flightId', 'queuedAt']).expression(q).onConflict(requeue).execute();
}

export function pendingFlights(db: Db, limit: number) {
  return db.selectFrom('airspacePending').select(['flightId', 'queuedAt']).orderBy('queuedAt').orderBy('flightId').limit(limit).execute();
}

/** Takes a checked flight off the queue unless it was queued again meanwhile (its mark changed). */
export async function unqueue(db: Db, flightId: number, queuedAt: string): Promise<void> {
  await db.deleteFrom('airspacePending').where('flightId', '=', flightId).where('queuedAt', '=', queuedAt).execute();
}

/** Flights still waiting: the pilot's, or all when userId is null. */
export async function countPending(db: Db, userId: number | null): Promise<number> {
  let q = db.selectFrom('airspacePending').innerJoin('flights', 'flights.id', 'airspacePending.flightId').select((eb) => eb.fn.countAll().as('n'));
  if (userId !== null) q = q.where('flights.userId', '=', userId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}
