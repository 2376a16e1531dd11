// A verified pilot with a big logbook, written into a running server's SQLite database from outside
// (the big-logbook journey and bench): the user row, the flights, a bumped data version.
import { hashPassword } from '../auth';
import { nowIso, openDatabase } from '../db';
import { bumpDataVersion } from '../pilot';
import { seedLogbook, type SeedOptions, type SeedResult } from './seed-logbook';

export interface SeededPilot extends SeedResult {
  userId: number;
}

export async function seedPilot(dataDir: string, pilot: { email: string; username: string; password: string }, opts: SeedOptions = {}): Promise<SeededPilot> {
  const handle = openDatabase({ dataDir });
  try {
    const { db } = handle;
    const user = await db
      .insertInto('users')
      .values({ email: pilot.email, username: pilot.username, passwordHash: await hashPassword(pilot.password), displayName: pilot.username, role: 'User', preferredLanguage: null, emailVerifiedAt: nowIso(), authProvider: 'local', providerSubject: null, profilePictureUrl: null, createdAt: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const seeded = await seedLogbook(db, user.id, opts);
    await bumpDataVersion(db, user.id);
    return { userId: user.id, ...seeded };
  } finally {
    await handle.close();
  }
}
