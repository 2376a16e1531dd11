// The face of auth/: what other areas and the composition root may use (docs/architecture.md,
// "Areas and their faces"). Its other files are private to the area.
export { hashPassword } from './passwords';
export { authRoutes } from './routes';
export { requireAdmin, requireUser, SESSION_COOKIE, userForSession } from './sessions';
export { issueToken } from './tokens';
