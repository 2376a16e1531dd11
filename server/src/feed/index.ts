// The face of feed/: the public flights of the pilots you follow (docs/community.md).
export { feedRoutes } from './routes';
