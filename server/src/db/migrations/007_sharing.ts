import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * Memories and sharing: photos stored in the database like the IGC files (every process
 * stays stateless), one share link per flight, and the opt-in public pilot page.
 */
export function sharing(dialect: Dialect) {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: any) => (dialect === 'postgres' ? c : c.autoIncrement()).primaryKey();
  const blob = dialect === 'postgres' ? 'bytea' : 'blob';
  const real = 'double precision';

  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('photos')
        .addColumn('id', idType, id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('flight_id', 'integer', (c) => c.notNull().references('flights.id').onDelete('cascade'))
        .addColumn('original_filename', 'varchar(255)', (c) => c.notNull())
        .addColumn('display', blob, (c) => c.notNull())
        .addColumn('thumb', blob, (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('taken_at', 'varchar(40)')
        .addColumn('latitude', real)
        .addColumn('longitude', real)
        .addColumn('placement', 'varchar(10)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('photos_flight').on('photos').column('flight_id').execute();
      await db.schema.createIndex('photos_user').on('photos').column('user_id').execute();

      await db.schema
        .createTable('flight_shares')
        .addColumn('flight_id', 'integer', (c) => c.primaryKey().references('flights.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('include_notes', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('include_photos', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('flight_shares_user').on('flight_shares').column('user_id').execute();

      await db.schema.alterTable('users').addColumn('public_page', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('users').dropColumn('public_page').execute();
      await db.schema.dropTable('flight_shares').execute();
      await db.schema.dropTable('photos').execute();
    },
  };
}
