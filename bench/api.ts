// npm run bench:api: seeds 200 pilots, one with 10,000 flights over ten years, starts the server and
// measures each read endpoint with autocannon (32 connections) beside /api/auth/check in the same
// run. Prints a table; asserts nothing.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { evaluateAchievements } from '../server/src/achievements/service';
import { hashPassword } from '../server/src/auth/passwords';
import { createSession } from '../server/src/auth/sessions';
import { migrate, nowIso, openDatabase, type Db } from '../server/src/db';

const PILOTS = 200;
const HEAVY_FLIGHTS = 10_000;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);

async function seedPilot(db: Db, n: number, flights: number): Promise<number> {
  const user = await db
    .insertInto('users')
    .values({ email: `pilot${n}@bench.local`, username: `pilot${n}`, passwordHash: await hashPassword('Bench#2024'), displayName: null, role: 'User', preferredLanguage: 'en', emailVerifiedAt: nowIso(), authProvider: 'local', providerSubject: null, profilePictureUrl: null, createdAt: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const task = await db.insertInto('uploadTasks').values({ userId: user.id, uploadDate: nowIso(), filename: 'seed.zip', fileSize: 0, status: 'Completed', errorMessage: null, estimatedFlightCount: flights, processedFlightCount: flights, duplicateFlightCount: 0 }).returning('id').executeTakeFirstOrThrow();
  const sites = await Promise.all(['Fiesch', 'Niesen', 'Annecy', 'Bassano', 'Kobarid'].map((name, i) => db.insertInto('sites').values({ userId: user.id, name, latitude: 46 + i, longitude: 8 + i }).returning('id').executeTakeFirstOrThrow()));
  const start = Date.parse('2016-01-01T00:00:00Z');
  const span = 10 * 365 * 86_400_000;
  for (let i = 0; i < flights; i += 500) {
    const batch = Array.from({ length: Math.min(500, flights - i) }, (_, k) => i + k);
    const files = await db
      .insertInto('igcFiles')
      .values(batch.map((j) => ({ uploadTaskId: task.id, userId: user.id, originalFilename: `${j}.igc`, fileSize: 100_000, sha256: `${user.id}-${j}`, status: 'Completed', reason: null, content: null, attempts: 1, createdAt: nowIso() })))
      .returning('id')
      .execute();
    await db
      .insertInto('flights')
      .values(
        batch.map((j, k) => {
          const t = new Date(start + Math.floor((j / flights) * span) + (j % 7) * 3600_000);
          const localDate = t.toISOString().slice(0, 10);
          return {
            userId: user.id, igcFileId: files[k]!.id, segmentIndex: 0, status: 'Completed', startTime: t.toISOString(), endTime: t.toISOString(), timeZone: 'Europe/Zurich',
            localDate, localYear: t.getUTCFullYear(), localMonth: t.getUTCMonth() + 1, flightTime: 600 + (j % 50) * 300, distance: (j % 90) + 0.5, xcDistance: (j % 90) + 0.5, xcPoints: (j % 90) * 1.2,
            flightCode: ['od', 'tri', 'fai'][j % 3]!, maxAltitude: 1500 + (j % 30) * 100, leftCircles: j % 40, rightCircles: j % 30, siteId: sites[j % 5]!.id, takeoffLocation: 'Fiesch',
            removalReason: j % 97 === 0 ? 5 : null, createdAt: nowIso(),
          };
        }),
      )
      .execute();
  }
  return user.id;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-api-'));
  const handle = openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL });
  await migrate(handle);
  const t0 = performance.now();
  const heavy = await seedPilot(handle.db, 0, HEAVY_FLIGHTS);
  for (let n = 1; n < PILOTS; n++) await seedPilot(handle.db, n, 20);
  await evaluateAchievements(handle.db, heavy);
  const token = await createSession(handle.db, heavy);
  await handle.close();
  console.log(`Seeded ${PILOTS} pilots (one with ${HEAVY_FLIGHTS} flights) in ${((performance.now() - t0) / 1000).toFixed(1)} s on ${handle.dialect}`);

  const port = 4800 + Math.floor(Math.random() * 200);
  const server = spawn(process.execPath, ['--import', 'tsx', join(__dirname, '../server/src/main.ts')], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', WORKERS: '1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const headers = { cookie: `sid=${token}` };
  const endpoints = [
    '/api/auth/check',
    '/api/FlightDetail/months',
    '/api/FlightDetail/byMonth?year=2024&month=6',
    '/api/statistics/overall',
    '/api/statistics/yearly-summary',
    '/api/statistics/monthly-hours',
    '/api/statistics/flight-sites',
    '/api/achievements',
  ];
  const rows: string[] = [];
  let baselineP99 = 0;
  for (const path of endpoints) {
    const check = await fetch(base + path, { headers });
    if (!check.ok) throw new Error(`${path} answered ${check.status}`);
    const result = await autocannon({ url: base + path, connections: 32, duration: DURATION_S, headers });
    const p99 = result.latency.p99;
    if (path === '/api/auth/check') baselineP99 = p99;
    rows.push(`| ${path} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${p99} | ${(p99 / Math.max(baselineP99, 1)).toFixed(1)}× | ${result.non2xx + result.errors} |`);
  }
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`\n32 connections, ${DURATION_S} s each, latencies in ms\n`);
  console.log('| endpoint | req/s | p50 | p99 | p99 vs auth/check | errors |\n|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
