import type { ClubRole } from '../../../contract/clubs';
import type { Db, Dialect } from '../db';
import { listedFlights } from '../privacy';

// A club by its slug is also what a club's rankings look up, so the query lives in rankings/.
export { findClubBySlug } from '../rankings';

export function findClubByInviteHash(db: Db, inviteHash: string) {
  return db.selectFrom('clubs').select(['id', 'slug', 'name']).where('inviteHash', '=', inviteHash).executeTakeFirst();
}

export async function slugTaken(db: Db, slug: string): Promise<boolean> {
  return !!(await db.selectFrom('clubs').select('id').where('slug', '=', slug).executeTakeFirst());
}

export async function insertClub(db: Db, club: { slug: string; name: string; createdAt: string }): Promise<number> {
  const row = await db.insertInto('clubs').values(club).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes the club; its members and home places go with it (foreign keys, migration 012). */
export async function deleteClub(db: Db, clubId: number): Promise<void> {
  await db.deleteFrom('clubs').where('id', '=', clubId).execute();
}

export async function setInviteHash(db: Db, clubId: number, inviteHash: string, at: string): Promise<void> {
  await db.updateTable('clubs').set({ inviteHash, inviteCreatedAt: at }).where('id', '=', clubId).execute();
}

/** Adds a member (nothing when they already are one, whatever their role). */
export async function insertMember(db: Db, member: { clubId: number; userId: number; role: ClubRole; joinedAt: string }): Promise<void> {
  await db.insertInto('clubMembers').values(member).onConflict((oc) => oc.columns(['clubId', 'userId']).doNothing()).execute();
}

export async function roleOf(db: Db, clubId: number, userId: number): Promise<ClubRole | null> {
  const row = await db.selectFrom('clubMembers').select('role').where('clubId', '=', clubId).where('userId', '=', userId).executeTakeFirst();
  return row?.role ?? null;
}

/** The member with this username, if the pilot is one. */
export function memberByUsername(db: Db, clubId: number, username: string) {
  return db
    .selectFrom('clubMembers')
    .innerJoin('users', 'users.id', 'clubMembers.userId')
    .select(['clubMembers.userId', 'clubMembers.role'])
    .where('clubMembers.clubId', '=', clubId)
    .where('users.username', '=', username)
    .executeTakeFirst();
}

/**
 * Holds the club's row until the transaction ends, so membership changes of one club run one after
 * the other. PostgreSQL needs the row lock; SQLite's transactions already take the write lock when
 * they begin (db/index.ts), and it has no FOR UPDATE.
 */
export async function lockClub(trx: Db, dialect: Dialect, clubId: number): Promise<void> {
  if (dialect === 'postgres') await trx.selectFrom('clubs').select('id').where('id', '=', clubId).forUpdate().execute();
}

/**
 * Removes a member, or takes the admin role from one, only if the club keeps another admin (counted
 * by the statement itself, inside a transaction holding lockClub). Answers whether it changed a row.
 */
const otherAdmins = (db: Db, clubId: number, userId: number) =>
  db.selectFrom('clubMembers').select((eb) => eb.fn.countAll().as('n')).where('clubId', '=', clubId).where('role', '=', 'admin').where('userId', '!=', userId);

export async function deleteMemberKeepingAnAdmin(db: Db, clubId: number, userId: number): Promise<boolean> {
  const res = await db
    .deleteFrom('clubMembers')
    .where('clubId', '=', clubId)
    .where('userId', '=', userId)
    .where((eb) => eb.or([eb('role', '!=', 'admin'), eb(otherAdmins(db, clubId, userId), '>', 0)]))
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export async function setRole(db: Db, clubId: number, userId: number, role: ClubRole): Promise<boolean> {
  let q = db.updateTable('clubMembers').set({ role }).where('clubId', '=', clubId).where('userId', '=', userId);
  if (role !== 'admin') q = q.where((eb) => eb(otherAdmins(db, clubId, userId), '>', 0));
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Members with their names, admins first, then by when they joined. */
export function clubMembers(db: Db, clubId: number) {
  return db
    .selectFrom('clubMembers')
    .innerJoin('users', 'users.id', 'clubMembers.userId')
    .select(['clubMembers.userId', 'clubMembers.role', 'users.displayName', 'users.username', 'users.publicPage'])
    .where('clubMembers.clubId', '=', clubId)
    .orderBy('clubMembers.role', 'asc')
    .orderBy('clubMembers.joinedAt', 'asc')
    .orderBy('users.username', 'asc')
    .execute();
}

/** The clubs a pilot belongs to, with how many members each has. */
export function clubsOfPilot(db: Db, userId: number) {
  return db
    .selectFrom('clubMembers as mine')
    .innerJoin('clubs', 'clubs.id', 'mine.clubId')
    .select((eb) => [
      'clubs.slug',
      'clubs.name',
      'mine.role',
      eb.selectFrom('clubMembers').select((e) => e.fn.countAll().as('n')).whereRef('clubMembers.clubId', '=', 'clubs.id').as('memberCount'),
    ])
    .where('mine.userId', '=', userId)
    .orderBy('clubs.name', 'asc')
    .execute();
}

export async function replacePlaces(db: Db, clubId: number, placeIds: number[]): Promise<void> {
  await db.deleteFrom('clubPlaces').where('clubId', '=', clubId).execute();
  if (placeIds.length) await db.insertInto('clubPlaces').values(placeIds.map((placeId) => ({ clubId, placeId }))).execute();
}

export function placesOfClub(db: Db, clubId: number) {
  return db.selectFrom('clubPlaces').innerJoin('places', 'places.id', 'clubPlaces.placeId').select(['places.id', 'places.publicId']).where('clubPlaces.clubId', '=', clubId).orderBy('places.id').execute();
}

/** The members' public flights of local dates from..to, earliest takeoff first. */
export function membersFlights(db: Db, clubId: number, from: string, to: string) {
  return listedFlights(db)
    .where('flights.userId', 'in', (eb) => eb.selectFrom('clubMembers').select('clubMembers.userId').where('clubMembers.clubId', '=', clubId))
    .where('flights.localDate', '>=', from)
    .where('flights.localDate', '<=', to)
    .orderBy('flights.startTime', 'asc')
    .orderBy('flights.id', 'asc')
    .execute();
}
