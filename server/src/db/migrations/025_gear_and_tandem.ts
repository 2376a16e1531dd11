import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * Gear beside wings and tandem passengers (docs/career.md): items with a period they flew, checks on
 * an item or a wing, the history of checks done with a private report (stored in the database like
 * photos, so every process stays stateless), the once-only claim of each reminder (one row per check
 * and cycle: two processes mail it once), and one passenger per flight with a revocable page token.
 */
export function gearAndTandem(dialect: Dialect) {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: any) => (dialect === 'postgres' ? c : c.autoIncrement()).primaryKey();
  const blob = dialect === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('gear_items')
        .addColumn('id', idType, id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('maker', 'varchar(100)')
        .addColumn('serial', 'varchar(100)')
        .addColumn('in_use_from', 'varchar(10)')
        .addColumn('in_use_until', 'varchar(10)')
        .addColumn('notes', 'varchar(2000)')
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('gear_items_user').on('gear_items').column('user_id').execute();

      await db.schema
        .createTable('gear_checks')
        .addColumn('id', idType, id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('item_id', 'integer', (c) => c.references('gear_items.id').onDelete('cascade'))
        .addColumn('glider_id', 'integer', (c) => c.references('gliders.id').onDelete('cascade'))
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('interval_months', 'integer')
        .addColumn('interval_hours', 'integer')
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('gear_checks_user').on('gear_checks').column('user_id').execute();

      await db.schema
        .createTable('gear_check_records')
        .addColumn('id', idType, id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('check_id', 'integer', (c) => c.notNull().references('gear_checks.id').onDelete('cascade'))
        .addColumn('done_on', 'varchar(10)', (c) => c.notNull())
        .addColumn('done_by', 'varchar(100)')
        .addColumn('notes', 'varchar(2000)')
        .addColumn('report', blob)
        .addColumn('report_type', 'varchar(10)')
        .addColumn('report_name', 'varchar(255)')
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('gear_check_records_check').on('gear_check_records').column('check_id').execute();

      await db.schema
        .createTable('gear_reminders')
        .addColumn('check_id', 'integer', (c) => c.notNull().references('gear_checks.id').onDelete('cascade'))
        .addColumn('cycle', 'varchar(20)', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('sent_at', 'varchar(40)', (c) => c.notNull())
        .addPrimaryKeyConstraint('gear_reminders_pk', ['check_id', 'cycle'])
        .execute();

      await db.schema
        .createTable('passengers')
        .addColumn('flight_id', 'integer', (c) => c.primaryKey().references('flights.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('contact', 'varchar(200)')
        .addColumn('note', 'varchar(2000)')
        .addColumn('show_pilot_name', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('token', 'varchar(64)', (c) => c.unique())
        .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('passengers_user').on('passengers').column('user_id').execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ['passengers', 'gear_reminders', 'gear_check_records', 'gear_checks', 'gear_items']) await db.schema.dropTable(table).execute();
    },
  };
}
