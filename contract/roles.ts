import { z } from 'zod';

/**
 * Roles an admin grants beside Admin (docs/career.md, "Roles"): an instructor signs students' training
 * logs and edits the exercise list; a safety officer reads the incident reports pilots share without
 * their name, and the totals.
 */
export const ROLES = ['instructor', 'safety-officer'] as const;
export type Role = (typeof ROLES)[number];
export const role = z.enum(ROLES, { error: `role must be one of: ${ROLES.join(', ')}.` });

/** GET /api/roles/mine: the signed-in pilot's roles. */
export const myRoles = z.object({ roles: z.array(role) });
export type MyRoles = z.infer<typeof myRoles>;

/** GET /api/admin/roles (admins): every pilot who holds a role. */
export const roleHolders = z.object({
  holders: z.array(z.object({ email: z.string(), username: z.string(), displayName: z.string().nullable(), roles: z.array(role) })),
});
export type RoleHolders = z.infer<typeof roleHolders>;

/** PUT /api/admin/roles (admins): grant or take back a role, by the pilot's email. */
export const setRoleBody = z.object({
  email: z.string({ error: 'Give the pilot’s email.' }).trim().toLowerCase().email('Give the pilot’s email.').max(200),
  role,
  granted: z.boolean({ error: 'granted must be true or false.' }),
});
export type SetRoleBody = z.infer<typeof setRoleBody>;
