import type { SegmentSummary } from '../analysis/types';
import { nowIso, type Db, type IgcFile } from '../db';
import type { AnalysedFields } from './store-analysis';
import { defaultVisibilityOf } from '../sharing/visibility-repository';

// Upload tasks

export async function insertTask(db: Db, task: { userId: number; filename: string; fileSize: number; estimatedFlightCount: number }): Promise<number> {
  const row = await db
    .insertInto('uploadTasks')
    .values({ ...task, uploadDate: nowIso(), status: 'Processing', errorMessage: null, processedFlightCount: 0, duplicateFlightCount: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setTaskDuplicates(db: Db, taskId: number, duplicateFlightCount: number): Promise<void> {
  await db.updateTable('uploadTasks').set({ duplicateFlightCount }).where('id', '=', taskId).execute();
}

export async function setTaskOutcome(db: Db, taskId: number, outcome: { status: string; errorMessage: string | null; processedFlightCount: number }): Promise<void> {
  await db.updateTable('uploadTasks').set(outcome).where('id', '=', taskId).execute();
}

/** The pilot's latest upload tasks, newest first. */
export function tasksOf(db: Db, userId: number, limit: number) {
  return db.selectFrom('uploadTasks').selectAll().where('userId', '=', userId).orderBy('uploadDate', 'desc').orderBy('id', 'desc').limit(limit).execute();
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

// Files of an upload

type NewFile = Pick<IgcFile, 'uploadTaskId' | 'userId' | 'originalFilename' | 'fileSize' | 'sha256' | 'status' | 'reason' | 'content'>;

export async function insertFile(db: Db, file: NewFile): Promise<number> {
  const row = await db.insertInto('igcFiles').values({ ...file, attempts: 0, createdAt: nowIso() }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Whether the pilot already has these bytes waiting or analysed. */
export async function hasLiveFile(db: Db, userId: number, sha256: string): Promise<boolean> {
  const row = await db.selectFrom('igcFiles').select('id').where('userId', '=', userId).where('sha256', '=', sha256).where('status', 'in', ['Pending', 'Processing', 'Completed']).executeTakeFirst();
  return !!row;
}

export function findFile(db: Db, igcFileId: number): Promise<IgcFile | undefined> {
  return db.selectFrom('igcFiles').selectAll().where('id', '=', igcFileId).executeTakeFirst();
}

export async function setFileStatus(db: Db, igcFileId: number, status: string, reason: string | null): Promise<void> {
  await db.updateTable('igcFiles').set({ status, reason }).where('id', '=', igcFileId).execute();
}

/** A run of the file's analysis begins: counted on the file, so the bound holds across process deaths. */
export async function startFileRun(db: Db, igcFileId: number, attempts: number): Promise<void> {
  await db.updateTable('igcFiles').set({ status: 'Processing', attempts }).where('id', '=', igcFileId).execute();
}

/** Stored files still waiting for analysis. */
export async function waitingFileIds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('igcFiles').select('id').where('status', 'in', ['Pending', 'Processing']).where('content', 'is not', null).execute();
  return rows.map((r) => r.id);
}

export function filesOfTask(db: Db, taskId: number) {
  return db.selectFrom('igcFiles').select(['id', 'status']).where('uploadTaskId', '=', taskId).execute();
}

export function filesOfTasks(db: Db, taskIds: number[]) {
  return db.selectFrom('igcFiles').select(['id', 'uploadTaskId', 'originalFilename', 'fileSize', 'status', 'reason']).where('uploadTaskId', 'in', taskIds).orderBy('id').execute();
}

// Flights of a file

/** The stored local date of a flight and the year and month lists and statistics group by. */
export const localDateColumns = (localDate: string) => ({ localDate, localYear: Number(localDate.slice(0, 4)), localMonth: Number(localDate.slice(5, 7)) });

/** A flight read from a small upload, listed as Pending until its analysis is stored. */
export async function insertPendingFlight(db: Db, f: SegmentSummary & { userId: number; igcFileId: number; gliderType: string | null }): Promise<void> {
  await db
    .insertInto('flights')
    .values({
      userId: f.userId,
      igcFileId: f.igcFileId,
      segmentIndex: f.segmentIndex,
      status: 'Pending',
      startTime: f.startTime,
      endTime: f.endTime,
      timeZone: f.timeZone,
      ...localDateColumns(f.localDate),
      gliderType: f.gliderType,
      createdAt: nowIso(),
      visibility: defaultVisibilityOf(f.userId),
    })
    .onConflict((oc) => oc.columns(['igcFileId', 'segmentIndex']).doNothing())
    .execute();
}

export async function setFlightsOfFileStatus(db: Db, igcFileId: number, status: string): Promise<void> {
  await db.updateTable('flights').set({ status }).where('igcFileId', '=', igcFileId).execute();
}

export async function failFlightsOfFile(db: Db, igcFileId: number, errorMessage: string, removalReason: number): Promise<void> {
  await db.updateTable('flights').set({ status: 'Failed', errorMessage, removalReason }).where('igcFileId', '=', igcFileId).execute();
}

/** Inserts a segment's flight, or updates it in place (a re-analysis keeps its id and the pilot's edits). */
export async function upsertAnalysedFlight(db: Db, key: { userId: number; igcFileId: number; segmentIndex: number }, fields: AnalysedFields): Promise<number> {
  const row = await db
    .insertInto('flights')
    .values({ ...key, createdAt: nowIso(), ...fields, visibility: defaultVisibilityOf(key.userId) })
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

/** The file's stored flights as a re-analysis matches them: segment, times, the pilot's window and removal. */
export function storedSegments(db: Db, igcFileId: number) {
  return db
    .selectFrom('flights')
    .select(['id', 'segmentIndex', 'startTime', 'endTime', 'windowTakeoff', 'windowLanding', 'removalReason', 'removalDate'])
    .where('igcFileId', '=', igcFileId)
    .orderBy('segmentIndex')
    .execute();
}
export type StoredSegment = Awaited<ReturnType<typeof storedSegments>>[number];

export function flightsOfFiles(db: Db, igcFileIds: number[]) {
  return db.selectFrom('flights').select(['id', 'igcFileId', 'removalReason', 'removalDate']).where('igcFileId', 'in', igcFileIds).orderBy('segmentIndex').execute();
}

// The history's read side: task summaries without their files, and pages of one task's files

/** How many files each of these tasks holds (strings on PostgreSQL). */
export function fileCountsOfTasks(db: Db, taskIds: number[]) {
  return db.selectFrom('igcFiles').select((eb) => ['uploadTaskId', eb.fn.countAll().as('n')]).where('uploadTaskId', 'in', taskIds).groupBy('uploadTaskId').execute();
}

/** The pilot's task with this id, or undefined (another pilot's task reads as missing). */
export function taskOfPilot(db: Db, userId: number, taskId: number) {
  return db.selectFrom('uploadTasks').select('id').where('id', '=', taskId).where('userId', '=', userId).executeTakeFirst();
}

/** One page of a task's files, in upload order. */
export function filesOfTaskPage(db: Db, taskId: number, offset: number, limit: number) {
  return db.selectFrom('igcFiles').select(['id', 'uploadTaskId', 'originalFilename', 'fileSize', 'status', 'reason']).where('uploadTaskId', '=', taskId).orderBy('id').limit(limit).offset(offset).execute();
}

/** The flights of a set of tasks' files, without listing the files' ids. */
export function flightsOfTasks(db: Db, taskIds: number[]) {
  return db
    .selectFrom('flights')
    .innerJoin('igcFiles', 'igcFiles.id', 'flights.igcFileId')
    .select(['flights.id', 'flights.igcFileId', 'flights.removalReason', 'flights.removalDate'])
    .where('igcFiles.uploadTaskId', 'in', taskIds)
    .orderBy('flights.segmentIndex')
    .execute();
}
