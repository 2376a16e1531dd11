import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * The logbook's own data (issues 13-15): gliders, pilot-named sites, notes, flights without a track
 * (igc_file_id becomes optional), the league per pilot and flight, the pilot's takeoff/landing window,
 * stored phases, and the flight that reached each achievement tier.
 */
export function logbook(dialect: Dialect) {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: any) => (dialect === 'postgres' ? c : c.autoIncrement()).primaryKey();
  const blob = dialect === 'postgres' ? 'bytea' : 'blob';

  return {
    async up(db: Kysely<any>) {
      if (dialect === 'postgres') {
        await sql`alter table flights alter column igc_file_id drop not null`.execute(db);
      } else {
        await rebuildSqliteFlightsWithOptionalFile(db);
      }

      await db.schema
        .createTable('gliders')
        .addColumn('id', idType, id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('manufacturer', 'varchar(100)', (c) => c.notNull())
        .addColumn('model', 'varchar(100)', (c) => c.notNull())
        .addColumn('size', 'varchar(20)')
        .addColumn('glider_class', 'varchar(20)', (c) => c.notNull())
        .addColumn('in_use_from', 'varchar(10)')
        .addColumn('in_use_until', 'varchar(10)')
        .addColumn('notes', 'text')
        .addColumn('last_check', 'varchar(10)')
        .addColumn('check_interval_months', 'integer')
        .addColumn('check_interval_hours', 'integer')
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('gliders_user').on('gliders').column('user_id').execute();

      await db.schema.alterTable('sites').addColumn('named', 'integer', (c) => c.notNull().defaultTo(0)).execute();

      const flightColumns: [string, string, ((c: any) => any)?][] = [
        ['notes', 'text'],
        ['glider_id', 'integer', (c) => c.references('gliders.id').onDelete('set null')],
        ['glider_set_by_pilot', 'integer', (c) => c.notNull().defaultTo(0)],
        ['site_set_by_pilot', 'integer', (c) => c.notNull().defaultTo(0)],
        ['landing_site_id', 'integer', (c) => c.references('sites.id').onDelete('set null')],
        ['landing_site_set_by_pilot', 'integer', (c) => c.notNull().defaultTo(0)],
        ['source', 'varchar(10)', (c) => c.notNull().defaultTo('igc')],
        ['scoring_rules', 'varchar(20)'],
        ['window_takeoff', 'varchar(40)'],
        ['window_landing', 'varchar(40)'],
      ];
      for (const [name, type, build] of flightColumns) {
        await db.schema.alterTable('flights').addColumn(name, type as any, build ?? ((c) => c)).execute();
      }
      await db.schema.createIndex('flights_glider').on('flights').column('glider_id').execute();
      await db.schema.createIndex('flights_landing_site').on('flights').column('landing_site_id').execute();

      await db.schema.alterTable('flight_tracks').addColumn('phases', blob).execute();
      await db.schema.alterTable('users').addColumn('scoring_rules', 'varchar(20)').execute();
      await db.schema.alterTable('user_achievements').addColumn('flight_id', 'integer').execute();
      await db.schema.alterTable('notifications').addColumn('flight_id', 'integer').execute();
    },
    async down() {
      throw new Error('The logbook migration cannot be reverted');
    },
  };
}

/** SQLite cannot drop a NOT NULL: the documented twelve-step rebuild, with foreign keys off meanwhile. */
async function rebuildSqliteFlightsWithOptionalFile(db: Kysely<any>) {
  await sql`pragma foreign_keys = off`.execute(db);
  const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'flights'`.execute(db);
  const create = rows[0]!.sql.replace('CREATE TABLE "flights"', 'CREATE TABLE "flights_new"').replace('"igc_file_id" integer not null', '"igc_file_id" integer');
  if (!create.includes('"igc_file_id" integer references')) throw new Error('Unexpected flights table definition.');
  await sql.raw(create).execute(db);
  await sql`insert into flights_new select * from flights`.execute(db);
  await sql`drop table flights`.execute(db);
  await sql`alter table flights_new rename to flights`.execute(db);
  await db.schema.createIndex('flights_user_start').on('flights').columns(['user_id', 'start_time']).execute();
  await db.schema.createIndex('flights_user_month').on('flights').columns(['user_id', 'local_year', 'local_month']).execute();
  await db.schema.createIndex('flights_user_fingerprint').on('flights').columns(['user_id', 'fingerprint']).execute();
  await db.schema.createIndex('flights_site').on('flights').column('site_id').execute();
  const { rows: broken } = await sql`pragma foreign_key_check`.execute(db);
  if (broken.length) throw new Error('Foreign keys broken by the flights rebuild.');
  await sql`pragma foreign_keys = on`.execute(db);
}
