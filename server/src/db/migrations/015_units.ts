import type { Kysely } from 'kysely';

/**
 * The units a pilot reads numbers in (docs/units.md): one column per quantity, null until the pilot
 * chooses (the app then follows the language's region). Values are contract/units.ts codes.
 */
export const units = {
  async up(db: Kysely<any>) {
    for (const column of ['unit_altitude', 'unit_distance', 'unit_speed', 'unit_climb']) {
      await db.schema.alterTable('users').addColumn(column, 'varchar(8)').execute();
    }
  },
  async down(db: Kysely<any>) {
    for (const column of ['unit_altitude', 'unit_distance', 'unit_speed', 'unit_climb']) {
      await db.schema.alterTable('users').dropColumn(column).execute();
    }
  },
};
