// The face of scoring/: what other areas and the composition root may use (docs/architecture.md,
// "Areas and their faces"). Its other files are private to the area.
export { BACKFILL_PHASES, backfillPhasesJob, enqueuePhasesBackfill, RESCORE_PILOT, rescorePilotJob } from './jobs';
export { scoringRoutes } from './routes';
export { enqueuePendingProofs, enqueueScoreProofs, PROVE_SCORES, proveScoresJob } from './proof-job';
