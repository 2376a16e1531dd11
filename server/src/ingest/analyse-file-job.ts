import { REMOVAL_REASONS } from '../../../contract/rules';
import type { AnalysisPool } from './analysis-pool';
import { MAX_ATTEMPTS, type Job } from '../jobs';
import { analyseForPilot } from './analyse-for-pilot';
import type { IngestDeps } from './types';
import * as repo from './repository';
import { settleTask } from './settle-task';
import { storeAnalysis } from './store-analysis';

export const ANALYSE_FILE = 'analyse-file';
/**
 * Runs of one file's analysis in all, however they ended (thrown, or the process died), before it is marked
 * Failed. A restart for any other reason also costs the file in progress a run (on a slow machine the same
 * early file can be mid-analysis at every restart), so the bound leaves room for several unrelated restarts.
 */
export const MAX_FILE_RUNS = MAX_ATTEMPTS + 7;

/** The analysis job: scores every flight of a file and stores the results, exactly once. */
export async function analyseFileJob(deps: IngestDeps, job: Job): Promise<void> {
  const { db } = deps;
  const { igcFileId } = job.payload as { igcFileId: number };
  const file = await repo.findFile(db, igcFileId);
  if (!file || !file.content || file.status === 'Completed' || file.status === 'Failed' || file.status === 'Duplicate') return;
  // Runs are counted on the file itself, so the bound holds across process deaths (a run that killed
  // its process never reaches the catch below), restarts, re-queued orphans and repeated deliveries.
  const runs = file.attempts + 1;
  let result: Awaited<ReturnType<AnalysisPool['analyse']>>;
  let rules = deps.defaultScoringRules;
  if (runs > MAX_FILE_RUNS) {
    result = { ok: false, unreadable: false, message: `The analysis stopped unexpectedly ${file.attempts} times on this file; it was given up.` };
  } else {
    await repo.startFileRun(db, igcFileId, runs);
    await repo.setFlightsOfFileStatus(db, igcFileId, 'Processing');
    try {
      ({ rules, result } = await analyseForPilot(deps, { id: igcFileId, userId: file.userId, content: file.content, originalFilename: file.originalFilename }));
    } catch (err) {
      if (job.attempts < MAX_ATTEMPTS && runs < MAX_FILE_RUNS) throw err;
      result = { ok: false as const, unreadable: false, message: `Analysis failed after ${runs} attempts: ${(err as Error).message}` };
    }
  }
  if (!result.ok) {
    const reason = result.unreadable ? REMOVAL_REASONS.InvalidFile : REMOVAL_REASONS.ProcessingError;
    await db.transaction().execute(async (trx) => {
      await repo.setFileStatus(trx, igcFileId, 'Failed', result.message);
      await repo.failFlightsOfFile(trx, igcFileId, result.message, reason);
    });
  } else {
    await storeAnalysis(db, file.userId, igcFileId, result.value, rules);
  }
  await settleTask(db, file.uploadTaskId);
  await deps.flightsChanged(file.userId);
}
