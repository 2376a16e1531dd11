// The face of notifications/: the bell (docs/notifications.md), a read model over follows, likes,
// comments and comment reports, and its section of the daily mail. Its other files are private to it.
export { notificationDigestLines } from './digest';
export { pilotsWithNewsSinceDigest } from './repository';
export { notificationsRoutes } from './routes';
