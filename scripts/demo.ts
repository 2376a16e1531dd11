// npm run demo: creates (or refills) a demo pilot with a season of synthetic flights, analysed.
import { hashPassword } from '../server/src/auth/passwords';
import { loadConfig } from '../server/src/config';
import { nowIso } from '../server/src/db';
import { createServices } from '../server/src/services';
import { storeUpload } from '../server/src/uploads/store-upload';
import { season } from './synthetic-igc';

const EMAIL = 'demo@flightlog.local';
const PASSWORD = 'Demo#Pilot1';

async function main() {
  const services = await createServices(loadConfig());
  const { db } = services.database;
  let user = await db.selectFrom('users').select('id').where('email', '=', EMAIL).executeTakeFirst();
  user ??= await db
    .insertInto('users')
    .values({ email: EMAIL, username: 'demo', passwordHash: await hashPassword(PASSWORD), displayName: 'Demo Pilot', role: 'User', preferredLanguage: null, emailVerifiedAt: nowIso(), authProvider: 'local', providerSubject: null, profilePictureUrl: null, createdAt: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const files = season(40, '2025-04-01').map((f) => ({ name: f.name, size: f.igc.length, bytes: Buffer.from(f.igc) }));
  const res = await storeUpload(services.ingest, user.id, 'demo-season.zip', files.reduce((n, f) => n + f.size, 0), files);
  console.log(`Analysing ${res.estimatedFlightCount} flights (${res.duplicateCount} already there)...`);
  await services.queue.drain();
  await services.close();
  console.log(`Demo pilot ready: log in as ${EMAIL} with password ${PASSWORD}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
