import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * "Not active that day" (docs/airspace.md, "Activation"): the pilot's word that an airspace whose
 * activation the OpenAir file leaves unknown was not active on a flight's day, one per flight and
 * airspace (name and class), kept apart from the check like the clearances. The checked flights are
 * queued again, so their stored checks learn activation and the list's counts follow the new rules.
 */
export function airspaceNotActive(dialect: Dialect) {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: any) => (dialect === 'postgres' ? c : c.autoIncrement()).primaryKey();
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('airspace_not_active')
        .addColumn('id', idType, id)
        .addColumn('flight_id', 'integer', (c) => c.notNull().references('flights.id').onDelete('cascade'))
        .addColumn('airspace_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('airspace_class', 'varchar(20)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('airspace_not_active_flight').on('airspace_not_active').columns(['flight_id', 'airspace_name', 'airspace_class']).unique().execute();
      // The queue's mark is a time and a tail (airspace/repository.ts); this one sorts before any live queuing.
      await sql`insert into airspace_pending (flight_id, queued_at) select flight_id, '2000-01-01T00:00:00.000Z#020' from flight_airspace where flight_id not in (select flight_id from airspace_pending)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('airspace_not_active').execute();
    },
  };
}
