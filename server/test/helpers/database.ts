import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type DatabaseHandle } from '../../src/db';
import { createPostgresDatabase } from './app';

/** An empty database of the given kind (not migrated), for tests that build an old schema and upgrade it. */
export async function openFreshDatabase(kind: 'sqlite' | 'postgres'): Promise<{ handle: DatabaseHandle; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'flightlog-migrate-'));
  const pg = kind === 'postgres' ? await createPostgresDatabase() : undefined;
  const handle = openDatabase({ dataDir, databaseUrl: pg?.url });
  return {
    handle,
    async close() {
      await handle.close();
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh database for each test of the enclosing describe block; read it inside the tests. */
export function freshDatabaseForEachTest(kind: 'sqlite' | 'postgres'): () => DatabaseHandle {
  let fresh: Awaited<ReturnType<typeof openFreshDatabase>> | undefined;
  beforeEach(async () => {
    fresh = await openFreshDatabase(kind);
  });
  afterEach(() => fresh?.close());
  return () => {
    if (!fresh) throw new Error('the database is opened in beforeEach');
    return fresh.handle;
  };
}

/** A pilot row as every schema since 001 accepts it (older migrations' columns only). */
export const oldPilotRow = (username: string, at: string) => ({
  email: `${username}@x.y`, username, passwordHash: null, displayName: null, role: 'User', preferredLanguage: null,
  emailVerifiedAt: at, authProvider: 'local', providerSubject: null, profilePictureUrl: null, createdAt: at,
});
