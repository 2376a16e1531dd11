import type { FlightsChanged } from '../flights';
import type { Job, JobQueue } from '../jobs';
import { leagueOf, reanalyseFile } from '../ingest';
import { findFile } from '../ingest';
import type { FileAnalysisDeps } from '../ingest';
import * as repo from './repository';

/** Re-scores a pilot's files under their league, a batch per run. */
export const RESCORE_PILOT = 'rescore-pilot';
/** Gives the phases to flights analysed before they existed, a batch per run. */
export const BACKFILL_PHASES = 'backfill-phases';
/** Files per run: small, so uploads and other pilots' jobs interleave. */
export const BATCH_FILES = 10;

export type ScoringJobDeps = FileAnalysisDeps & { queue: JobQueue; flightsChanged: FlightsChanged };

/** Enqueues a pilot's job unless one is already waiting or running. */
export async function enqueueForPilot(queue: JobQueue, name: string, userId: number): Promise<void> {
  const pending = (await queue.pendingPayloads(name)) as { userId: number }[];
  if (!pending.some((p) => p.userId === userId)) await queue.enqueue(name, { userId });
}

async function reanalyseBatch(deps: ScoringJobDeps, fileIds: number[], onFailure: (fileId: number) => Promise<void>): Promise<void> {
  for (const id of fileIds) {
    const file = await findFile(deps.db, id);
    if (!file?.content) continue;
    const result = await reanalyseFile(deps, { id, userId: file.userId, content: file.content, originalFilename: file.originalFilename });
    if (!result.ok) await onFailure(id);
  }
}

/** One batch of a pilot's re-scoring; lists, statistics and achievements follow after each batch. */
export async function rescorePilotJob(deps: ScoringJobDeps, job: Job): Promise<void> {
  const { userId } = job.payload as { userId: number };
  const rules = await leagueOf(deps, userId);
  const files = await repo.filesToRescore(deps.db, userId, rules, deps.defaultScoringRules, BATCH_FILES);
  if (!files.length) return;
  // A file that cannot be analysed any more keeps its figures; it is counted as done so the progress ends.
  await reanalyseBatch(deps, files, (id) => repo.stampRules(deps.db, id, rules));
  await deps.flightsChanged(userId);
  await deps.queue.enqueue(RESCORE_PILOT, { userId });
}

/** One batch of the phases back-fill; stops when a batch gave no flight its phases (nothing to gain). */
export async function backfillPhasesJob(deps: ScoringJobDeps, job: Job): Promise<void> {
  const { userId } = job.payload as { userId: number };
  const files = await repo.filesWithoutPhases(deps.db, userId, BATCH_FILES);
  if (!files.length) return;
  await reanalyseBatch(deps, files, async () => {});
  await deps.flightsChanged(userId);
  const left = await repo.filesWithoutPhases(deps.db, userId, BATCH_FILES);
  if (left.length && left.join() !== files.join()) await deps.queue.enqueue(BACKFILL_PHASES, { userId });
}

/** At start-up: every pilot with flights stored before phases existed gets a back-fill job. */
export async function enqueuePhasesBackfill(deps: Pick<ScoringJobDeps, 'db' | 'queue'>): Promise<number> {
  const pilots = await repo.pilotsWithoutPhases(deps.db);
  for (const userId of pilots) await enqueueForPilot(deps.queue, BACKFILL_PHASES, userId);
  return pilots.length;
}
