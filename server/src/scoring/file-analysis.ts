import { promisify } from 'node:util';
import { gunzip as gunzipCb } from 'node:zlib';
import { isScoringRules, type ScoringRules } from '../../../contract/scoring';
import type { Db } from '../db';
import type { AnalysisPool } from '../jobs/analysis-pool';
import type { SegmentWindow, StoredAnalysis, WorkerResult } from '../jobs/analysis-worker';
import { storedSegments } from '../uploads/repository';
import { storeAnalysis } from '../uploads/store-analysis';
import { pilotRules } from './repository';

const gunzip = promisify(gunzipCb);

export interface FileAnalysisDeps {
  db: Db;
  pool: AnalysisPool;
  /** The instance's SCORING_RULES: the league of a pilot who chose none. */
  defaultScoringRules: ScoringRules;
}

/** The league a pilot's flights are scored under. */
export async function leagueOf(deps: Pick<FileAnalysisDeps, 'db' | 'defaultScoringRules'>, userId: number): Promise<ScoringRules> {
  const rules = await pilotRules(deps.db, userId);
  return isScoringRules(rules) ? rules : deps.defaultScoringRules;
}

/** The pilot's takeoff/landing windows stored for a file's flights. */
export async function windowsOf(db: Db, igcFileId: number): Promise<SegmentWindow[]> {
  return (await storedSegments(db, igcFileId)).flatMap((r) =>
    r.windowTakeoff && r.windowLanding ? [{ segmentIndex: r.segmentIndex, takeoffTime: r.windowTakeoff, landingTime: r.windowLanding }] : [],
  );
}

/**
 * Analyses a file as its pilot sees it: under their league and inside their windows (given, or as stored).
 * Every analysis of a stored file goes through here, so corrections survive re-analysis.
 */
export async function analyseForPilot(
  deps: FileAnalysisDeps,
  file: { id: number; userId: number; content: Buffer; originalFilename?: string },
  windows?: SegmentWindow[],
): Promise<{ rules: ScoringRules; result: WorkerResult<StoredAnalysis[]> }> {
  const rules = await leagueOf(deps, file.userId);
  const result = await deps.pool.analyse(await gunzip(file.content), {
    scoringRules: rules,
    // The name gives the date of a file without one, and tells GPX from IGC.
    ...(file.originalFilename ? { filename: file.originalFilename } : {}),
    windows: windows ?? (await windowsOf(deps.db, file.id)),
  });
  return { rules, result };
}

/** Analyses a completed file again for its pilot and stores the result; false when it could not be analysed. */
export async function reanalyseFile(deps: FileAnalysisDeps, file: { id: number; userId: number; content: Buffer; originalFilename?: string }, windows?: SegmentWindow[]): Promise<WorkerResult<StoredAnalysis[]>> {
  const { rules, result } = await analyseForPilot(deps, file, windows);
  if (result.ok) await storeAnalysis(deps.db, file.userId, file.id, result.value, rules);
  return result;
}
