import { sql, type Kysely } from 'kysely';

/**
 * Idempotent awards, calm note saves and private photo positions (docs/product.md, docs/photos.md):
 *
 * - notifications: one row per pilot, achievement and tier. Concurrent evaluations of one pilot once
 *   queued the same tier two or three times; the duplicates are removed (the oldest row stays), then a
 *   unique index makes a conflicting insert do nothing. Open notifications of one achievement in one
 *   upload (batch) are also folded to the highest tier, as the batch rule has always meant.
 * - users.notes_version: bumped by a note save instead of the data version, so a note keys only the
 *   read-cache entries that show notes (the flight lists), not statistics or achievements.
 * - photos.position_hidden: the pilot hides a photo's position from share links and the pilot page.
 */
export const calmAndPrivate = {
  async up(db: Kysely<any>) {
    await sql`delete from notifications where exists (
      select 1 from notifications older where older.user_id = notifications.user_id and older.achievement_id = notifications.achievement_id
        and older.level = notifications.level and older.id < notifications.id)`.execute(db);
    await sql`delete from notifications where dismissed_at is null and exists (
      select 1 from notifications higher where higher.user_id = notifications.user_id and higher.achievement_id = notifications.achievement_id
        and higher.dismissed_at is null and higher.level > notifications.level
        and (higher.batch_task_id = notifications.batch_task_id or (higher.batch_task_id is null and notifications.batch_task_id is null)))`.execute(db);
    await db.schema.createIndex('notifications_tier').on('notifications').columns(['user_id', 'achievement_id', 'level']).unique().execute();
    await db.schema.alterTable('users').addColumn('notes_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('photos').addColumn('position_hidden', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('photos').dropColumn('position_hidden').execute();
    await db.schema.alterTable('users').dropColumn('notes_version').execute();
    await db.schema.dropIndex('notifications_tier').execute();
  },
};
