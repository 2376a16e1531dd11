import type { Kysely } from 'kysely';

/** A per-pilot counter bumped on every change to their flights: the key of the read cache. */
export const dataVersion = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('users').addColumn('data_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('users').dropColumn('data_version').execute();
  },
};
