import type { NewSite } from '../../../contract/sites';
import type { Db } from '../db';
import { countedFlights } from '../flights';

export function findSite(db: Db, userId: number, id: number) {
  return db.selectFrom('sites').selectAll().where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
}

export function listSites(db: Db, userId: number) {
  return db.selectFrom('sites').selectAll().where('userId', '=', userId).orderBy('name').orderBy('id').execute();
}

/** A site the pilot placed and named (a new launch, or a flight's launch or landing given by hand). */
export async function insertNamedSite(db: Db, userId: number, s: NewSite): Promise<number> {
  const row = await db.insertInto('sites').values({ userId, name: s.name, latitude: s.latitude, longitude: s.longitude, named: 1 }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function renameSite(db: Db, id: number, name: string): Promise<void> {
  await db.updateTable('sites').set({ name, named: 1 }).where('id', '=', id).execute();
}

/** Launches and landings of one site move to another, as the pilot's choice (kept through re-analysis). */
export async function moveFlights(db: Db, fromId: number, intoId: number): Promise<void> {
  await db.updateTable('flights').set({ siteId: intoId, siteSetByPilot: 1 }).where('siteId', '=', fromId).execute();
  await db.updateTable('flights').set({ landingSiteId: intoId, landingSiteSetByPilot: 1 }).where('landingSiteId', '=', fromId).execute();
}

export async function deleteSite(db: Db, id: number): Promise<void> {
  await db.deleteFrom('sites').where('id', '=', id).execute();
}

/** Per launch site over the pilot's counted flights: flights, seconds, newest start. */
export function launchUsage(db: Db, userId: number) {
  return countedFlights(db, userId)
    .where('flights.siteId', 'is not', null)
    .select((eb) => ['flights.siteId as siteId', eb.fn.countAll().as('flightCount'), eb.fn.sum('flights.flightTime').as('totalSeconds'), eb.fn.max('flights.startTime').as('lastVisit'), eb.fn.max('flights.timeZone').as('timeZone')])
    .groupBy('flights.siteId')
    .execute();
}

/** Per landing site over the pilot's counted flights: landings and newest start. */
export function landingUsage(db: Db, userId: number) {
  return countedFlights(db, userId)
    .where('flights.landingSiteId', 'is not', null)
    .select((eb) => ['flights.landingSiteId as siteId', eb.fn.countAll().as('landingCount'), eb.fn.max('flights.startTime').as('lastVisit'), eb.fn.max('flights.timeZone').as('timeZone')])
    .groupBy('flights.landingSiteId')
    .execute();
}
