import { randomInt } from 'node:crypto';
import type { AuthUser, Profile } from '../../../contract/auth';
import { unitPreference, type UnitPreference } from '../../../contract/units';
import { nowIso, type Db, type User } from '../db';
import type { OidcClaims } from './oidc';
import { findUserByEmail, findUserById, findUserByProviderSubject, findUsernamesStartingWith, insertUser, updateUser } from './repository';

/** The user as `GET /api/auth/check` and login describe it. */
export const toAuthUser = (u: User): AuthUser => ({
  id: u.id,
  email: u.email,
  username: u.username,
  displayName: u.displayName,
  role: u.role,
  preferredLanguage: u.preferredLanguage,
  emailVerified: !!u.emailVerifiedAt,
  authProvider: u.authProvider,
  units: unitsOf(u),
});

/** The pilot's chosen units, or null when none (or a stored value no longer valid) was chosen. */
export function unitsOf(u: Pick<User, 'unitAltitude' | 'unitDistance' | 'unitSpeed' | 'unitClimb'>): UnitPreference | null {
  const parsed = unitPreference.safeParse({ altitude: u.unitAltitude, distance: u.unitDistance, speed: u.unitSpeed, climb: u.unitClimb });
  return parsed.success ? parsed.data : null;
}

/** The columns that store a units choice (all null: follow the language's region). */
export const unitColumns = (units: UnitPreference | null) => ({
  unitAltitude: units?.altitude ?? null,
  unitDistance: units?.distance ?? null,
  unitSpeed: units?.speed ?? null,
  unitClimb: units?.climb ?? null,
});

/** The user with the profile page's extra fields; here `emailVerified` is the date of the verification, or null (docs/product.md). */
export const toProfile = (u: User): Profile => ({ ...toAuthUser(u), profilePictureUrl: u.profilePictureUrl, emailVerified: u.emailVerifiedAt });

export const isUniqueViolation = (err: unknown) => /unique/i.test(String((err as Error)?.message));

/** The user, who must exist (an id taken from a session or a used code). */
export async function userById(db: Db, id: number): Promise<User> {
  const user = await findUserById(db, id);
  if (!user) throw new Error(`No user ${id}`);
  return user;
}

/** Refused sign-in whose message the visitor reads on the login page. */
export class SignInRefused extends Error {}

/**
 * The account for a provider identity: the one already linked to the subject, else an existing
 * account with the same email (linked only when the provider vouches for that email), else a new one.
 */
export async function findOrCreateOidcUser(db: Db, claims: OidcClaims, role: string): Promise<{ user: User; created: boolean }> {
  const verifiedAt = claims.emailVerified ? nowIso() : null;
  const bySubject = await findUserByProviderSubject(db, 'google', claims.subject);
  const existing = bySubject ?? (await findUserByEmail(db, claims.email));
  if (existing) {
    if (!bySubject && !claims.emailVerified) {
      throw new SignInRefused('An account with this email already exists. Log in with your password.');
    }
    await updateUser(db, existing.id, {
      providerSubject: existing.authProvider === 'google' ? claims.subject : existing.providerSubject ?? claims.subject,
      profilePictureUrl: claims.picture ?? existing.profilePictureUrl,
      emailVerifiedAt: existing.emailVerifiedAt ?? verifiedAt,
      role: role === 'Admin' ? role : existing.role,
    });
    return { user: await userById(db, existing.id), created: false };
  }
  const username = await freeUsername(db, claims.email);
  for (let attempt = 0; ; attempt++) {
    try {
      const user = await insertUser(db, {
        email: claims.email,
        username: attempt === 0 ? username : `${username.slice(0, 40)}${randomInt(1000, 9999)}`,
        passwordHash: null,
        displayName: claims.name?.slice(0, 100) ?? null,
        role,
        preferredLanguage: null,
        emailVerifiedAt: verifiedAt,
        authProvider: 'google',
        providerSubject: claims.subject,
        profilePictureUrl: claims.picture,
        createdAt: nowIso(),
      });
      return { user, created: true };
    } catch (err) {
      if (!isUniqueViolation(err) || attempt > 20) throw err;
    }
  }
}

/** A username derived from the email's local part, numbered when taken (case-insensitively). */
async function freeUsername(db: Db, email: string): Promise<string> {
  const base = (email.split('@')[0] ?? '').replace(/[^a-zA-Z0-9._-]/g, '').slice(0, 40) || 'pilot';
  const names = new Set((await findUsernamesStartingWith(db, base)).map((name) => name.toLowerCase()));
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}${n}`;
    if (!names.has(candidate.toLowerCase())) return candidate;
  }
}
