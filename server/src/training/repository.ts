import { nowIso, type Db } from '../db';
import type { Database } from '../db';
import type { Kysely, Transaction } from 'kysely';

type Handle = Kysely<Database> | Transaction<Database>;

export const listExercises = (db: Db) => db.selectFrom('trainingExercises').selectAll().orderBy('retiredAt', (ob) => ob.asc().nullsFirst()).orderBy('id').execute();
export const findExercises = (db: Handle, ids: number[]) => (ids.length ? db.selectFrom('trainingExercises').selectAll().where('id', 'in', ids).execute() : Promise.resolve([]));
export const insertExercise = (db: Db, name: string, createdBy: number) =>
  db.insertInto('trainingExercises').values({ exerciseKey: null, name, createdBy, createdAt: nowIso(), retiredAt: null }).returning('id').executeTakeFirstOrThrow();
export const retireExercise = (db: Db, id: number) => db.updateTable('trainingExercises').set({ retiredAt: nowIso() }).where('id', '=', id).where('retiredAt', 'is', null).executeTakeFirst();
export const findExercise = (db: Db, id: number) => db.selectFrom('trainingExercises').selectAll().where('id', '=', id).executeTakeFirst();

/** The student's flights with what a signature covers: times, place and the original recording's hash. */
export function studentFlights(db: Handle, studentId: number, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('flights')
    .leftJoin('igcFiles', 'igcFiles.id', 'flights.igcFileId')
    .leftJoin('sites', 'sites.id', 'flights.siteId')
    .select(['flights.id', 'flights.startTime', 'flights.endTime', 'flights.timeZone', 'flights.flightTime', 'flights.removalReason', 'flights.removalDate', 'flights.takeoffLocation', 'sites.name as siteName', 'igcFiles.sha256 as trackHash'])
    .where('flights.userId', '=', studentId)
    .where('flights.id', 'in', ids)
    .execute();
}

/** A pilot named by email or username (case does not count), with their shown name. */
export const findPilot = (db: Db, nameOrEmail: string) =>
  db
    .selectFrom('users')
    .select(['id', 'username', 'displayName', 'email'])
    .where((eb) => eb.or([eb('email', '=', nameOrEmail.toLowerCase()), eb(eb.fn('lower', ['username']), '=', nameOrEmail.toLowerCase())]))
    .executeTakeFirst();

export const findUserName = (db: Handle, id: number) => db.selectFrom('users').select(['id', 'username', 'displayName']).where('id', '=', id).executeTakeFirst();

export const insertRequest = (db: Db, row: { studentId: number; instructorId: number; flightIds: number[]; exerciseIds: number[]; note: string | null }) =>
  db
    .insertInto('trainingRequests')
    .values({ ...row, flightIds: JSON.stringify(row.flightIds), exerciseIds: JSON.stringify(row.exerciseIds), status: 'pending', createdAt: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();

const requestColumns = ['trainingRequests.id', 'studentId', 'instructorId', 'flightIds', 'exerciseIds', 'note', 'status', 'trainingRequests.createdAt', 'comment', 'decidedAt', 'instructorName', 'signedContent', 'previousHash', 'hash'] as const;
export type RequestRow = Awaited<ReturnType<typeof requestsOfStudent>>[number];

export const requestsOfStudent = (db: Handle, studentId: number) =>
  db
    .selectFrom('trainingRequests')
    .innerJoin('users', 'users.id', 'trainingRequests.instructorId')
    .select([...requestColumns, 'users.username', 'users.displayName'])
    .where('studentId', '=', studentId)
    .orderBy('trainingRequests.id')
    .execute();

export const requestsToInstructor = (db: Db, instructorId: number) =>
  db
    .selectFrom('trainingRequests')
    .innerJoin('users', 'users.id', 'trainingRequests.studentId')
    .select([...requestColumns, 'users.username', 'users.displayName'])
    .where('instructorId', '=', instructorId)
    .orderBy('trainingRequests.id', 'desc')
    .execute();

export const findRequestTo = (db: Handle, instructorId: number, id: number) =>
  db.selectFrom('trainingRequests').selectAll().where('id', '=', id).where('instructorId', '=', instructorId).executeTakeFirst();

/** The hash the student's next signature follows: that of the newest signed entry. */
export async function lastHash(db: Handle, studentId: number): Promise<string | undefined> {
  const row = await db.selectFrom('trainingRequests').select('hash').where('studentId', '=', studentId).where('status', '=', 'signed').orderBy('decidedAt', 'desc').orderBy('id', 'desc').executeTakeFirst();
  return row?.hash ?? undefined;
}

export const decide = (
  db: Handle,
  id: number,
  values: { status: 'signed' | 'declined'; comment: string | null; decidedAt: string; instructorName: string; signedContent?: string; previousHash?: string; hash?: string },
) => db.updateTable('trainingRequests').set(values).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();

export const findCode = (db: Handle, studentId: number) => db.selectFrom('trainingCodes').select('code').where('studentId', '=', studentId).executeTakeFirst();
export const studentOfCode = (db: Db, code: string) => db.selectFrom('trainingCodes').select('studentId').where('code', '=', code).executeTakeFirst();
export async function saveCode(db: Handle, studentId: number, code: string): Promise<void> {
  await db
    .insertInto('trainingCodes')
    .values({ studentId, code, createdAt: nowIso() })
    .onConflict((oc) => oc.column('studentId').doUpdateSet({ code, createdAt: nowIso() }))
    .execute();
}
