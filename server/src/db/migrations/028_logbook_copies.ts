import type { Kysely } from 'kysely';

/**
 * A track a logbook kept (Logfly's V_IGC) is matched by flight, not only by its bytes (docs/import.md,
 * "A logbook's copy of a track"). `logbook_copy`: 1 for such a file. `same_flight_id`: the flight a file
 * was found to be (its takeoff within two minutes and two kilometres) when it was not stored as a flight
 * of its own; the ledger names it. No foreign key: a flight removed later leaves the ledger's old line.
 */
export const logbookCopies = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('igc_files').addColumn('logbook_copy', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('igc_files').addColumn('same_flight_id', 'integer').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('igc_files').dropColumn('same_flight_id').execute();
    await db.schema.alterTable('igc_files').dropColumn('logbook_copy').execute();
  },
};
