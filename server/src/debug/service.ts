import { gunzipSync } from 'node:zlib';
import type { ReasonChange } from '../../../contract/debug';
import { REASON } from '../analysis/validation';
import type { Db } from '../db';
import { touchPilot } from '../http/read-cache';
import type { AnalysisPool } from '../jobs/analysis-pool';
import type { JobQueue } from '../jobs/queue';
import { ANALYSE_FILE, crossFileReason } from '../uploads/ingest';

/** Reasons validation may set or clear; a pilot's own choices (User Requested, Other...) are left alone. */
const AUTOMATIC = new Set<number>([REASON.duplicate, REASON.shortFlight, REASON.noFlight, REASON.gondola, REASON.car, REASON.insufficientHeight, REASON.similar]);

/** Re-runs validation on the stored original files of the given flights and applies changed reasons. */
export async function revalidate(db: Db, pool: AnalysisPool, flightIds: number[] | 'all'): Promise<{ processedCount: number; changes: ReasonChange[] }> {
  let q = db.selectFrom('flights').select(['id', 'userId', 'igcFileId', 'segmentIndex', 'removalReason']).where('status', '=', 'Completed');
  if (flightIds !== 'all') q = q.where('id', 'in', flightIds.length ? flightIds : [-1]);
  const flights = await q.orderBy('igcFileId').execute();
  const changes: ReasonChange[] = [];
  const byFile = new Map<number, typeof flights>();
  for (const f of flights) byFile.set(f.igcFileId, [...(byFile.get(f.igcFileId) ?? []), f]);
  for (const [igcFileId, group] of byFile) {
    const file = await db.selectFrom('igcFiles').select('content').where('id', '=', igcFileId).executeTakeFirst();
    if (!file?.content) continue;
    const result = await pool.analyse(gunzipSync(file.content));
    if (!result.ok) continue;
    for (const f of group) {
      const analysis = result.value.find((a) => a.segmentIndex === f.segmentIndex);
      if (!analysis) continue;
      const current = f.removalReason ?? 0;
      if (current !== 0 && !AUTOMATIC.has(current)) continue;
      const next = analysis.removalReason || (await crossFileReason(db, f.userId, igcFileId, analysis));
      if (next === current) continue;
      await db.updateTable('flights').set({ removalReason: next || null }).where('id', '=', f.id).execute();
      await touchPilot(db, f.userId);
      changes.push({ flightId: f.id, oldRemovalReason: f.removalReason, newRemovalReason: next || null });
    }
  }
  return { processedCount: flights.length, changes };
}

/** Sends the files of these flights back through analysis. */
export async function requeue(db: Db, queue: JobQueue, flightIds: number[]) {
  if (!flightIds.length) return;
  const files = await db.selectFrom('flights').select('igcFileId').distinct().where('id', 'in', flightIds).execute();
  const fileIds = files.map((f) => f.igcFileId);
  await db.updateTable('flights').set({ status: 'Pending' }).where('id', 'in', flightIds).execute();
  const pilots = await db.selectFrom('flights').select('userId').distinct().where('id', 'in', flightIds).execute();
  for (const p of pilots) await touchPilot(db, p.userId);
  await db.updateTable('igcFiles').set({ status: 'Pending', attempts: 0 }).where('id', 'in', fileIds).where('content', 'is not', null).execute();
  for (const id of fileIds) await queue.enqueue(ANALYSE_FILE, { igcFileId: id });
}
