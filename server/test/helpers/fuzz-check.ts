import type { Db } from '../../src/db';

const FINAL = new Set(['Completed', 'Failed', 'Ignored', 'Duplicate']);

/**
 * What became of a pilot's uploads: every stored file in a final state, each one not analysed with a
 * reason, every task settled (a failed one with its message), every flight of a completed file final.
 */
export async function checkUploadOutcomes(db: Db, userId: number) {
  const files = await db.selectFrom('igcFiles').select(['id', 'originalFilename', 'status', 'reason']).where('userId', '=', userId).execute();
  const tasks = await db.selectFrom('uploadTasks').select(['id', 'status', 'errorMessage']).where('userId', '=', userId).execute();
  const flights = await db.selectFrom('flights').select(['id', 'igcFileId', 'status']).where('userId', '=', userId).execute();
  const problems: string[] = [];
  const byStatus: Record<string, number> = {};
  for (const f of files) {
    byStatus[f.status] = (byStatus[f.status] ?? 0) + 1;
    if (!FINAL.has(f.status)) problems.push(`file ${f.id} ${f.originalFilename} left ${f.status}`);
    else if (f.status !== 'Completed' && !f.reason?.trim()) problems.push(`file ${f.id} ${f.originalFilename} ${f.status} without a reason`);
  }
  for (const t of tasks) {
    if (t.status === 'Processing') problems.push(`task ${t.id} left Processing`);
    if (t.status === 'Failed' && !t.errorMessage?.trim()) problems.push(`task ${t.id} Failed without a message`);
  }
  const completed = new Set(files.filter((f) => f.status === 'Completed').map((f) => f.id));
  for (const fl of flights) if (fl.igcFileId !== null && completed.has(fl.igcFileId) && fl.status !== 'Completed') problems.push(`flight ${fl.id} of a completed file left ${fl.status}`);
  return { files: files.length, tasks: tasks.length, flights: flights.length, byStatus, problems };
}
