// The face of comments/: comments and likes on public flights, the badge of new comments and the
// daily digest (docs/community.md). moderation/ hides, restores and deletes comments through it.
export { sendCommentDigests, type DigestExtras, type DigestSection } from './digest';
export { commentsRoutes } from './routes';
export { COMMENT_GONE, removeComment, setCommentHidden, shownComment } from './service';
