import type { ScoringRules } from '../../../contract/scoring';
import type { Db } from '../db';
import type { StoredAnalysis } from './types';

/** What a step after the analysis knows besides the flights: the database, and whose file it is. */
export interface PostAnalysisContext {
  db: Db;
  userId: number;
  igcFileId: number;
  scoringRules: ScoringRules;
}

/**
 * A step between the analysis and the store: it takes a file's analysed flights and answers them,
 * changed or not (a removal reason, a figure the analysis thread could not compute without the
 * database). It runs on the event loop, on every analysis of a stored file (upload, re-score,
 * correction, debug), before the one transaction that stores the flights; a step that throws fails
 * the run like an analysis that threw (the job retries, then marks the file Failed).
 */
export type PostAnalysisStep = (flights: StoredAnalysis[], context: PostAnalysisContext) => Promise<StoredAnalysis[]>;

/**
 * The steps after analysis and before store, in the order they run. Add a step here (one line, its
 * module beside this one); docs/ingestion.md lists them.
 */
export const POST_ANALYSIS_STEPS: readonly PostAnalysisStep[] = [];

/** Runs every post-analysis step over a file's flights, in order. */
export async function afterAnalysis(flights: StoredAnalysis[], context: PostAnalysisContext, steps: readonly PostAnalysisStep[] = POST_ANALYSIS_STEPS): Promise<StoredAnalysis[]> {
  let current = flights;
  for (const step of steps) current = await step(current, context);
  return current;
}
