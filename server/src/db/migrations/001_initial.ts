import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/** The whole schema. Column types differ between the dialects only for ids and binary data. */
export function initial(dialect: Dialect) {
  const blob = dialect === 'postgres' ? 'bytea' : 'blob';
  const id = (c: any) => (dialect === 'postgres' ? c : c.autoIncrement()).primaryKey();
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const real = 'double precision';

  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('users')
        .addColumn('id', idType, id)
        .addColumn('email', 'varchar(100)', (c) => c.notNull().unique())
        .addColumn('username', 'varchar(50)', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text')
        .addColumn('display_name', 'varchar(100)')
        .addColumn('role', 'varchar(20)', (c) => c.notNull().defaultTo('User'))
        .addColumn('preferred_language', 'varchar(5)')
        .addColumn('email_verified_at', 'varchar(40)')
        .addColumn('auth_provider', 'varchar(20)', (c) => c.notNull().defaultTo('local'))
        .addColumn('provider_subject', 'varchar(255)')
        .addColumn('profile_picture_url', 'text')
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('tokens')
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('email', 'varchar(100)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
        .addColumn('used_at', 'varchar(40)')
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('upload_tasks')
        .addColumn('id', idType, id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('upload_date', 'varchar(40)', (c) => c.notNull())
        .addColumn('filename', 'text', (c) => c.notNull())
        .addColumn('file_size', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'varchar(20)', (c) => c.notNull())
        .addColumn('error_message', 'text')
        .addColumn('estimated_flight_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('processed_flight_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('duplicate_flight_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('upload_tasks_user').on('upload_tasks').columns(['user_id', 'upload_date']).execute();

      await db.schema
        .createTable('igc_files')
        .addColumn('id', idType, id)
        .addColumn('upload_task_id', 'integer', (c) => c.notNull().references('upload_tasks.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('original_filename', 'text', (c) => c.notNull())
        .addColumn('file_size', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('sha256', 'varchar(64)')
        .addColumn('status', 'varchar(20)', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('content', blob)
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('igc_files_task').on('igc_files').column('upload_task_id').execute();
      await db.schema.createIndex('igc_files_user_sha').on('igc_files').columns(['user_id', 'sha256']).execute();

      await db.schema
        .createTable('sites')
        .addColumn('id', idType, id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('latitude', real, (c) => c.notNull())
        .addColumn('longitude', real, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sites_user').on('sites').column('user_id').execute();

      await db.schema
        .createTable('flights')
        .addColumn('id', idType, id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('igc_file_id', 'integer', (c) => c.notNull().references('igc_files.id').onDelete('cascade'))
        .addColumn('segment_index', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'varchar(20)', (c) => c.notNull())
        .addColumn('error_message', 'text')
        .addColumn('start_time', 'varchar(40)')
        .addColumn('end_time', 'varchar(40)')
        .addColumn('time_zone', 'varchar(64)')
        .addColumn('local_date', 'varchar(10)')
        .addColumn('local_year', 'integer')
        .addColumn('local_month', 'integer')
        .addColumn('flight_time', 'integer')
        .addColumn('distance', real)
        .addColumn('xc_distance', real)
        .addColumn('xc_points', real)
        .addColumn('flight_code', 'varchar(20)')
        .addColumn('ground_distance', real)
        .addColumn('xc_speed', real)
        .addColumn('max_altitude', real)
        .addColumn('max_height', real)
        .addColumn('start_height', real)
        .addColumn('elevation_gain', real)
        .addColumn('max_lift', real)
        .addColumn('max_sink', real)
        .addColumn('left_circles', 'integer')
        .addColumn('right_circles', 'integer')
        .addColumn('glider_type', 'text')
        .addColumn('takeoff_location', 'text')
        .addColumn('landing_location', 'text')
        .addColumn('takeoff_lat', real)
        .addColumn('takeoff_lon', real)
        .addColumn('landing_lat', real)
        .addColumn('landing_lon', real)
        .addColumn('site_id', 'integer', (c) => c.references('sites.id').onDelete('set null'))
        .addColumn('fingerprint', 'varchar(128)')
        .addColumn('removal_reason', 'integer')
        .addColumn('removal_date', 'varchar(40)')
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .addUniqueConstraint('flights_file_segment', ['igc_file_id', 'segment_index'])
        .execute();
      await db.schema.createIndex('flights_user_start').on('flights').columns(['user_id', 'start_time']).execute();
      await db.schema.createIndex('flights_user_month').on('flights').columns(['user_id', 'local_year', 'local_month']).execute();
      await db.schema.createIndex('flights_user_fingerprint').on('flights').columns(['user_id', 'fingerprint']).execute();
      await db.schema.createIndex('flights_site').on('flights').column('site_id').execute();

      await db.schema
        .createTable('flight_tracks')
        .addColumn('flight_id', 'integer', (c) => c.primaryKey().references('flights.id').onDelete('cascade'))
        .addColumn('path', blob, (c) => c.notNull())
        .addColumn('path_low_res', blob, (c) => c.notNull())
        .addColumn('features', blob, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('jobs')
        .addColumn('id', idType, id)
        .addColumn('name', 'varchar(50)', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('state', 'varchar(20)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('run_after', 'varchar(40)', (c) => c.notNull())
        .addColumn('locked_at', 'varchar(40)')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('jobs_state').on('jobs').columns(['state', 'run_after']).execute();

      await db.schema
        .createTable('user_achievements')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('achievement_id', 'varchar(50)', (c) => c.notNull())
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('achieved_at', 'varchar(40)', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_achievements_pk', ['user_id', 'achievement_id', 'level'])
        .execute();

      await db.schema
        .createTable('notifications')
        .addColumn('id', idType, id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('achievement_id', 'varchar(50)', (c) => c.notNull())
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('achieved_at', 'varchar(40)', (c) => c.notNull())
        .addColumn('dismissed_at', 'varchar(40)')
        .execute();
      await db.schema.createIndex('notifications_user').on('notifications').column('user_id').execute();
      void sql;
    },
    async down() {
      throw new Error('The initial migration cannot be reverted');
    },
  };
}
