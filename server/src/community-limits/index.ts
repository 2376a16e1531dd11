// The face of community-limits/: the per-pilot budgets of community actions (comments, likes,
// follows, reports), counted in the database (docs/community.md). A low area: it imports db and http.
export { RATE_LIMITS, spend, type ActionKind } from './spend';
