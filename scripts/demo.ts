// npm run demo: creates (or refills) a demo pilot with a season of synthetic flights, analysed.
// npm run demo -- --size 10000: a second pilot with that many flights over ten years, written
// straight into the database in seconds (server/src/dev/seed-logbook.ts), to try the scale.
import { hashPassword } from '../server/src/auth/passwords';
import { loadConfig } from '../server/src/config';
import { nowIso, type Db } from '../server/src/db';
import { seedLogbook } from '../server/src/dev/seed-logbook';
import { createServices } from '../server/src/services';
import { storeUpload } from '../server/src/uploads/store-upload';
import { season } from './synthetic-igc';

const PASSWORD = 'Demo#Pilot1';

/** `--size N` (or `--size=N`) from the command line; undefined without it. */
function sizeOption(argv: readonly string[]): number | undefined {
  const at = argv.findIndex((a) => a === '--size' || a.startsWith('--size='));
  if (at < 0) return undefined;
  const raw = argv[at]!.includes('=') ? argv[at]!.split('=')[1] : argv[at + 1];
  const size = Number(raw);
  if (!Number.isInteger(size) || size < 1 || size > 200_000) throw new Error(`--size must be a whole number of flights between 1 and 200000 (got ${raw ?? 'nothing'}).`);
  return size;
}

async function pilotId(db: Db, email: string, username: string): Promise<{ id: number; fresh: boolean }> {
  const existing = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (existing) return { id: existing.id, fresh: false };
  const row = await db
    .insertInto('users')
    .values({ email, username, passwordHash: await hashPassword(PASSWORD), displayName: 'Demo Pilot', role: 'User', preferredLanguage: null, emailVerifiedAt: nowIso(), authProvider: 'local', providerSubject: null, profilePictureUrl: null, createdAt: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, fresh: true };
}

async function main() {
  const size = sizeOption(process.argv.slice(2));
  const services = await createServices(loadConfig());
  const { db } = services.database;
  if (size === undefined) {
    const email = 'demo@flightlog.local';
    const user = await pilotId(db, email, 'demo');
    const files = season(40, '2025-04-01').map((f) => ({ name: f.name, size: f.igc.length, bytes: Buffer.from(f.igc) }));
    const res = await storeUpload(services.ingest, user.id, 'demo-season.zip', files.reduce((n, f) => n + f.size, 0), files);
    console.log(`Analysing ${res.estimatedFlightCount} flights (${res.duplicateCount} already there)...`);
    await services.queue.drain();
    console.log(`Demo pilot ready: log in as ${email} with password ${PASSWORD}`);
  } else {
    const email = `demo-${size}@flightlog.local`;
    const user = await pilotId(db, email, `demo${size}`);
    if (user.fresh) {
      const started = performance.now();
      await seedLogbook(db, user.id, { count: size });
      await services.flightsChanged(user.id);
      console.log(`${size} flights written in ${Math.round(performance.now() - started)} ms.`);
    } else {
      console.log(`${email} already has its flights.`);
    }
    console.log(`Demo pilot ready: log in as ${email} with password ${PASSWORD}`);
  }
  await services.close();
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
