import { sql } from 'kysely';
import type { GliderBody } from '../../../contract/gliders';
import { nowIso, type Db } from '../db';
import { countedFlights } from '../flights';

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

/** The pilot's flights whose wing was found automatically (not chosen by the pilot), with what the link reads. */
export function automaticallyLinkedFlights(db: Db, userId: number) {
  return db.selectFrom('flights').select(['id', 'gliderType', 'localDate', 'gliderId']).where('userId', '=', userId).where('gliderSetByPilot', '=', 0).execute();
}

/** Ids among `ids` that are the pilot's flights. */
export async function ownFlightIds(db: Db, userId: number, ids: number[]): Promise<number[]> {
  const own: number[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db.selectFrom('flights').select('id').where('userId', '=', userId).where('id', 'in', ids.slice(i, i + CHUNK)).execute();
    own.push(...rows.map((r) => r.id));
  }
  return own;
}

/** The pilot's flights that took off on a local day from `from` to `to`. */
export async function flightIdsBetween(db: Db, userId: number, from: string, to: string): Promise<number[]> {
  const rows = await db.selectFrom('flights').select('id').where('userId', '=', userId).where('localDate', '>=', from).where('localDate', '<=', to).execute();
  return rows.map((r) => r.id);
}

/** Ids per statement: well under SQLite's bound-parameter limit. */
const CHUNK = 500;

/** Puts the pilot's flights `ids` on the wing; `byPilot` keeps that choice through re-analysis. */
export async function setFlightsGlider(db: Db, userId: number, ids: number[], gliderId: number | null, byPilot: boolean): Promise<number> {
  let changed = 0;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const res = await db
      .updateTable('flights')
      .set({ gliderId, gliderSetByPilot: byPilot ? 1 : 0 })
      .where('userId', '=', userId)
      .where('id', 'in', ids.slice(i, i + CHUNK))
      .executeTakeFirst();
    changed += Number(res.numUpdatedRows);
  }
  return changed;
}
