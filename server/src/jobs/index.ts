// The face of jobs/: what other areas and the composition root may use (docs/architecture.md,
// "Areas and their faces"). Its other files are private to the area.
export { createJobQueue } from './create-queue';
export { type Job, type JobQueue, MAX_ATTEMPTS } from './queue';
export { sharedTownsIndex } from './towns-file';
