// The face of sharing/: what other areas and the composition root may use (docs/architecture.md,
// "Areas and their faces"). Its other files are private to the area.
export { commentCount, followCounts, likeCount } from './community-repository';
export { sharingPages } from './pages';
export { findShareOfFlight } from './repository';
export { sharingRoutes } from './routes';
export { findSharedFlight, SHARE_GONE } from './service';
