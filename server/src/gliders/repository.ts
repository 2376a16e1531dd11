import { sql } from 'kysely';
import type { GliderBody } from '../../../contract/gliders';
import { nowIso, type Db } from '../db';
import { countedFlights } from '../flights/repository';

/** The stored columns of a wing as the pilot gives them (contract gliderBody after parsing). */
export type GliderFields = { [K in keyof Required<GliderBody>]: Exclude<GliderBody[K], undefined> } & { isDefault: boolean };

const columns = (g: GliderFields) => ({ ...g, isDefault: g.isDefault ? 1 : 0 });

export function listGliders(db: Db, userId: number) {
  return db.selectFrom('gliders').selectAll().where('userId', '=', userId).orderBy('isDefault', 'desc').orderBy('manufacturer').orderBy('model').orderBy('id').execute();
}

export function findGlider(db: Db, userId: number, id: number) {
  return db.selectFrom('gliders').selectAll().where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
}

export async function insertGlider(db: Db, userId: number, g: GliderFields): Promise<number> {
  const row = await db.insertInto('gliders').values({ userId, ...columns(g), createdAt: nowIso() }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateGlider(db: Db, id: number, g: GliderFields): Promise<void> {
  await db.updateTable('gliders').set(columns(g)).where('id', '=', id).execute();
}

/** The pilot has one default wing: every other one stops being it. */
export async function clearDefaultExcept(db: Db, userId: number, id: number): Promise<void> {
  await db.updateTable('gliders').set({ isDefault: 0 }).where('userId', '=', userId).where('id', '!=', id).where('isDefault', '=', 1).execute();
}

/** The wing's flights lose their link (and the pilot's choice of it); their IGC glider type stays. */
export async function unlinkFlights(db: Db, gliderId: number): Promise<void> {
  await db.updateTable('flights').set({ gliderId: null, gliderSetByPilot: 0 }).where('gliderId', '=', gliderId).execute();
}

export async function deleteGlider(db: Db, id: number): Promise<void> {
  await db.deleteFrom('gliders').where('id', '=', id).execute();
}

/** Per linked wing over the pilot's counted flights: totals, first and last flight, seconds since its check. */
export function gliderUsage(db: Db, userId: number) {
  const since = sql<number>`sum(case when ${sql.ref('gliders.lastCheck')} is null or ${sql.ref('flights.startTime')} >= ${sql.ref('gliders.lastCheck')} then ${sql.ref('flights.flightTime')} else 0 end)`;
  return countedFlights(db, userId)
    .innerJoin('gliders', 'gliders.id', 'flights.gliderId')
    .select((eb) => [
      'gliders.id as gliderId',
      eb.fn.countAll().as('flightCount'),
      eb.fn.sum('flights.flightTime').as('totalSeconds'),
      eb.fn.min('flights.startTime').as('firstFlown'),
      eb.fn.max('flights.startTime').as('lastFlown'),
      since.as('secondsSinceCheck'),
    ])
    .groupBy('gliders.id')
    .execute();
}
