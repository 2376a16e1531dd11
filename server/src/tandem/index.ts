// The face of tandem/: what other areas and the composition root may use (docs/architecture.md,
// "Areas and their faces"). Its other files are private to the area.
export { tandemRoutes } from './routes';
