// The face of logbook/: what other areas and the composition root may use (docs/architecture.md,
// "Areas and their faces"). Its other files are private to the area.
export { logbookRoutes } from './routes';
export { type ManualBody, manualFlightRow, type PlacedSite } from './service';
