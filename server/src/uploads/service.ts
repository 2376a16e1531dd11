import { isRemoved } from '../../../contract/rules';
import { FAILED_NAMES_PER_REASON, type FailedFilesGroup, type TaskFilesPage, type UploadTask, type UploadTaskFile } from '../../../contract/uploads';
import { toNumber, type Db } from '../db';
import { notFound } from '../http';
import type { IngestDeps } from '../ingest';
import { importLogbooks, type LogbookImporter } from './logbooks';
import { failureReasonsOfTasks, fileCountsOfTasks, fileStatusCountsOfTasks, filesOfTaskPage, firstFailedNamesOfTasks, filesOfTasks, flightsOfFiles, flightsOfTasks, taskOfPilot, tasksOf } from './repository';
import { ledgerCountsByTask, ledgerCsv, taskLedger } from './ledger';
import type { UploadSpool } from './spool';
import { storeUpload, type UploadedFile } from './store-upload';

/** How many of the latest upload tasks the task list shows. */
const TASK_LIST_LIMIT = 200;

type FileRow = Omit<UploadTaskFile, 'flightDetails'> & { uploadTaskId: number };
type FlightRow = { id: number; igcFileId: number | null; removalReason: number | null; removalDate: string | null };

/** Files with their flights (docs/product.md §4: each file lists its flights, removed or not). */
function filesWithFlights(files: FileRow[], flights: FlightRow[]): (UploadTaskFile & { uploadTaskId: number })[] {
  const byFile = new Map<number, UploadTaskFile['flightDetails']>();
  for (const fl of flights) {
    if (fl.igcFileId === null) continue;
    const list = byFile.get(fl.igcFileId) ?? [];
    list.push({ id: fl.id, isRemoved: isRemoved(fl), removalReason: fl.removalReason });
    byFile.set(fl.igcFileId, list);
  }
  return files.map((f) => ({ ...f, flightDetails: byFile.get(f.id) ?? [] }));
}

/** A file whose analysis has not ended yet. */
const WAITING_STATUSES = new Set(['Pending', 'Processing']);

type FileCounts = { fileCount: number; filesDone: number; failedFileCount: number; failures: FailedFilesGroup[] };

/**
 * Per task: its files, those done, those failed and why (grouped by reason, the first few names each),
 * from grouped queries, so an archive of thousands of files costs no more than one of ten.
 */
async function fileCountsByTask(db: Db, taskIds: number[]): Promise<Map<number, FileCounts>> {
  const byTask = new Map<number, FileCounts>(taskIds.map((id) => [id, { fileCount: 0, filesDone: 0, failedFileCount: 0, failures: [] }]));
  for (const row of await fileStatusCountsOfTasks(db, taskIds)) {
    const counts = byTask.get(row.uploadTaskId)!;
    const n = toNumber(row.n);
    counts.fileCount += n;
    if (!WAITING_STATUSES.has(row.status)) counts.filesDone += n;
    if (row.status === 'Failed') counts.failedFileCount += n;
  }
  const failing = taskIds.filter((id) => byTask.get(id)!.failedFileCount > 0);
  if (!failing.length) return byTask;
  const key = (taskId: number, reason: string | null) => `${taskId}\u0000${reason ?? ''}`;
  const names = new Map<string, string[]>();
  for (const row of await firstFailedNamesOfTasks(db, failing, FAILED_NAMES_PER_REASON)) {
    const k = key(row.uploadTaskId, row.reason);
    names.set(k, [...(names.get(k) ?? []), row.originalFilename]);
  }
  for (const row of await failureReasonsOfTasks(db, failing)) {
    byTask.get(row.uploadTaskId)!.failures.push({ reason: row.reason, count: toNumber(row.n), firstFiles: names.get(key(row.uploadTaskId, row.reason)) ?? [] });
  }
  for (const counts of byTask.values()) counts.failures.sort((a, b) => b.count - a.count || (a.reason ?? '').localeCompare(b.reason ?? ''));
  return byTask;
}

/**
 * The pilot's latest uploads, each with its files and each file's flights (docs/product.md §4 upload tasks);
 * without the files (igcFiles []) when `withFiles` is false, for the history page that loads them on demand.
 */
export async function uploadTaskTree(db: Db, userId: number, withFiles = true): Promise<UploadTask[]> {
  const tasks = await tasksOf(db, userId, TASK_LIST_LIMIT);
  if (!tasks.length) return [];
  const taskIds = tasks.map((t) => t.id);
  const counts = await fileCountsByTask(db, taskIds);
  const ledgers = await ledgerCountsByTask(db, taskIds);
  const files = withFiles ? filesWithFlights(await filesOfTasks(db, taskIds), await flightsOfTasks(db, taskIds)) : [];
  const filesByTask = new Map<number, UploadTaskFile[]>();
  for (const { uploadTaskId, ...f } of files) {
    const list = filesByTask.get(uploadTaskId) ?? [];
    list.push(f);
    filesByTask.set(uploadTaskId, list);
  }
  return tasks.map((task) => ({ ...task, ...counts.get(task.id)!, ledger: ledgers.get(task.id)!, igcFiles: filesByTask.get(task.id) ?? [] }));
}

/** One page of a task's files with their flights; another pilot's task is not found. */
export async function taskFilesPage(db: Db, userId: number, taskId: number, { offset, limit }: { offset: number; limit: number }): Promise<TaskFilesPage> {
  if (!(await taskOfPilot(db, userId, taskId))) throw notFound('Upload task not found.');
  const [count] = await fileCountsOfTasks(db, [taskId]);
  const page = await filesOfTaskPage(db, taskId, offset, limit);
  const flights = page.length ? await flightsOfFiles(db, page.map((f) => f.id)) : [];
  return { total: toNumber(count?.n ?? 0), offset, files: filesWithFlights(page, flights).map(({ uploadTaskId: _task, ...f }) => f) };
}

/** Uploads and their task list, as the routes call them. */
export function uploadsService({ database: { db }, ingest, importLogbook }: { database: { db: Db }; ingest: IngestDeps; importLogbook: LogbookImporter }) {
  return {
    /** Stores an upload: its logbooks are imported first (docs/import.md), then its tracks are stored and queued. */
    store: async (userId: number, label: string, totalSize: number, files: UploadedFile[], spool: UploadSpool) =>
      storeUpload(ingest, userId, label, totalSize, await importLogbooks(importLogbook, userId, files, spool), spool),
    tasks: (userId: number, withFiles: boolean) => uploadTaskTree(db, userId, withFiles),
    taskFiles: (userId: number, taskId: number, page: { offset: number; limit: number }) => taskFilesPage(db, userId, taskId, page),
    /** The task's ledger as CSV: every received file and what became of it. */
    ledgerCsv: async (userId: number, taskId: number) => ledgerCsv(await taskLedger(db, userId, taskId)),
  };
}
