import type { ExpressionBuilder } from 'kysely';
import { DEFAULT_AIRCRAFT_CATEGORY } from '../../../contract/aircraft';
import type { Database, Db } from '../db';

/**
 * The category a flight counts under (docs/aircraft-category.md): the pilot's choice for the flight,
 * else its wing's category, else what its IGC header says, else paraglider.
 */
const resolvedCategory = (eb: ExpressionBuilder<Database, 'flights'>) =>
  eb.fn.coalesce(
    'flights.pilotCategory',
    eb.selectFrom('gliders').select('gliders.aircraftCategory').whereRef('gliders.id', '=', 'flights.gliderId'),
    'flights.detectedCategory',
    eb.val(DEFAULT_AIRCRAFT_CATEGORY),
  );

/**
 * Brings the pilot's flights' `aircraft_category` up to date with their own setting, their wing
 * and their header: run when the pilot's flights change (an analysis, a wing linked or edited, the
 * flight's own setting), before places are made, so rankings, places and thermal maps read one column.
 * Only the rows that differ are written.
 */
export async function refreshAircraftCategories(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('flights')
    .set((eb) => ({ aircraftCategory: resolvedCategory(eb) }))
    .where('flights.userId', '=', userId)
    .where((eb) => eb('flights.aircraftCategory', '!=', resolvedCategory(eb)))
    .execute();
}
