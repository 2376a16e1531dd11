// The face of moderation/: reports of comments and the admin's queue (docs/community.md).
export { moderationRoutes, reportRoutes } from './routes';
