import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * Airspace (docs/airspace.md): OpenAir files with their validity (the instance's when user_id is
 * null, else one pilot's), each flight's stored check, the pilot's clearances (kept apart from the
 * check, so a re-check or re-analysis keeps them), the flights waiting for a background re-check, and
 * the uncleared count on the flight for the list.
 */
export function airspace(dialect: Dialect) {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: any) => (dialect === 'postgres' ? c : c.autoIncrement()).primaryKey();
  const blob = dialect === 'postgres' ? 'bytea' : 'blob';
  const flight = (c: any) => c.notNull().references('flights.id').onDelete('cascade');

  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('airspace_files')
        .addColumn('id', idType, id)
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('name', 'varchar(120)', (c) => c.notNull())
        .addColumn('valid_from', 'varchar(10)', (c) => c.notNull())
        .addColumn('valid_to', 'varchar(10)', (c) => c.notNull())
        .addColumn('content', blob, (c) => c.notNull())
        .addColumn('shapes', blob, (c) => c.notNull())
        .addColumn('shape_count', 'integer', (c) => c.notNull())
        .addColumn('unread_lines', 'text', (c) => c.notNull())
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('airspace_files_user').on('airspace_files').columns(['user_id', 'valid_from']).execute();

      await db.schema
        .createTable('flight_airspace')
        .addColumn('flight_id', 'integer', (c) => flight(c).primaryKey())
        .addColumn('checked_at', 'varchar(40)', (c) => c.notNull())
        .addColumn('track_key', 'varchar(200)', (c) => c.notNull())
        .addColumn('result', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('airspace_clearances')
        .addColumn('id', idType, id)
        .addColumn('flight_id', 'integer', flight)
        .addColumn('airspace_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('airspace_class', 'varchar(20)', (c) => c.notNull())
        .addColumn('entry', 'varchar(40)', (c) => c.notNull())
        .addColumn('exit', 'varchar(40)', (c) => c.notNull())
        .addColumn('cleared', 'integer', (c) => c.notNull())
        .addColumn('note', 'varchar(500)')
        .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('airspace_clearances_flight').on('airspace_clearances').column('flight_id').execute();

      await db.schema
        .createTable('airspace_pending')
        .addColumn('flight_id', 'integer', (c) => flight(c).primaryKey())
        .addColumn('queued_at', 'varchar(40)', (c) => c.notNull())
        .execute();

      await db.schema.alterTable('flights').addColumn('airspace_infringements', 'integer').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('flights').dropColumn('airspace_infringements').execute();
      for (const t of ['airspace_pending', 'airspace_clearances', 'flight_airspace', 'airspace_files']) await db.schema.dropTable(t).execute();
    },
  };
}
