// The face of thermals/: what other areas and the composition root may use (docs/architecture.md,
// "Areas and their faces"). Its other files are private to the area.
export { thermalsRoutes } from './routes';
