// The face of roles/: the roles an admin grants beside Admin (docs/career.md, "Roles"). A low area:
// training/ and incidents/ ask it who may do what.
export { rolesRoutes } from './routes';
export { hasRole, requireRole, roleHolders, rolesOf, setRole } from './service';
