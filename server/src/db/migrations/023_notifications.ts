import type { Kysely } from 'kysely';

/**
 * The bell (docs/notifications.md): what a pilot has read. The notifications themselves are a read
 * model over follows, likes, comments and comment reports, so only the read marks are stored: a
 * per-pilot "everything read up to" time and single marks for notifications read one by one.
 */
export const notificationReads = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('notification_read_up_to')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('read_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('notification_reads')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('notification_id', 'varchar(40)', (c) => c.notNull())
      .addColumn('read_at', 'varchar(40)', (c) => c.notNull())
      .addPrimaryKeyConstraint('notification_reads_pk', ['user_id', 'notification_id'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('notification_reads').execute();
    await db.schema.dropTable('notification_read_up_to').execute();
  },
};
