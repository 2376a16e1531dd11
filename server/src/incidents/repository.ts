import type { Db, Database } from '../db';
import type { Insertable } from 'kysely';

export type IncidentRow = Awaited<ReturnType<typeof listOwn>>[number];

export const listOwn = (db: Db, userId: number) => db.selectFrom('incidentReports').selectAll().where('userId', '=', userId).orderBy('id', 'desc').execute();
export const findOwn = (db: Db, userId: number, id: number) => db.selectFrom('incidentReports').selectAll().where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
export const insert = (db: Db, row: Insertable<Database['incidentReports']>) => db.insertInto('incidentReports').values(row).returning('id').executeTakeFirstOrThrow();
export const remove = (db: Db, userId: number, id: number) => db.deleteFrom('incidentReports').where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
export const setShared = (db: Db, userId: number, id: number, sharedAt: string | null) =>
  db.updateTable('incidentReports').set({ sharedAt }).where('userId', '=', userId).where('id', '=', id).executeTakeFirst();

/** Shared reports without who filed them: the columns an anonymous report is made of, nothing else. */
export const listShared = (db: Db) =>
  db
    .selectFrom('incidentReports')
    .select(['occurredAt', 'latitude', 'longitude', 'wingClass', 'phase', 'altitude', 'conditions', 'whatHappened', 'injuries', 'reserveThrown', 'cause', 'causeNote'])
    .where('sharedAt', 'is not', null)
    .orderBy('occurredAt', 'desc')
    .execute();
