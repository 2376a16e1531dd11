import { sql } from 'kysely';
import type { Db } from '../db';
import { countedFlights, gliderNameSql } from '../flights';

export type PassengerFields = { name: string; contact: string | null; note: string | null; showPilotName: number };

export const findPassenger = (db: Db, flightId: number) => db.selectFrom('passengers').selectAll().where('flightId', '=', flightId).executeTakeFirst();
export const findPassengerByToken = (db: Db, token: string) => db.selectFrom('passengers').selectAll().where('token', '=', token).executeTakeFirst();

/** Stores the flight's passenger, keeping the page token of one already there. */
export async function upsertPassenger(db: Db, userId: number, flightId: number, fields: PassengerFields, updatedAt: string): Promise<void> {
  await db
    .insertInto('passengers')
    .values({ flightId, userId, ...fields, token: null, updatedAt })
    .onConflict((oc) => oc.column('flightId').doUpdateSet({ ...fields, updatedAt }))
    .execute();
}
export const deletePassenger = (db: Db, flightId: number) => db.deleteFrom('passengers').where('flightId', '=', flightId).execute();
export const setPassengerToken = (db: Db, flightId: number, token: string | null) => db.updateTable('passengers').set({ token }).where('flightId', '=', flightId).execute();

export const pilotNames = (db: Db, userId: number) => db.selectFrom('users').select(['displayName', 'username']).where('id', '=', userId).executeTakeFirst();

/** Tandem flights among the pilot's counted flights, per local year. */
export const tandemSeasons = (db: Db, userId: number) =>
  countedFlights(db, userId)
    .innerJoin('passengers', 'passengers.flightId', 'flights.id')
    .select((eb) => ['flights.localYear as year', eb.fn.countAll().as('count')])
    .groupBy('flights.localYear')
    .orderBy('flights.localYear', 'desc')
    .execute();

/** Tandem flights among the pilot's counted flights, per wing (null: no wing linked). */
export const tandemWings = (db: Db, userId: number) =>
  countedFlights(db, userId)
    .innerJoin('passengers', 'passengers.flightId', 'flights.id')
    .leftJoin('gliders', 'gliders.id', 'flights.gliderId')
    .select((eb) => ['flights.gliderId', sql<string | null>`max(${gliderNameSql})`.as('gliderName'), eb.fn.countAll().as('count')])
    .groupBy('flights.gliderId')
    .execute();
