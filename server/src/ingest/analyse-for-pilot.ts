import { promisify } from 'node:util';
import { gunzip as gunzipCb } from 'node:zlib';
import { isScoringRules, type ScoringRules } from '../../../contract/scoring';
import type { Db } from '../db';
import { afterAnalysis } from './post-analysis';
import { pilotRules, storedSegments } from './repository';
import { storeAnalysis } from './store-analysis';
import type { FileAnalysisDeps, SegmentWindow, StoredAnalysis, StoredFile, WorkerResult } from './types';

const gunzip = promisify(gunzipCb);

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
 * Analyses a file as its pilot sees it: under their league and inside their windows (given, or as stored),
 * then the post-analysis steps (post-analysis.ts). Every analysis of a stored file goes through here, so
 * corrections survive re-analysis and every step runs on every path.
 */
export async function analyseForPilot(deps: FileAnalysisDeps, file: StoredFile, windows?: SegmentWindow[], scoringWork?: number): Promise<{ rules: ScoringRules; result: WorkerResult<StoredAnalysis[]> }> {
  const rules = await leagueOf(deps, file.userId);
  const result = await deps.pool.analyse(await gunzip(file.content), {
    scoringRules: rules,
    // The name gives the date of a file without one, and tells GPX from IGC.
    ...(file.originalFilename ? { filename: file.originalFilename } : {}),
    windows: windows ?? (await windowsOf(deps.db, file.id)),
    ...(scoringWork !== undefined ? { scoringWork } : {}),
  });
  if (!result.ok) return { rules, result };
  const flights = await afterAnalysis(result.value, { db: deps.db, userId: file.userId, igcFileId: file.id, scoringRules: rules });
  return { rules, result: { ok: true, value: flights } };
}

/** Analyses a completed file again for its pilot and stores the result; false when it could not be analysed. */
export async function reanalyseFile(deps: FileAnalysisDeps, file: StoredFile, windows?: SegmentWindow[], scoringWork?: number): Promise<WorkerResult<StoredAnalysis[]>> {
  const { rules, result } = await analyseForPilot(deps, file, windows, scoringWork);
  if (result.ok) await storeAnalysis(deps.db, file.userId, file.id, result.value, rules);
  return result;
}
