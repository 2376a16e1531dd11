import type { Db } from '../db';
import { countedFlights } from '../flights';

export type ItemFields = {
  kind: string;
  name: string;
  maker: string | null;
  serial: string | null;
  inUseFrom: string | null;
  inUseUntil: string | null;
  notes: string | null;
};
export type CheckFields = { name: string; intervalMonths: number | null; intervalHours: number | null };
export type RecordFields = { doneOn: string; doneBy: string | null; notes: string | null };

export const listItems = (db: Db, userId: number) => db.selectFrom('gearItems').selectAll().where('userId', '=', userId).orderBy('kind').orderBy('name').orderBy('id').execute();
export const findItem = (db: Db, userId: number, id: number) => db.selectFrom('gearItems').selectAll().where('userId', '=', userId).where('id', '=', id).executeTakeFirst();

export async function insertItem(db: Db, userId: number, fields: ItemFields, createdAt: string): Promise<number> {
  return (await db.insertInto('gearItems').values({ userId, ...fields, createdAt }).returning('id').executeTakeFirstOrThrow()).id;
}
export const updateItem = (db: Db, id: number, fields: ItemFields) => db.updateTable('gearItems').set(fields).where('id', '=', id).execute();
export const deleteItem = (db: Db, id: number) => db.deleteFrom('gearItems').where('id', '=', id).execute();

export const listChecks = (db: Db, userId: number) => db.selectFrom('gearChecks').selectAll().where('userId', '=', userId).orderBy('name').orderBy('id').execute();
export const findCheck = (db: Db, userId: number, id: number) => db.selectFrom('gearChecks').selectAll().where('userId', '=', userId).where('id', '=', id).executeTakeFirst();

export async function insertCheck(db: Db, userId: number, owner: { itemId: number | null; gliderId: number | null }, fields: CheckFields, createdAt: string): Promise<number> {
  return (await db.insertInto('gearChecks').values({ userId, ...owner, ...fields, createdAt }).returning('id').executeTakeFirstOrThrow()).id;
}
export const updateCheck = (db: Db, id: number, fields: CheckFields) => db.updateTable('gearChecks').set(fields).where('id', '=', id).execute();
export const deleteCheck = (db: Db, id: number) => db.deleteFrom('gearChecks').where('id', '=', id).execute();

/** The pilot's records without their reports' bytes, newest first. */
export const listRecords = (db: Db, userId: number) =>
  db
    .selectFrom('gearCheckRecords')
    .select(['id', 'checkId', 'doneOn', 'doneBy', 'notes', 'reportType', 'reportName'])
    .where('userId', '=', userId)
    .orderBy('doneOn', 'desc')
    .orderBy('id', 'desc')
    .execute();
export const findRecord = (db: Db, userId: number, id: number) =>
  db.selectFrom('gearCheckRecords').select(['id', 'checkId', 'doneOn', 'doneBy', 'notes', 'reportType', 'reportName']).where('userId', '=', userId).where('id', '=', id).executeTakeFirst();

export async function insertRecord(db: Db, userId: number, checkId: number, fields: RecordFields, createdAt: string): Promise<number> {
  return (await db.insertInto('gearCheckRecords').values({ userId, checkId, ...fields, createdAt }).returning('id').executeTakeFirstOrThrow()).id;
}
export const deleteRecord = (db: Db, id: number) => db.deleteFrom('gearCheckRecords').where('id', '=', id).execute();
export const setReport = (db: Db, id: number, report: { report: Buffer; reportType: string; reportName: string }) => db.updateTable('gearCheckRecords').set(report).where('id', '=', id).execute();
export const reportOf = (db: Db, userId: number, id: number) =>
  db.selectFrom('gearCheckRecords').select(['report', 'reportType', 'reportName']).where('userId', '=', userId).where('id', '=', id).executeTakeFirst();

/** The pilot's counted flights, as much as gear needs: the day, the time in the air, the wing. */
export const flightsForGear = (db: Db, userId: number) => countedFlights(db, userId).select(['flights.localDate', 'flights.flightTime', 'flights.gliderId']).execute();

/** Pilots with at least one check: the reminder's round. */
export async function pilotsWithChecks(db: Db): Promise<{ userId: number; email: string; displayName: string | null; username: string; preferredLanguage: string | null }[]> {
  return db
    .selectFrom('users')
    .select(['users.id as userId', 'users.email', 'users.displayName', 'users.username', 'users.preferredLanguage'])
    .where('users.emailVerifiedAt', 'is not', null)
    .where((eb) => eb.exists(eb.selectFrom('gearChecks').select('gearChecks.id').whereRef('gearChecks.userId', '=', 'users.id')))
    .execute();
}

/**
 * Claims the reminders of these (check, cycle) pairs for one mail; answers the pairs this call claimed.
 * The primary key makes the claim once-only across processes: a pair another run claimed is skipped.
 */
export async function claimReminders(db: Db, userId: number, keys: { checkId: number; cycle: string }[], sentAt: string): Promise<{ checkId: number; cycle: string }[]> {
  const claimed: { checkId: number; cycle: string }[] = [];
  for (const key of keys) {
    const rows = await db
      .insertInto('gearReminders')
      .values({ ...key, userId, sentAt })
      .onConflict((oc) => oc.columns(['checkId', 'cycle']).doNothing())
      .returning('checkId')
      .execute();
    if (rows.length) claimed.push(key);
  }
  return claimed;
}
/** Reminders already claimed for the pilot. */
export const claimedReminders = (db: Db, userId: number) => db.selectFrom('gearReminders').select(['checkId', 'cycle']).where('userId', '=', userId).execute();
