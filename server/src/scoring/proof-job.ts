import { PROOF_WORK } from '../analysis';
import type { Db } from '../db';
import { ANALYSE_FILE, analyseForPilot, findFile, lockPilot } from '../ingest';
import type { Job, JobQueue } from '../jobs';
import { enqueueForPilot, type ScoringJobDeps } from './jobs';
import * as repo from './repository';

/**
 * The background proof (docs/scoring.md, "The background proof"): a score the optimizer answered
 * within its work budget without proving it (`optimal: false`) is scored again later, with a
 * larger budget, and stored if the flight is still the one analysed then.
 */
export const PROVE_SCORES = 'prove-scores';
/** How long a proof waits before it looks again when uploads are being analysed (it has the lowest priority). */
export const PROOF_YIELD_MS = 2000;

/** After a pilot's flights changed: a proof job for them when a score is open and not yet tried. */
export async function enqueueScoreProofs(db: Db, queue: JobQueue | undefined, userId: number): Promise<void> {
  if (queue && (await repo.flightToProve(db, userId))) await enqueueForPilot(queue, PROVE_SCORES, userId);
}

/** At start-up: pilots with an open score not yet tried (a proof lost with its process, or scored before 027 was run). */
export async function enqueuePendingProofs(deps: Pick<ScoringJobDeps, 'db' | 'queue'>): Promise<number> {
  const pilots = await repo.pilotsWithOpenScores(deps.db);
  for (const userId of pilots) await enqueueForPilot(deps.queue, PROVE_SCORES, userId);
  return pilots.length;
}

/**
 * One flight's proof per run. Uploads come first: while a file waits for its analysis the job
 * waits and enqueues itself again. The new score is stored only on the rows of the same analysis
 * (same file, segment, league and track fingerprint, not yet proven): a flight deleted or analysed
 * again meanwhile is left as it is, and each analysis is tried once (xc_proof_run), so the job
 * ends.
 */
export async function proveScoresJob(deps: ScoringJobDeps, job: Job): Promise<void> {
  const { userId } = job.payload as { userId: number };
  if ((await deps.queue.pendingPayloads(ANALYSE_FILE)).length) {
    await new Promise((resolve) => setTimeout(resolve, PROOF_YIELD_MS));
    await enqueueForPilot(deps.queue, PROVE_SCORES, userId);
    return;
  }
  const open = await repo.flightToProve(deps.db, userId);
  if (!open) return;
  const file = await findFile(deps.db, open.igcFileId);
  let changed = false;
  if (file?.content) {
    const { rules, result } = await analyseForPilot(deps, { id: file.id, userId: file.userId, content: file.content, originalFilename: file.originalFilename }, undefined, PROOF_WORK);
    if (result.ok) {
      await deps.db.transaction().execute(async (trx) => {
        await lockPilot(trx, userId);
        for (const a of result.value) if (await repo.storeProvenScore(trx, { userId, igcFileId: file.id, scoringRules: rules }, a)) changed = true;
      });
    }
  }
  // tried, whatever came of it: the same analysis is not proven again
  await repo.markProofRun(deps.db, open);
  if (changed) await deps.flightsChanged(userId);
  // flightsChanged above may have queued the next proof already: one pending proof per pilot.
  if (await repo.flightToProve(deps.db, userId)) await enqueueForPilot(deps.queue, PROVE_SCORES, userId);
}
