import { sql, type Kysely } from 'kysely';

/**
 * Thermal maps (docs/thermal-maps.md): every stored thermal, and every launch that found none nearby,
 * as one row with its position, climb (null for a launch without a climb), local month and hour, so a
 * map is one grouped query instead of unpacking every flight's phases. `thermal_pending` lists the
 * flights whose phases are not read yet: every analysed flight now, and each flight whose track a new
 * analysis stores (uploads/repository.ts upsertTrack); the next map read indexes them.
 */
export function thermalSpots() {
  const real = 'double precision';
  const flight = (c: any) => c.notNull().references('flights.id').onDelete('cascade');
  return {
    async up(db: Kysely<any>) {
      await db.schema.createTable('thermal_pending').addColumn('flight_id', 'integer', (c) => c.primaryKey().references('flights.id').onDelete('cascade')).execute();
      await sql`insert into thermal_pending (flight_id) select flight_id from flight_tracks where phases is not null`.execute(db);
      await db.schema
        .createTable('thermal_spots')
        .addColumn('flight_id', 'integer', flight)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('latitude', real, (c) => c.notNull())
        .addColumn('longitude', real, (c) => c.notNull())
        .addColumn('climb', real)
        .addColumn('altitude', real, (c) => c.notNull())
        .addColumn('local_month', 'integer', (c) => c.notNull())
        .addColumn('local_hour', 'integer', (c) => c.notNull())
        .execute();
      // Covering indexes: a map reads only the index, never the table (bench/thermals.ts).
      const read = ['latitude', 'longitude', 'local_month', 'local_hour', 'climb', 'altitude', 'flight_id'];
      await db.schema.createIndex('thermal_spots_position').on('thermal_spots').columns(read).execute();
      await db.schema.createIndex('thermal_spots_user').on('thermal_spots').columns(['user_id', ...read]).execute();
      // What a public map asks of each spot's flight, without reading the wide flights row.
      await db.schema.createIndex('thermal_flights_listed').on('flights').columns(['id', 'visibility', 'status', 'removal_reason', 'removal_date']).execute();
      await db.schema.createIndex('thermal_spots_flight').on('thermal_spots').column('flight_id').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('thermal_flights_listed').execute();
      await db.schema.dropTable('thermal_spots').execute();
      await db.schema.dropTable('thermal_pending').execute();
    },
  };
}
