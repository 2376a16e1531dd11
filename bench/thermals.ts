/**
 * Thermal map answer time (docs/thermal-maps.md): 1,000 pilots × 200 flights (80 % public) with their
 * thermals already in thermal_spots, spread over 60 flying regions of the Alps; then the public and the
 * own map of a 100 km box around the busiest region, through the service (spots index check included).
 * `npm run bench:thermals` (SQLite) or `DATABASE_URL=postgres://… npm run bench:thermals`.
 * It prints; it does not assert. Target: ≤ 200 ms a map.
 */
import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { isPostgresUrl, migrate, nowIso, openDatabase, type ThermalSpotsTable } from '../server/src/db';
import { spotsByCellAndHourQuery } from '../server/src/thermals/repository';
import { thermalMap } from '../server/src/thermals/service';
import { thermalsQuery } from '../contract/thermals';
import { prng } from '../scripts/prng';

const PILOTS = Number(process.env.BENCH_PILOTS ?? 1000);
const FLIGHTS_EACH = Number(process.env.BENCH_FLIGHTS ?? 200);
const REGIONS = Array.from({ length: 60 }, (_, i) => ({ latitude: 44 + (i % 6) * 0.8, longitude: 5 + Math.floor(i / 6) * 1.1 }));
const RUNS = 10;

/** On PostgreSQL the bench makes its own database beside the one named and drops it at the end. */
async function ownDatabase(url: string | undefined): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  if (!isPostgresUrl(url)) return { url, drop: async () => undefined };
  const name = `flightlog_bench_thermals_${Date.now().toString(36)}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(statement);
    await c.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return { url: own.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-thermals-'));
  const database = await ownDatabase(process.env.DATABASE_URL);
  const handle = openDatabase({ dataDir, databaseUrl: database.url });
  await migrate(handle);
  const { db } = handle;
  const rand = prng(24);
  const tag = Date.now().toString(36);
  const setup = performance.now();
  const users = Array.from({ length: PILOTS }, (_, i) => ({
    email: `t${tag}${i}@bench.local`, username: `t${tag}${i}`, passwordHash: null, displayName: null, role: 'User', preferredLanguage: null, emailVerifiedAt: nowIso(), authProvider: 'local', providerSubject: null, profilePictureUrl: null, createdAt: nowIso(),
  }));
  const userIds: number[] = [];
  for (let i = 0; i < users.length; i += 500) userIds.push(...(await db.insertInto('users').values(users.slice(i, i + 500)).returning('id').execute()).map((r) => r.id));

  let spotsTotal = 0;
  for (const [u, userId] of userIds.entries()) {
    const home = REGIONS[u % REGIONS.length]!;
    const flights = Array.from({ length: FLIGHTS_EACH }, (_, k) => {
      const start = new Date(Date.UTC(2015 + (k % 10), 3 + (k % 6), 1 + (k % 28), 9 + (k % 5))).toISOString();
      return {
        userId, igcFileId: null, segmentIndex: 0, status: 'Completed', startTime: start, localDate: start.slice(0, 10), localYear: Number(start.slice(0, 4)), localMonth: Number(start.slice(5, 7)),
        timeZone: 'Europe/Zurich', flightTime: 3600, source: 'manual' as const, createdAt: nowIso(), visibility: (rand() < 0.8 ? 'public' : 'private') as 'public' | 'private',
        takeoffLat: home.latitude + (rand() - 0.5) * 0.1, takeoffLon: home.longitude + (rand() - 0.5) * 0.1,
      };
    });
    const ids = (await db.transaction().execute(async (trx) => (await trx.insertInto('flights').values(flights).returning('id').execute()).map((r) => r.id)));
    const spots: ThermalSpotsTable[] = [];
    ids.forEach((flightId, k) => {
      const f = flights[k]!;
      const thermals = Math.floor(rand() * 7);
      if (thermals === 0) spots.push({ flightId, userId, latitude: f.takeoffLat, longitude: f.takeoffLon, climb: null, altitude: 1500, localMonth: f.localMonth, localHour: 9 + (k % 5) + 2 });
      for (let t = 0; t < thermals; t++) {
        spots.push({ flightId, userId, latitude: f.takeoffLat + (rand() - 0.5) * 0.6, longitude: f.takeoffLon + (rand() - 0.5) * 0.8, climb: Math.round(rand() * 40) / 10, altitude: 1200 + rand() * 1800, localMonth: f.localMonth, localHour: 10 + ((k + t) % 8) + 2 });
      }
    });
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < spots.length; i += 1000) await trx.insertInto('thermalSpots').values(spots.slice(i, i + 1000)).execute();
    });
    spotsTotal += spots.length;
  }
  // Fresh statistics (and on PostgreSQL the visibility map index-only scans need), as autovacuum keeps them on a live instance.
  await sql.raw(handle.dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(db);
  console.log(`${PILOTS} pilots × ${FLIGHTS_EACH} flights, ${spotsTotal} spots on ${handle.dialect}; set up in ${((performance.now() - setup) / 1000).toFixed(0)} s`);

  const deps = { database: { db } };
  const centre = REGIONS[0]!;
  // 100 km a side at 44° N: 0.9° of latitude, 1.25° of longitude.
  const bbox = [centre.longitude - 0.625, centre.latitude - 0.45, centre.longitude + 0.625, centre.latitude + 0.45].map((v) => v.toFixed(4)).join(',');
  const cases: [string, Record<string, string>, number | undefined][] = [
    ['public, 100 km box', { scope: 'public', bbox }, undefined],
    ['public, 100 km box, July, 12-15 h', { scope: 'public', bbox, months: '7', hours: '12,13,14,15' }, undefined],
    ['mine (200 flights), 100 km box', { scope: 'mine', bbox }, userIds[0]],
  ];
  console.log(`\n| map | median ms | slowest ms | cells | target |\n|---|---|---|---|---|`);
  for (const [label, raw, userId] of cases) {
    const query = thermalsQuery.parse(raw);
    await thermalMap(deps, query, userId);
    const times: number[] = [];
    let cells = 0;
    for (let k = 0; k < RUNS; k++) {
      const t = performance.now();
      cells = (await thermalMap(deps, query, userId)).cells.length;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(`| ${label} | ${times[RUNS >> 1]!.toFixed(0)} | ${times[RUNS - 1]!.toFixed(0)} | ${cells} | ≤ 200 |`);
  }
  if (process.env.BENCH_EXPLAIN) {
    const q = spotsByCellAndHourQuery(db, { box: thermalsQuery.parse({ bbox }).bbox, cellSize: 0.02, category: 'paraglider' }).compile();
    let next = 0;
    const literal = (v: unknown) => (typeof v === 'string' ? `'${v}'` : String(v));
    const inlined = q.sql.replace(/\$(\d+)|\?/g, (_m, n?: string) => literal(q.parameters[n ? Number(n) - 1 : next++]));
    const plan = await sql.raw(`explain ${handle.dialect === 'postgres' ? 'analyze ' : 'query plan '}${inlined}`).execute(db);
    console.log(plan.rows);
  }
  console.log('\nThe ranking answer is measured by the rankings work, not here.');

  await handle.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
