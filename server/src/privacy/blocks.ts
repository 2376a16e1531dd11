import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../db';

/**
 * Blocking hides (docs/community.md, "Blocking"): a like or comment is shown only while its author is
 * not blocked by the pilot of the flight it is on. Every reader of likes and comments (the flight's
 * lists, the counts on pages and in the feed, the badge and the digest) applies these, so a block
 * hides them at once and for everyone, and an unblock shows them again.
 */
export const commentShown = (eb: ExpressionBuilder<Database, 'comments'>) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('blocks')
        .innerJoin('flights as blockersFlight', 'blockersFlight.userId', 'blocks.blockerId')
        .select('blocks.blockerId')
        .whereRef('blockersFlight.id', '=', 'comments.flightId')
        .whereRef('blocks.blockedId', '=', 'comments.authorId'),
    ),
  );

export const likeShown = (eb: ExpressionBuilder<Database, 'likes'>) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('blocks')
        .innerJoin('flights as blockersFlight', 'blockersFlight.userId', 'blocks.blockerId')
        .select('blocks.blockerId')
        .whereRef('blockersFlight.id', '=', 'likes.flightId')
        .whereRef('blocks.blockedId', '=', 'likes.userId'),
    ),
  );
