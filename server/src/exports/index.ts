// The face of exports/: what other areas and the composition root may use (docs/architecture.md,
// "Areas and their faces"). Its other files are private to the area.
export { escapeCell, unescapeCell } from './csv';
export { xmlText } from './gpx';
export { exportsRoutes } from './routes';
export { flightFileBase, trackFile } from './service';
