// The face of rankings/: what other areas and the composition root may use (docs/architecture.md,
// "Areas and their faces"). Its other files are private to the area.
export { findClubBySlug } from './repository';
export { rankingsRoutes } from './routes';
export { CLUB_GONE, rankingsService } from './service';
