// The face of nearby/: who flew from the same place that day and who flew with you (docs/community.md).
export { nearbyRoutes } from './routes';
