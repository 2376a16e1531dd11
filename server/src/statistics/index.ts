// The face of statistics/: what other areas and the composition root may use (docs/architecture.md,
// "Areas and their faces"). Its other files are private to the area.
export { statisticsRoutes } from './routes';
export { overallStatistics, yearlySummary } from './service';
