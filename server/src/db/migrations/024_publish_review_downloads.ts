import type { Kysely } from 'kysely';

/**
 * "Publish after I review" and public track downloads (docs/community.md, docs/sharing.md):
 *
 * - `users.default_visibility` may now also be `review`: new flights of such a pilot are stored private
 *   with `flights.awaiting_review = 1` and wait in the pilot's review list until published or kept private.
 * - `flights.track_download`: 1 lets visitors download a public flight's track (IGC, GPX), 0 forbids it,
 *   null follows the pilot's `users.default_track_download` (0 until the pilot allows it).
 */
export const publishReviewDownloads = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('flights').addColumn('awaiting_review', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('flights').addColumn('track_download', 'integer').execute();
    await db.schema.alterTable('users').addColumn('default_track_download', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.createIndex('flights_awaiting_review').on('flights').columns(['user_id', 'awaiting_review']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('flights_awaiting_review').execute();
    await db.schema.alterTable('users').dropColumn('default_track_download').execute();
    await db.schema.alterTable('flights').dropColumn('track_download').execute();
    await db.schema.alterTable('flights').dropColumn('awaiting_review').execute();
  },
};
