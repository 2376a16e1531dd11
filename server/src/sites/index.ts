// The face of sites/: what other areas and the composition root may use (docs/architecture.md,
// "Areas and their faces"). Its other files are private to the area.
export { insertNamedSite, listSites } from './repository';
export { sitesRoutes } from './routes';
export { ownSite } from './service';
