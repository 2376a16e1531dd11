/**
 * The flight search on one pilot with 10,000 flights (notes, two site names, IGC type), straight on the
 * repository, so the fold() of every row is measured and not the read cache.
 * `npx tsx bench/search.ts` (SQLite) or `DATABASE_URL=postgres://… npx tsx bench/search.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, nowIso, openDatabase } from '../server/src/db';
import { benchPilot } from './bench-pilot';
import { countByMonth, listFlightsJson } from '../server/src/flights/repository';

const FLIGHTS = 10_000;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-search-'));
  const handle = openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL });
  await migrate(handle);
  const { db } = handle;
  const userId = await benchPilot(db, 'search');
  const sites: number[] = [];
  for (let i = 0; i < 50; i++) sites.push((await db.insertInto('sites').values({ userId, name: `Décollage Nord ${i}`, latitude: 46, longitude: 8 }).returning('id').executeTakeFirstOrThrow()).id);
  const rows = Array.from({ length: FLIGHTS }, (_, i) => {
    const start = new Date(Date.UTC(2010, 0, 1) + (i * 86_400_000) / 3).toISOString();
    return {
      userId, igcFileId: null, segmentIndex: 0, status: 'Completed', startTime: start, localDate: start.slice(0, 10), localYear: Number(start.slice(0, 4)), localMonth: Number(start.slice(5, 7)),
      flightTime: 3600, siteId: sites[i % 50]!, landingSiteId: sites[(i + 7) % 50]!, gliderType: 'OZONE Rush 6', source: 'manual' as const, createdAt: nowIso(),
      notes: i % 100 === 0 ? 'Thermique très forte au-dessus du glacier, atterrissage délicat' : 'Nice flight with some wind from the west, landed at the usual field',
    };
  });
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('flights').values(rows.slice(i, i + 500)).execute();

  const cases: [string, () => Promise<unknown[]>][] = [
    ['list, no search', async () => JSON.parse(await listFlightsJson(db, handle.dialect, userId, {})) as unknown[]],
    ['list, q="GLACIER tres"', async () => JSON.parse(await listFlightsJson(db, handle.dialect, userId, { q: 'GLACIER tres' })) as unknown[]],
    ['months, q="glacier"', () => countByMonth(db, userId, 'glacier')],
  ];
  console.log(`${FLIGHTS} flights on ${handle.dialect}, mean of 5 runs\n\n| query | ms | rows |\n|---|---|---|`);
  for (const [label, run] of cases) {
    await run();
    const t = performance.now();
    let n = 0;
    for (let k = 0; k < 5; k++) n = (await run()).length;
    console.log(`| ${label} | ${((performance.now() - t) / 5).toFixed(0)} | ${n} |`);
  }
  await db.deleteFrom('flights').where('userId', '=', userId).execute();
  await db.deleteFrom('sites').where('userId', '=', userId).execute();
  await db.deleteFrom('users').where('id', '=', userId).execute();
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
