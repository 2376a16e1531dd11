// The ingest room's queries: the stored file a job analyses, the flights and tracks it stores, and
// the upload task it settles. The upload side (tasks, files, the history) is uploads/repository.ts.
import { nowIso, type Db, type IgcFile } from '../db';
import { defaultVisibilityFor } from '../privacy';
import type { AnalysedFields } from './store-analysis';

// The file a job analyses

/** Stored files still waiting for analysis. */
export async function waitingFileIds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('igcFiles').select('id').where('status', 'in', ['Pending', 'Processing']).where('content', 'is not', null).execute();
  return rows.map((r) => r.id);
}

export function findFile(db: Db, igcFileId: number): Promise<IgcFile | undefined> {
  return db.selectFrom('igcFiles').selectAll().where('id', '=', igcFileId).executeTakeFirst();
}

/** A run of the file's analysis begins: counted on the file, so the bound holds across process deaths. */
export async function startFileRun(db: Db, igcFileId: number, attempts: number): Promise<void> {
  await db.updateTable('igcFiles').set({ status: 'Processing', attempts }).where('id', '=', igcFileId).execute();
}

export async function setFileStatus(db: Db, igcFileId: number, status: string, reason: string | null): Promise<void> {
  await db.updateTable('igcFiles').set({ status, reason }).where('id', '=', igcFileId).execute();
}

/** Whether the file is a track a logbook kept (Logfly's V_IGC), matched by flight against the pilot's own files. */
export async function isLogbookCopy(db: Db, igcFileId: number): Promise<boolean> {
  const row = await db.selectFrom('igcFiles').select('logbookCopy').where('id', '=', igcFileId).executeTakeFirst();
  return Number(row?.logbookCopy ?? 0) === 1;
}

/** The file is the same flight as one already stored and holds no flight of its own (the ledger's "duplicate of flight N"). */
export async function setFileSameFlight(db: Db, igcFileId: number, flightId: number, reason: string): Promise<void> {
  await db.updateTable('igcFiles').set({ status: 'Duplicate', reason, sameFlightId: flightId }).where('id', '=', igcFileId).execute();
}

export async function setFlightsOfFileStatus(db: Db, igcFileId: number, status: string): Promise<void> {
  await db.updateTable('flights').set({ status }).where('igcFileId', '=', igcFileId).execute();
}

export async function failFlightsOfFile(db: Db, igcFileId: number, errorMessage: string, removalReason: number): Promise<void> {
  await db.updateTable('flights').set({ status: 'Failed', errorMessage, removalReason }).where('igcFileId', '=', igcFileId).execute();
}

// Flights of a file

/** The stored local date of a flight and the year and month lists and statistics group by. */
export const localDateColumns = (localDate: string) => ({ localDate, localYear: Number(localDate.slice(0, 4)), localMonth: Number(localDate.slice(5, 7)) });

/** The file's stored flights as a re-analysis matches them: segment, times, the pilot's window and removal. */
export function storedSegments(db: Db, igcFileId: number) {
  return db
    .selectFrom('flights')
    .select(['id', 'segmentIndex', 'status', 'startTime', 'endTime', 'windowTakeoff', 'windowLanding', 'removalReason', 'removalDate'])
    .where('igcFileId', '=', igcFileId)
    .orderBy('segmentIndex')
    .execute();
}
export type StoredSegment = Awaited<ReturnType<typeof storedSegments>>[number];

/** Inserts a segment's flight, or updates it in place (a re-analysis keeps its id and the pilot's edits). */
export async function upsertAnalysedFlight(db: Db, key: { userId: number; igcFileId: number; segmentIndex: number }, fields: AnalysedFields): Promise<number> {
  const row = await db
    .insertInto('flights')
    .values({ ...key, createdAt: nowIso(), ...fields, ...defaultVisibilityFor(key.userId) })
    .onConflict((oc) => oc.columns(['igcFileId', 'segmentIndex']).doUpdateSet(fields))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function upsertTrack(db: Db, flightId: number, track: { path: Buffer; pathLowRes: Buffer; features: Buffer; phases: Buffer | null }): Promise<void> {
  await db.insertInto('flightTracks').values({ flightId, ...track }).onConflict((oc) => oc.column('flightId').doUpdateSet(track)).execute();
  // New phases: the thermal maps read this flight again (thermals/spots.ts).
  await db.deleteFrom('thermalSpots').where('flightId', '=', flightId).execute();
  if (track.phases) await db.insertInto('thermalPending').values({ flightId }).onConflict((oc) => oc.column('flightId').doNothing()).execute();
}

/** Drops the file's flights at other segments (a re-analysis found fewer, or the pilot merged two). */
export async function keepOnlySegments(db: Db, igcFileId: number, segmentIndexes: number[]): Promise<void> {
  await db.deleteFrom('flights').where('igcFileId', '=', igcFileId).where('segmentIndex', 'not in', segmentIndexes.length ? segmentIndexes : [-1]).execute();
}

// The upload task a job settles

export function filesOfTask(db: Db, taskId: number) {
  return db.selectFrom('igcFiles').select(['id', 'status']).where('uploadTaskId', '=', taskId).execute();
}

/** Flights of a task whose analysis ended (Completed or Failed). */
export async function countSettledFlights(db: Db, taskId: number): Promise<number> {
  const row = await db
    .selectFrom('flights')
    .innerJoin('igcFiles', 'igcFiles.id', 'flights.igcFileId')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('igcFiles.uploadTaskId', '=', taskId)
    .where('flights.status', 'in', ['Completed', 'Failed'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setTaskOutcome(db: Db, taskId: number, outcome: { status: string; errorMessage: string | null; processedFlightCount: number }): Promise<void> {
  await db.updateTable('uploadTasks').set(outcome).where('id', '=', taskId).execute();
}

// The league a pilot's flights are scored under

/** The pilot's league as stored; null means the instance's. */
export async function pilotRules(db: Db, userId: number): Promise<string | null> {
  return (await db.selectFrom('users').select('scoringRules').where('id', '=', userId).executeTakeFirst())?.scoringRules ?? null;
}
