import { isRemoved } from '../../../contract/rules';
import type { UploadTask } from '../../../contract/uploads';
import type { Db } from '../db';
import type { IngestDeps } from './ingest-deps';
import { filesOfTasks, flightsOfFiles, tasksOf } from './repository';
import type { UploadSpool } from './spool';
import { storeUpload, type UploadedFile } from './store-upload';

/** How many of the latest upload tasks the task list shows. */
const TASK_LIST_LIMIT = 200;

/** The pilot's latest uploads, each with its files and each file's flights (SPEC §4 upload tasks). */
export async function uploadTaskTree(db: Db, userId: number): Promise<UploadTask[]> {
  const tasks = await tasksOf(db, userId, TASK_LIST_LIMIT);
  if (!tasks.length) return [];
  const files = await filesOfTasks(db, tasks.map((t) => t.id));
  const flights = files.length ? await flightsOfFiles(db, files.map((f) => f.id)) : [];
  return tasks.map((task) => ({
    ...task,
    fileCount: files.filter((f) => f.uploadTaskId === task.id).length,
    igcFiles: files
      .filter((f) => f.uploadTaskId === task.id)
      .map((f) => ({
        ...f,
        flightDetails: flights.filter((fl) => fl.igcFileId === f.id).map((fl) => ({ id: fl.id, isRemoved: isRemoved(fl), removalReason: fl.removalReason })),
      })),
  }));
}

/** Uploads and their task list, as the routes call them. */
export function uploadsService({ database: { db }, ingest }: { database: { db: Db }; ingest: IngestDeps }) {
  return {
    store: (userId: number, label: string, totalSize: number, files: UploadedFile[], spool: UploadSpool) => storeUpload(ingest, userId, label, totalSize, files, spool),
    tasks: (userId: number) => uploadTaskTree(db, userId),
  };
}
