// The face of airspace/: what other areas and the composition root may use (docs/architecture.md,
// "Areas and their faces"). Its other files are private to the area.
export { type AirspaceChecks, airspaceChecks } from './checks';
export { airspaceRoutes } from './routes';
