import type { Db } from '../db';
import { listed, listedFlights } from '../privacy';

type Point = { latitude: number; longitude: number };

/** Places of the category in a box around the point (a cheap first cut before the distance check). */
export function placesAround(db: Db, p: Point, d: number, category: string) {
  return db
    .selectFrom('places')
    .select(['id', 'latitude', 'longitude'])
    .where('aircraftCategory', '=', category)
    .where('latitude', '>=', p.latitude - d)
    .where('latitude', '<=', p.latitude + d)
    .where('longitude', '>=', p.longitude - d * 2)
    .where('longitude', '<=', p.longitude + d * 2)
    .execute();
}

export async function insertPlace(db: Db, place: { publicId: string; latitude: number; longitude: number; createdAt: string; aircraftCategory: string }): Promise<number> {
  const row = await db.insertInto('places').values(place).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Flights with a takeoff position that belong to no place yet: the flights assignPlaces places once listed. */
function unplacedFlights(db: Db) {
  return db
    .selectFrom('flights')
    .leftJoin('flightPlaces', 'flightPlaces.flightId', 'flights.id')
    .where('flights.takeoffLat', 'is not', null)
    .where('flights.takeoffLon', 'is not', null)
    .where('flightPlaces.flightId', 'is', null);
}

/** Public flights with a takeoff position that belong to no place yet (of the whole instance: the migration's backfill). */
export function unplacedListedFlights(db: Db) {
  return unplacedFlights(db).select(['flights.id', 'flights.takeoffLat', 'flights.takeoffLon', 'flights.aircraftCategory']).where(listed).execute();
}

const IDS_PER_PROBE = 500;

/**
 * One pilot's public flights in no place yet, asked through the pilot's index instead of the whole
 * instance. Two steps: with the listed rule in the same query SQLite starts from the visibility index
 * and walks every public flight of the instance (measured 0.4 s for one pilot).
 */
export async function unplacedListedFlightsOf(db: Db, userId: number) {
  const ids = (await unplacedFlights(db).select('flights.id').where('flights.userId', '=', userId).execute()).map((r) => r.id);
  const rows: { id: number; takeoffLat: number | null; takeoffLon: number | null; aircraftCategory: string }[] = [];
  for (let k = 0; k < ids.length; k += IDS_PER_PROBE) {
    rows.push(...(await db.selectFrom('flights').select(['flights.id', 'flights.takeoffLat', 'flights.takeoffLon', 'flights.aircraftCategory']).where('flights.id', 'in', ids.slice(k, k + IDS_PER_PROBE)).where(listed).orderBy('flights.id').execute()));
  }
  return rows;
}

/** The pilot's flights now in a place of another category (the pilot or their wing changed it): they leave it, to be placed again. */
export async function unplaceOtherCategories(db: Db, userId: number): Promise<void> {
  await db
    .deleteFrom('flightPlaces')
    .where('flightPlaces.flightId', 'in', (eb) =>
      eb
        .selectFrom('flights')
        .innerJoin('flightPlaces as fp', 'fp.flightId', 'flights.id')
        .innerJoin('places', 'places.id', 'fp.placeId')
        .select('flights.id')
        .where('flights.userId', '=', userId)
        .whereRef('places.aircraftCategory', '!=', 'flights.aircraftCategory'),
    )
    .execute();
}

export async function insertFlightPlace(db: Db, flightId: number, placeId: number): Promise<void> {
  await db.insertInto('flightPlaces').values({ flightId, placeId }).onConflict((oc) => oc.column('flightId').doNothing()).execute();
}

export function findPlace(db: Db, publicId: string) {
  return db.selectFrom('places').select(['id', 'publicId', 'aircraftCategory']).where('publicId', '=', publicId).executeTakeFirst();
}

/** The place a flight took off from, if it has one. */
export function placeOfFlight(db: Db, flightId: number) {
  return db.selectFrom('flightPlaces').innerJoin('places', 'places.id', 'flightPlaces.placeId').select(['places.id', 'places.publicId']).where('flightPlaces.flightId', '=', flightId).executeTakeFirst();
}

/** The places of several flights. */
export function placesOfFlights(db: Db, flightIds: number[]) {
  return db
    .selectFrom('flightPlaces')
    .innerJoin('places', 'places.id', 'flightPlaces.placeId')
    .select(['flightPlaces.flightId', 'places.id', 'places.publicId'])
    .where('flightPlaces.flightId', 'in', flightIds.length ? flightIds : [-1])
    .execute();
}

/** The public flights at a place: how many, by how many pilots, and their mean takeoff. */
export async function placeTotals(db: Db, placeId: number) {
  const row = await db
    .selectFrom('flights')
    .innerJoin('flightPlaces', 'flightPlaces.flightId', 'flights.id')
    .select((eb) => [eb.fn.countAll().as('flights'), eb.fn.count('flights.userId').distinct().as('pilots'), eb.fn.avg('flights.takeoffLat').as('latitude'), eb.fn.avg('flights.takeoffLon').as('longitude')])
    .where('flightPlaces.placeId', '=', placeId)
    .where(listed)
    .executeTakeFirst();
  return { flights: Number(row?.flights ?? 0), pilots: Number(row?.pilots ?? 0), latitude: Number(row?.latitude ?? 0), longitude: Number(row?.longitude ?? 0) };
}

/** The latest days with public flights at the place, newest first. */
export function placeDays(db: Db, placeId: number, limit: number) {
  return db
    .selectFrom('flights')
    .innerJoin('flightPlaces', 'flightPlaces.flightId', 'flights.id')
    .select((eb) => ['flights.localDate', eb.fn.countAll().as('n')])
    .where('flightPlaces.placeId', '=', placeId)
    .where(listed)
    .where('flights.localDate', 'is not', null)
    .groupBy('flights.localDate')
    .orderBy('flights.localDate', 'desc')
    .limit(limit)
    .execute();
}

/** Names pilots gave the launch sites of the place's public flights, most used first. */
export function placeSiteNames(db: Db, placeId: number) {
  return db
    .selectFrom('flights')
    .innerJoin('flightPlaces', 'flightPlaces.flightId', 'flights.id')
    .innerJoin('sites', 'sites.id', 'flights.siteId')
    .select((eb) => ['sites.name', eb.fn.count('flights.userId').distinct().as('pilots'), eb.fn.countAll().as('n')])
    .where('flightPlaces.placeId', '=', placeId)
    .where(listed)
    .where('sites.named', '=', 1)
    .groupBy('sites.name')
    .execute();
}

/** The detected towns of the place's public flights' takeoffs, most frequent first. */
export function placeTownNames(db: Db, placeId: number) {
  return db
    .selectFrom('flights')
    .innerJoin('flightPlaces', 'flightPlaces.flightId', 'flights.id')
    .select((eb) => ['flights.takeoffLocation', eb.fn.countAll().as('n')])
    .where('flightPlaces.placeId', '=', placeId)
    .where(listed)
    .where('flights.takeoffLocation', 'is not', null)
    .groupBy('flights.takeoffLocation')
    .execute();
}

/** One day's public flights at the place, earliest takeoff first. */
export function placeDayFlights(db: Db, placeId: number, date: string) {
  return listedFlights(db)
    .innerJoin('flightPlaces', 'flightPlaces.flightId', 'flights.id')
    .where('flightPlaces.placeId', '=', placeId)
    .where('flights.localDate', '=', date)
    .orderBy('flights.startTime', 'asc')
    .orderBy('flights.id', 'asc')
    .execute();
}

/** The best public flights of a local year at the place, by score. */
export function bestOfSeason(db: Db, placeId: number, year: number, limit: number) {
  return listedFlights(db)
    .innerJoin('flightPlaces', 'flightPlaces.flightId', 'flights.id')
    .where('flightPlaces.placeId', '=', placeId)
    .where('flights.localYear', '=', year)
    .orderBy('flights.xcPoints', (ob) => ob.desc().nullsLast())
    .orderBy('flights.distance', (ob) => ob.desc().nullsLast())
    .orderBy('flights.id', 'asc')
    .limit(limit)
    .execute();
}
