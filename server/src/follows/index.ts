// The face of follows/: following and blocking pilots (docs/community.md). Other areas ask whether
// a pilot blocked another and block a comment's author through it.
export { followsRoutes } from './routes';
export { blockPilot, isBlocked } from './service';
