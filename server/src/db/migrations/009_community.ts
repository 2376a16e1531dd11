import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * Flying together (docs/community.md): who sees each flight, places shared by pilots, following,
 * blocking, comments, likes and their reports. Existing flights keep what they show today: without
 * a share link private, with one link, and those listed on a published pilot page public.
 */
export function community(dialect: Dialect) {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: any) => (dialect === 'postgres' ? c : c.autoIncrement()).primaryKey();
  const real = 'double precision';
  const user = (c: any) => c.notNull().references('users.id').onDelete('cascade');
  const flight = (c: any) => c.notNull().references('flights.id').onDelete('cascade');

  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('flights').addColumn('visibility', 'varchar(10)', (c) => c.notNull().defaultTo('private')).execute();
      await sql`update flights set visibility = 'link' where exists (select 1 from flight_shares s where s.flight_id = flights.id)`.execute(db);
      await sql`update flights set visibility = 'public'
        where exists (select 1 from flight_shares s join users u on u.id = s.user_id where s.flight_id = flights.id and u.public_page = 1)
        and (removal_date is null or removal_reason is null or removal_reason = 0)`.execute(db);
      await db.schema.createIndex('flights_visibility_date').on('flights').columns(['visibility', 'local_date']).execute();

      await db.schema.alterTable('users').addColumn('default_visibility', 'varchar(10)', (c) => c.notNull().defaultTo('private')).execute();
      await db.schema.alterTable('users').addColumn('comment_digest', 'integer', (c) => c.notNull().defaultTo(1)).execute();
      await db.schema.alterTable('users').addColumn('comments_seen_at', 'varchar(40)').execute();
      await db.schema.alterTable('users').addColumn('digest_sent_at', 'varchar(40)').execute();
      await db.schema.alterTable('users').addColumn('comments_blocked_at', 'varchar(40)').execute();

      await db.schema
        .createTable('places')
        .addColumn('id', idType, id)
        .addColumn('public_id', 'varchar(40)', (c) => c.notNull().unique())
        .addColumn('latitude', real, (c) => c.notNull())
        .addColumn('longitude', real, (c) => c.notNull())
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('places_position').on('places').columns(['latitude', 'longitude']).execute();
      await db.schema
        .createTable('flight_places')
        .addColumn('flight_id', 'integer', (c) => c.primaryKey().references('flights.id').onDelete('cascade'))
        .addColumn('place_id', 'integer', (c) => c.notNull().references('places.id').onDelete('cascade'))
        .execute();
      await db.schema.createIndex('flight_places_place').on('flight_places').column('place_id').execute();

      for (const [table, a, b] of [['follows', 'follower_id', 'followee_id'], ['blocks', 'blocker_id', 'blocked_id']] as const) {
        await db.schema
          .createTable(table)
          .addColumn(a, 'integer', user)
          .addColumn(b, 'integer', user)
          .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
          .addPrimaryKeyConstraint(`${table}_pk`, [a, b])
          .execute();
        await db.schema.createIndex(`${table}_${b}`).on(table).column(b).execute();
      }

      await db.schema
        .createTable('comments')
        .addColumn('id', idType, id)
        .addColumn('public_id', 'varchar(40)', (c) => c.notNull().unique())
        .addColumn('flight_id', 'integer', flight)
        .addColumn('author_id', 'integer', user)
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .addColumn('edited_at', 'varchar(40)')
        .addColumn('hidden_at', 'varchar(40)')
        .execute();
      await db.schema.createIndex('comments_flight').on('comments').columns(['flight_id', 'created_at']).execute();
      await db.schema.createIndex('comments_author').on('comments').columns(['author_id', 'created_at']).execute();

      await db.schema
        .createTable('likes')
        .addColumn('flight_id', 'integer', flight)
        .addColumn('user_id', 'integer', user)
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .addPrimaryKeyConstraint('likes_pk', ['flight_id', 'user_id'])
        .execute();

      await db.schema
        .createTable('comment_reports')
        .addColumn('id', idType, id)
        .addColumn('comment_id', 'integer', (c) => c.notNull().references('comments.id').onDelete('cascade'))
        .addColumn('reporter_id', 'integer', user)
        .addColumn('reason', 'varchar(500)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .addColumn('resolved_at', 'varchar(40)')
        .addColumn('resolution', 'varchar(20)')
        .execute();

      // Every community action a pilot takes, for the per-pilot rate limits (shared by all processes).
      await db.schema
        .createTable('community_actions')
        .addColumn('user_id', 'integer', user)
        .addColumn('kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('community_actions_user').on('community_actions').columns(['user_id', 'kind', 'created_at']).execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ['community_actions', 'comment_reports', 'likes', 'comments', 'blocks', 'follows', 'flight_places', 'places']) await db.schema.dropTable(table).execute();
      for (const column of ['comments_blocked_at', 'digest_sent_at', 'comments_seen_at', 'comment_digest', 'default_visibility']) await db.schema.alterTable('users').dropColumn(column).execute();
      await db.schema.dropIndex('flights_visibility_date').execute();
      await db.schema.alterTable('flights').dropColumn('visibility').execute();
    },
  };
}
