import type { SegmentSummary } from '../analysis';
import { nowIso, type Db, type IgcFile } from '../db';
import { localDateColumns, MERGED_REASON_STARTS } from '../ingest';
import { defaultVisibilityFor } from '../privacy';

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

/** The pilot's latest upload tasks, newest first. */
export function tasksOf(db: Db, userId: number, limit: number) {
  return db.selectFrom('uploadTasks').selectAll().where('userId', '=', userId).orderBy('uploadDate', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

// Files of an upload

type NewFile = Pick<IgcFile, 'uploadTaskId' | 'userId' | 'originalFilename' | 'fileSize' | 'sha256' | 'status' | 'reason' | 'content'> & { logbookCopy?: number };

export async function insertFile(db: Db, file: NewFile): Promise<number> {
  const row = await db.insertInto('igcFiles').values({ ...file, attempts: 0, createdAt: nowIso() }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Whether the pilot already has these bytes waiting or analysed. */
export async function hasLiveFile(db: Db, userId: number, sha256: string): Promise<boolean> {
  const row = await db.selectFrom('igcFiles').select('id').where('userId', '=', userId).where('sha256', '=', sha256).where('status', 'in', ['Pending', 'Processing', 'Completed']).executeTakeFirst();
  return !!row;
}

export function filesOfTasks(db: Db, taskIds: number[]) {
  return db.selectFrom('igcFiles').select(['id', 'uploadTaskId', 'originalFilename', 'fileSize', 'status', 'reason', 'sameFlightId']).where('uploadTaskId', 'in', taskIds).orderBy('id').execute();
}

// Flights of a file

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
      ...defaultVisibilityFor(f.userId),
    })
    .onConflict((oc) => oc.columns(['igcFileId', 'segmentIndex']).doNothing())
    .execute();
}

export function flightsOfFiles(db: Db, igcFileIds: number[]) {
  return db.selectFrom('flights').select(['id', 'igcFileId', 'removalReason', 'removalDate']).where('igcFileId', 'in', igcFileIds).orderBy('segmentIndex').execute();
}

// The history's read side: task summaries without their files, and pages of one task's files

/** How many files each of these tasks holds (strings on PostgreSQL). */
export function fileCountsOfTasks(db: Db, taskIds: number[]) {
  return db.selectFrom('igcFiles').select((eb) => ['uploadTaskId', eb.fn.countAll().as('n')]).where('uploadTaskId', 'in', taskIds).groupBy('uploadTaskId').execute();
}

/** How many files of each of these tasks are in each status (counts are strings on PostgreSQL). */
export function fileStatusCountsOfTasks(db: Db, taskIds: number[]) {
  return db.selectFrom('igcFiles').select((eb) => ['uploadTaskId', 'status', eb.fn.countAll().as('n')]).where('uploadTaskId', 'in', taskIds).groupBy(['uploadTaskId', 'status']).execute();
}

/** The failed files of these tasks grouped by reason, with how many share it. */
export function failureReasonsOfTasks(db: Db, taskIds: number[]) {
  return db
    .selectFrom('igcFiles')
    .select((eb) => ['uploadTaskId', 'reason', eb.fn.countAll().as('n')])
    .where('uploadTaskId', 'in', taskIds)
    .where('status', '=', 'Failed')
    .groupBy(['uploadTaskId', 'reason'])
    .execute();
}

/** The names of the first `perReason` failed files of each task and reason, in upload order (one query, a window). */
export function firstFailedNamesOfTasks(db: Db, taskIds: number[], perReason: number) {
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom('igcFiles')
        .select((w) => ['id', 'uploadTaskId', 'reason', 'originalFilename', w.fn.agg<number>('row_number').over((o) => o.partitionBy(['uploadTaskId', 'reason']).orderBy('id')).as('rank')])
        .where('uploadTaskId', 'in', taskIds)
        .where('status', '=', 'Failed')
        .as('failed'),
    )
    .select(['uploadTaskId', 'reason', 'originalFilename'])
    .where('rank', '<=', perReason)
    .orderBy('id')
    .execute();
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

// The ledger: what became of every file

/** How many files of each task are in each status; Ignored split into skipped (could not be read) and not a track. */
export function ledgerStatusCountsOfTasks(db: Db, taskIds: number[]) {
  return db
    .selectFrom('igcFiles')
    .select((eb) => [
      'uploadTaskId',
      'status',
      eb.fn.countAll().as('n'),
      eb.case().when('reason', 'like', 'Skipped:%').then(1).else(0).end().as('skipped'),
      eb
        .case()
        .when(eb.or(MERGED_REASON_STARTS.map((start) => eb('reason', 'like', `${start}%`))))
        .then(1)
        .else(0)
        .end()
        .as('merged'),
    ])
    .where('uploadTaskId', 'in', taskIds)
    .groupBy(['uploadTaskId', 'status', 'skipped', 'merged'])
    .execute();
}

/** Per task, the analysed files none of whose flights flew (every flight flagged with one of `reasons`, or none at all), merged files (MERGED_REASON_STARTS) aside. */
export function notFlightCountsOfTasks(db: Db, taskIds: number[], reasons: readonly number[]) {
  return db
    .selectFrom('igcFiles as f')
    .select((eb) => ['f.uploadTaskId', eb.fn.countAll().as('n')])
    .where('f.uploadTaskId', 'in', taskIds)
    .where('f.status', '=', 'Completed')
    .where((eb) => eb.or([eb('f.reason', 'is', null), eb.and(MERGED_REASON_STARTS.map((start) => eb('f.reason', 'not like', `${start}%`)))]))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('flights')
            .select('flights.id')
            .whereRef('flights.igcFileId', '=', 'f.id')
            .where((w) => w.or([w('flights.removalReason', 'is', null), w('flights.removalReason', 'not in', [...reasons])])),
        ),
      ),
    )
    .groupBy('f.uploadTaskId')
    .execute();
}

/** For files stored as Duplicate, the first flight of the pilot's live file with the same bytes. */
export async function originalFlightsOfDuplicates(db: Db, userId: number, fileIds: number[]) {
  return db
    .selectFrom('igcFiles as d')
    .innerJoin('igcFiles as o', (j) => j.onRef('o.sha256', '=', 'd.sha256').onRef('o.userId', '=', 'd.userId'))
    .innerJoin('flights', 'flights.igcFileId', 'o.id')
    .select(['d.id as duplicateId', (eb) => eb.fn.min('flights.id').as('flightId')])
    .where('d.id', 'in', fileIds)
    .where('d.userId', '=', userId)
    .where('o.status', 'in', ['Pending', 'Processing', 'Completed'])
    .groupBy('d.id')
    .execute();
}
