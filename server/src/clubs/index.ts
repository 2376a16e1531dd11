// The face of clubs/: what other areas and the composition root may use (docs/architecture.md,
// "Areas and their faces"). Its other files are private to the area.
export { clubsRoutes } from './routes';
