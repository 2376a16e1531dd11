import type { Kysely } from 'kysely';

/**
 * The upload a notification belongs to (the pilot's latest upload task when it was raised): while it
 * is open, further tiers of the same achievement reached in that upload raise it instead of adding one.
 */
export const notificationBatch = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('notifications').addColumn('batch_task_id', 'integer').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('notifications').dropColumn('batch_task_id').execute();
  },
};
