// The face of gliders/: what other areas and the composition root may use (docs/architecture.md,
// "Areas and their faces"). Its other files are private to the area.
export { gliderFor } from './link-glider';
export { insertGlider, listGliders } from './repository';
export { glidersRoutes } from './routes';
export { gliderName, ownGlider } from './service';
export { refreshAircraftCategories } from './categories';
