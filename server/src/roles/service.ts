import { ROLES, type Role, type RoleHolders, type SetRoleBody } from '../../../contract/roles';
import type { Db, DbDeps } from '../db';
import { forbidden, notFound } from '../http';
import * as repo from './repository';

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/** The pilot's roles (docs/career.md, "Roles"). */
export const rolesOf = async (db: Db, userId: number): Promise<Role[]> => (await repo.rolesOf(db, userId)).filter(isRole);
export const hasRole = (db: Db, userId: number, role: Role) => repo.hasRole(db, userId, role);

/** Throws 403 unless the pilot holds the role. */
export async function requireRole(db: Db, userId: number, role: Role, message: string): Promise<void> {
  if (!(await repo.hasRole(db, userId, role))) throw forbidden(message);
}

/** The roles of the pilot asking. */
export const myRoles = async ({ database: { db } }: DbDeps, userId: number) => ({ roles: await rolesOf(db, userId) });

/** Grants or takes back a role by email (the admin screen and the admin CLI). */
export async function setRole({ database: { db } }: DbDeps, { email, role, granted }: SetRoleBody): Promise<void> {
  const user = await repo.findUserByEmail(db, email.trim().toLowerCase());
  if (!user) throw notFound(`No pilot with the email ${email}.`);
  if (granted) await repo.grant(db, user.id, role);
  else await repo.revoke(db, user.id, role);
}

/** Every pilot holding a role, with their roles. */
export async function roleHolders({ database: { db } }: DbDeps): Promise<RoleHolders> {
  const byEmail = new Map<string, RoleHolders['holders'][number]>();
  for (const row of await repo.holders(db)) {
    if (!isRole(row.role)) continue;
    const holder = byEmail.get(row.email) ?? { email: row.email, username: row.username, displayName: row.displayName, roles: [] };
    holder.roles.push(row.role);
    byEmail.set(row.email, holder);
  }
  return { holders: [...byEmail.values()] };
}
