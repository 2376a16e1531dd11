import { ANALYSE_FILE } from './analyse-file-job';
import type { IngestDeps } from './types';
import { waitingFileIds } from './repository';

/**
 * Files stored by a process that died before queueing their analysis (or whose job was lost):
 * queue them again. Run at start-up; a file already queued or running is left alone.
 */
export async function requeueOrphans(deps: Pick<IngestDeps, 'db' | 'queue'>): Promise<number> {
  const waiting = await waitingFileIds(deps.db);
  if (!waiting.length) return 0;
  const queued = new Set((await deps.queue.pendingPayloads(ANALYSE_FILE)).map((p) => (p as { igcFileId: number }).igcFileId));
  const orphans = waiting.filter((id) => !queued.has(id));
  for (const id of orphans) await deps.queue.enqueue(ANALYSE_FILE, { igcFileId: id });
  return orphans.length;
}
