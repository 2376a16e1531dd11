// The face of ingest/: what other areas and the composition root may use (docs/architecture.md,
// "Areas and their faces"). Its other files are private to the area.
export { ANALYSE_FILE, analyseFileJob } from './analyse-file-job';
export { analyseForPilot, leagueOf, reanalyseFile, windowsOf } from './analyse-for-pilot';
export { AnalysisPool, jobsInFlight } from './analysis-pool';
export { crossFileReason } from './cross-file-reason';
export { lockPilot } from './pilot-lock';
export { findFile, localDateColumns, setFileStatus, storedSegments } from './repository';
export { requeueOrphans } from './requeue-orphans';
export { settleTask } from './settle-task';
export { type FileAnalysisDeps, type IngestDeps, type SegmentWindow } from './types';
export { JOIN, MERGED_REASON_STARTS } from './join-logbook';
