import { ROLES, type Role, type RoleHolders, type SetRoleBody } from '../../../contract/roles';
import type { Db } from '../db';
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

/** Grants or takes back a role by email (the admin screen and the admin CLI). */
export async function setRole(db: Db, { email, role, granted }: SetRoleBody): Promise<void> {
  const user = await repo.findUserByEmail(db, email.trim().toLowerCase());
  if (!user) throw notFound(`No pilot with the email ${email}.`);
  if (granted) await repo.grant(db, user.id, role);
  else await repo.revoke(db, user.id, role);
}

export async function roleHolders(db: Db): Promise<RoleHolders> {
  const byEmail = new Map<string, RoleHolders['holders'][number]>();
  for (const row of await repo.holders(db)) {
    if (!isRole(row.role)) continue;
    const holder = byEmail.get(row.email) ?? { email: row.email, username: row.username, displayName: row.displayName, roles: [] };
    holder.roles.push(row.role);
    byEmail.set(row.email, holder);
  }
  return { holders: [...byEmail.values()] };
}

/** What the routes call, built once from the services. */
export function rolesService({ database: { db } }: { database: { db: Db } }) {
  return {
    mine: async (userId: number) => ({ roles: await rolesOf(db, userId) }),
    holders: () => roleHolders(db),
    set: (body: SetRoleBody) => setRole(db, body),
  };
}
