import type { Kysely } from 'kysely';
import { categoryFromHeader, wingClassFromName } from '../../analysis';

/**
 * Aircraft categories (docs/aircraft-category.md). A flight keeps what its IGC header says
 * (`detected_category`, `detected_wing_class`), the pilot's own choice (`pilot_category`) and the
 * category it counts under (`aircraft_category`: the flight's choice, else its wing's, else the
 * header's, else paraglider; kept by "flights changed"). A wing may carry a category; a place is
 * of one category, so a sailplane never makes a paragliding place.
 *
 * Existing flights are classified here from the glider type already stored (the competition class
 * and recorder are read on the next analysis of the file, a re-scoring for example), and any of
 * their flights in a place of another category leaves it (it is placed again on its pilot's next
 * change). The table the names are looked up in is today's (analysis/aircraft-models.ts).
 */
export const aircraftCategory = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('flights').addColumn('detected_category', 'varchar(20)').execute();
    await db.schema.alterTable('flights').addColumn('detected_wing_class', 'varchar(10)').execute();
    await db.schema.alterTable('flights').addColumn('pilot_category', 'varchar(20)').execute();
    await db.schema.alterTable('flights').addColumn('aircraft_category', 'varchar(20)', (c) => c.notNull().defaultTo('paraglider')).execute();
    await db.schema.alterTable('gliders').addColumn('aircraft_category', 'varchar(20)').execute();
    await db.schema.alterTable('places').addColumn('aircraft_category', 'varchar(20)', (c) => c.notNull().defaultTo('paraglider')).execute();

    const types = await db.selectFrom('flights').select('glider_type').distinct().where('glider_type', 'is not', null).execute();
    for (const { glider_type: gliderType } of types as { glider_type: string }[]) {
      const category = categoryFromHeader({ gliderType });
      const wingClass = wingClassFromName(gliderType);
      if (!category && !wingClass) continue;
      await db
        .updateTable('flights')
        .set({ detected_category: category, detected_wing_class: wingClass, aircraft_category: category ?? 'paraglider' })
        .where('glider_type', '=', gliderType)
        .execute();
    }
    // Every place so far was made for paragliding: flights of another category leave it.
    await db
      .deleteFrom('flight_places')
      .where('flight_id', 'in', (eb: any) => eb.selectFrom('flights').select('id').where('aircraft_category', '!=', 'paraglider'))
      .execute();
  },
  async down(db: Kysely<any>) {
    for (const column of ['detected_category', 'detected_wing_class', 'pilot_category', 'aircraft_category']) await db.schema.alterTable('flights').dropColumn(column).execute();
    await db.schema.alterTable('gliders').dropColumn('aircraft_category').execute();
    await db.schema.alterTable('places').dropColumn('aircraft_category').execute();
  },
};
