import { sql } from 'kysely';
import type { Db, ThermalSpotsTable } from '../db';
import { visible } from '../privacy';
import { listed } from '../privacy';

/** Flights whose phases the thermal maps have not read yet, with what a spot needs. */
export function pendingFlights(db: Db, limit: number) {
  return db
    .selectFrom('thermalPending')
    .innerJoin('flights', 'flights.id', 'thermalPending.flightId')
    .leftJoin('flightTracks', 'flightTracks.flightId', 'thermalPending.flightId')
    .select(['flights.id', 'flights.userId', 'flights.timeZone', 'flights.startTime', 'flights.takeoffLat', 'flights.takeoffLon', 'flights.startHeight', 'flightTracks.phases'])
    .orderBy('thermalPending.flightId')
    .limit(limit)
    .execute();
}

/** Takes the flight off the pending list; false when another process took it first. */
export async function claimPending(db: Db, flightId: number): Promise<boolean> {
  const res = await db.deleteFrom('thermalPending').where('flightId', '=', flightId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

export async function replaceSpots(db: Db, flightId: number, spots: ThermalSpotsTable[]): Promise<void> {
  await db.deleteFrom('thermalSpots').where('flightId', '=', flightId).execute();
  for (let i = 0; i < spots.length; i += 200) await db.insertInto('thermalSpots').values(spots.slice(i, i + 200)).execute();
}

export interface SpotFilter {
  /** The pilot whose flights count (all of them but removed ones); undefined: the instance's public flights. */
  userId?: number;
  box: { west: number; south: number; east: number; north: number };
  cellSize: number;
  months?: number[];
  hours?: number[];
  /** Only flights of this aircraft category (docs/aircraft-category.md). */
  category: string;
}

/**
 * The spots in the box grouped by cell and local hour: thermals (n), the sums of their climb, position
 * and height, and the launches without a climb (failed). Cells are floor(degrees / cellSize).
 */
export function spotsByCellAndHour(db: Db, f: SpotFilter) {
  return spotsByCellAndHourQuery(db, f).execute();
}

/** The query of spotsByCellAndHour, unexecuted (the bench explains it). */
export function spotsByCellAndHourQuery(db: Db, f: SpotFilter) {
  const size = sql.lit(f.cellSize);
  let q = db
    .selectFrom('thermalSpots')
    .select([
      sql<number>`floor(thermal_spots.latitude / ${size})`.as('cy'),
      sql<number>`floor(thermal_spots.longitude / ${size})`.as('cx'),
      'thermalSpots.localHour',
      sql<number>`count(thermal_spots.climb)`.as('n'),
      sql<number | null>`sum(thermal_spots.climb)`.as('climbSum'),
      sql<number>`sum(case when thermal_spots.climb is null then 1 else 0 end)`.as('failed'),
      sql<number | null>`sum(case when thermal_spots.climb is null then null else thermal_spots.latitude end)`.as('latSum'),
      sql<number | null>`sum(case when thermal_spots.climb is null then null else thermal_spots.longitude end)`.as('lonSum'),
      sql<number | null>`sum(case when thermal_spots.climb is null then null else thermal_spots.altitude end)`.as('altSum'),
    ])
    .where('thermalSpots.latitude', '>=', f.box.south)
    .where('thermalSpots.latitude', '<=', f.box.north)
    .where('thermalSpots.longitude', '>=', f.box.west)
    .where('thermalSpots.longitude', '<=', f.box.east);
  // The spot's flight as a correlated EXISTS, not a join: the planner then walks the position index
  // and looks each flight up by its key, instead of starting from every public flight (bench/thermals.ts).
  const flight = (rule: typeof listed) =>
    q.where(({ exists, selectFrom }) => exists(selectFrom('flights').select('flights.id').whereRef('flights.id', '=', 'thermalSpots.flightId').where(rule).where('flights.aircraftCategory', '=', f.category)));
  q = f.userId === undefined ? flight(listed) : flight(visible).where('thermalSpots.userId', '=', f.userId);
  if (f.months?.length) q = q.where('thermalSpots.localMonth', 'in', f.months);
  if (f.hours?.length) q = q.where('thermalSpots.localHour', 'in', f.hours);
  return q.groupBy(['cy', 'cx', 'thermalSpots.localHour']);
}
