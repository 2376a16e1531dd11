// npx tsx bench/flight-list.ts: where the time of GET /api/FlightDetail (all flights of a 10,000-flight
// pilot) goes on the server. Seeds the pilot like the big-logbook bench (SIZE=, DATABASE_URL= for
// PostgreSQL), then times each part REPS times (default 15): the list query (JSON text written by the
// database), the contract check made outside production, compression settings (ms and bytes), and the
// whole request through the app (NODE_ENV=production unless given), uncached and from the read cache.
// Prints medians and minimums; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { flightSummaries } from '../contract/flights';
import { buildApp } from '../server/src/app';
import { createSession } from '../server/src/auth/sessions';
import { loadConfig } from '../server/src/config';
import { seedLogbook } from '../server/src/dev/seed-logbook';
import { listFlightsJson } from '../server/src/flights/repository';
import { bumpDataVersion } from '../server/src/pilot/data-version';
import { createServices } from '../server/src/services';
import { benchPilot } from './bench-pilot';

const SIZE = Number(process.env.SIZE ?? 10_000);
const REPS = Number(process.env.REPS ?? 15);

interface Timing {
  what: string;
  ms: number[];
  note?: string;
}

async function timed<T>(what: string, run: () => T | Promise<T>, note?: (result: T) => string): Promise<Timing> {
  const ms: number[] = [];
  let last: T | undefined;
  for (let i = 0; i < REPS; i++) {
    const started = performance.now();
    last = await run();
    ms.push(performance.now() - started);
  }
  return { what, ms, note: note && last !== undefined ? note(last) : undefined };
}

const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
const median = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)]!;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-flight-list-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WORKERS: '1', NODE_ENV: process.env.NODE_ENV ?? 'production', DATABASE_URL: process.env.DATABASE_URL } as Record<string, string | undefined>);
  const services = await createServices(config, { workers: false });
  const app = await buildApp(services);
  await app.ready();
  try {
    const { db } = services.database;
    const userId = await benchPilot(db, 'list');
    await seedLogbook(db, userId, { count: SIZE });
    await bumpDataVersion(db, userId);
    const sid = await createSession(db, userId);

    const { dialect } = services.database;
    const json = await listFlightsJson(db, dialect, userId, {});
    const rows = flightSummaries.parse(JSON.parse(json));
    const brotli = (quality: number) => () => brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: json.length } });
    const bytes = (b: Buffer) => kb(b.byteLength);
    const get = (encoding: string) => app.inject({ method: 'GET', url: '/api/FlightDetail', cookies: { sid }, headers: { 'accept-encoding': encoding } });

    const timings: Timing[] = [
      await timed('list query (JSON text by the database)', () => listFlightsJson(db, dialect, userId, {}), (s) => kb(s.length)),
      await timed('check outside production: JSON.parse', () => JSON.parse(json)),
      await timed('check outside production: zod parse', () => flightSummaries.parse(rows)),
      await timed('JSON.stringify of the parsed list', () => JSON.stringify(rows), (s) => kb(s.length)),
      await timed('brotli quality 4', brotli(4), bytes),
      await timed('brotli quality 2', brotli(2), bytes),
      await timed('brotli quality 1', brotli(1), bytes),
      await timed('brotli quality 0', brotli(0), bytes),
      await timed('gzip level 6', () => gzipSync(json), bytes),
      await timed('gzip level 1', () => gzipSync(json, { level: 1 }), bytes),
      await timed(
        'GET, uncached, br',
        async () => {
          await bumpDataVersion(db, userId);
          return get('br');
        },
        (res) => `${res.headers['content-encoding']}, ${kb(res.rawPayload.byteLength)}`,
      ),
      await timed('GET, read cache hit, br', () => get('br'), (res) => `${res.headers['x-cache']}, ${res.headers['content-encoding']}, ${kb(res.rawPayload.byteLength)}`),
      await timed('GET, read cache hit, identity', () => get('identity'), (res) => `${res.headers['x-cache']}, ${kb(res.rawPayload.byteLength)}`),
    ];
    console.log(`GET /api/FlightDetail of a pilot with ${rows.length} flights (${dialect}, NODE_ENV=${config.nodeEnv}), ${REPS} runs each; ms median (min)`);
    for (const t of timings) console.log(`${t.what.padEnd(42)} ${String(Math.round(median(t.ms))).padStart(5)} (${Math.round(Math.min(...t.ms))})${t.note ? `  ${t.note}` : ''}`);
  } finally {
    await app.close();
    await services.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
