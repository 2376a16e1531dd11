// The face of photos/: what other areas and the composition root may use (docs/architecture.md,
// "Areas and their faces"). Its other files are private to the area.
export { flightPhotoRows, photoBytes, type PhotoRow } from './repository';
export { photosRoutes } from './routes';
