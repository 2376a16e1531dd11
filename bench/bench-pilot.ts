import { nowIso, type Db } from '../server/src/db';

/** A verified pilot made straight in the database, its name unique per run; answers its id. */
export async function benchPilot(db: Db, prefix: string): Promise<number> {
  const name = `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const row = await db
    .insertInto('users')
    .values({ email: `${name}@bench.local`, username: name, passwordHash: null, displayName: null, role: 'User', preferredLanguage: null, emailVerifiedAt: nowIso(), authProvider: 'local', providerSubject: null, profilePictureUrl: null, createdAt: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
