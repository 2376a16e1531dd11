import type { Db } from '../db';
import { removed } from '../privacy';

const count = async (q: { executeTakeFirstOrThrow(): Promise<{ n: unknown }> }) => Number((await q.executeTakeFirstOrThrow()).n);

export function findFlightReason(db: Db, flightId: number) {
  return db.selectFrom('flights').select(['id', 'removalReason']).where('id', '=', flightId).executeTakeFirst();
}

/** Completed flights (all, or these ids) with what revalidation needs, grouped by file order. */
/** Completed flights analysed from a file (flights added by hand have none to re-read). */
export async function completedFlights(db: Db, flightIds: number[] | 'all') {
  let q = db
    .selectFrom('flights')
    .select(['id', 'userId', 'igcFileId', 'segmentIndex', 'removalReason'])
    .where('status', '=', 'Completed')
    .where('igcFileId', 'is not', null);
  if (flightIds !== 'all') q = q.where('id', 'in', flightIds.length ? flightIds : [-1]);
  const rows = await q.orderBy('igcFileId').execute();
  return rows.map((r) => ({ ...r, igcFileId: r.igcFileId! }));
}

/** Completed flights whose analysis stored no track (a flight added by hand has none to store). */
export function completedWithoutTrack(db: Db) {
  return db
    .selectFrom('flights')
    .leftJoin('flightTracks', 'flightTracks.flightId', 'flights.id')
    .select(['flights.id', 'flights.startTime', 'flights.status'])
    .where('flights.status', '=', 'Completed')
    .where('flights.igcFileId', 'is not', null)
    .where('flightTracks.flightId', 'is', null)
    .execute();
}

/** Every flight analysed from a file (flights added by hand have nothing to recalculate). */
export async function allFlightIds(db: Db): Promise<number[]> {
  return (await db.selectFrom('flights').select('id').where('igcFileId', 'is not', null).execute()).map((f) => f.id);
}

export async function setRemovalReason(db: Db, flightId: number, removalReason: number | null): Promise<void> {
  await db.updateTable('flights').set({ removalReason }).where('id', '=', flightId).execute();
}

export async function fileIdsOf(db: Db, flightIds: number[]): Promise<number[]> {
  const rows = await db.selectFrom('flights').select('igcFileId').distinct().where('id', 'in', flightIds).where('igcFileId', 'is not', null).execute();
  return rows.map((f) => f.igcFileId!);
}

export async function pilotIdsOf(db: Db, flightIds: number[]): Promise<number[]> {
  return (await db.selectFrom('flights').select('userId').distinct().where('id', 'in', flightIds).execute()).map((f) => f.userId);
}

export async function setFlightsPending(db: Db, flightIds: number[]): Promise<void> {
  await db.updateTable('flights').set({ status: 'Pending' }).where('id', 'in', flightIds).execute();
}

/** Files that still have their original bytes go back to Pending with a fresh run count. */
export async function setFilesPending(db: Db, fileIds: number[]): Promise<void> {
  await db.updateTable('igcFiles').set({ status: 'Pending', attempts: 0 }).where('id', 'in', fileIds).where('content', 'is not', null).execute();
}

export async function deleteAllTracks(db: Db): Promise<number> {
  return Number((await db.deleteFrom('flightTracks').executeTakeFirst()).numDeletedRows);
}

export async function countFlightsByStatus(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom('flights').select((eb) => ['status', eb.fn.countAll().as('n')]).groupBy('status').execute();
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

export const countRemoved = (db: Db) => count(db.selectFrom('flights').select((eb) => eb.fn.countAll().as('n')).where(removed));
export const countTracks = (db: Db) => count(db.selectFrom('flightTracks').select((eb) => eb.fn.countAll().as('n')));
export const countWithCoordinates = (db: Db) => count(db.selectFrom('flights').select((eb) => eb.fn.countAll().as('n')).where('takeoffLat', 'is not', null));
export const countUsers = (db: Db) => count(db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')));
