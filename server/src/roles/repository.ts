import { nowIso, type Db } from '../db';

export async function rolesOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('userRoles').select('role').where('userId', '=', userId).orderBy('role').execute();
  return rows.map((r) => r.role);
}

export async function hasRole(db: Db, userId: number, role: string): Promise<boolean> {
  return !!(await db.selectFrom('userRoles').select('userId').where('userId', '=', userId).where('role', '=', role).executeTakeFirst());
}

export const findUserByEmail = (db: Db, email: string) => db.selectFrom('users').select(['id', 'email']).where('email', '=', email).executeTakeFirst();

export async function grant(db: Db, userId: number, role: string): Promise<void> {
  await db.insertInto('userRoles').values({ userId, role, grantedAt: nowIso() }).onConflict((oc) => oc.columns(['userId', 'role']).doNothing()).execute();
}

export async function revoke(db: Db, userId: number, role: string): Promise<void> {
  await db.deleteFrom('userRoles').where('userId', '=', userId).where('role', '=', role).execute();
}

export function holders(db: Db) {
  return db
    .selectFrom('userRoles')
    .innerJoin('users', 'users.id', 'userRoles.userId')
    .select(['users.email', 'users.username', 'users.displayName', 'userRoles.role'])
    .orderBy('users.email')
    .orderBy('userRoles.role')
    .execute();
}
