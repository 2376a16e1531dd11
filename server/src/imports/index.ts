// The face of imports/: what other areas and the composition root may use (docs/architecture.md,
// "Areas and their faces"). Its other files are private to the area.
export { importsRoutes } from './routes';
export { logbookImporter, type LogbookImport, type LogbookImporter } from './service';
export type { LogflyTrack } from './logfly-db';
