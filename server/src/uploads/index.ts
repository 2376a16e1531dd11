// The face of uploads/: what other areas and the composition root may use (docs/architecture.md,
// "Areas and their faces"). Its other files are private to the area.
export { uploadsRoutes } from './routes';
export { storeUpload } from './store-upload';
export { isSqlite } from './file-kinds';
