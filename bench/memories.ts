/**
 * Issue 16 at the scale of a real pilot: the logbook CSV of 10,000 flights, the zip of every original
 * file, and one large phone photo through the photo pipeline. Each is printed beside a reference
 * measured in the same run (the plain list query; the files' own size; a bare sharp decode).
 * The CSV is then imported by a second pilot, while a small query is sent every 5 ms to see how long it waits.
 * `npm run bench:memories` (SQLite) or `DATABASE_URL=postgres://… npm run bench:memories`.
 * BENCH_FILES sets how many seeded flights get a real IGC file behind them (default 500).
 * BENCH_ONLY=import runs only the logbook CSV and its import (no IGC files, zip or photo).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { migrate, openDatabase, type Db } from '../server/src/db';
import { seedLogbook } from '../server/src/dev/seed-logbook';
import { logbookCsvFile, originalsZip } from '../server/src/exports/service';
import { importsService, logbookImporter } from '../server/src/imports/service';
import type { IngestDeps } from '../server/src/ingest';
import { listFlightsJson } from '../server/src/flights/repository';
import { renderPhoto } from '../server/src/photos/image';
import { benchPilot } from './bench-pilot';

const FIXTURES = join(__dirname, '../server/test/fixtures/igc');
const IMPORT_ONLY = process.env.BENCH_ONLY === 'import';
const FILES = IMPORT_ONLY ? 0 : Number(process.env.BENCH_FILES ?? 500);
const mb = (bytes: number) => (bytes / 1048576).toFixed(1);

/** Runs `work` while sampling the process's resident memory; answers the time and the peak growth. */
async function measured<T>(work: () => Promise<T>): Promise<{ ms: number; peakMb: string; value: T }> {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const t = performance.now();
  const value = await work();
  const ms = performance.now() - t;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms, peakMb: mb(peak - base), value };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-memories-'));
  const handle = openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL });
  await migrate(handle);
  const { db } = handle;
  const userId = await benchPilot(db, 'memories');
  await seedLogbook(db, userId, { count: 10_000 });

  // Real recordings behind the first FILES flights, cycling through the fixtures.
  const originals = readdirSync(FIXTURES).filter((f) => /\.igc$/i.test(f)).map((f) => readFileSync(join(FIXTURES, f)));
  const files = await db.selectFrom('igcFiles').select('id').where('userId', '=', userId).orderBy('id').limit(FILES).execute();
  let originalBytes = 0;
  for (const [i, { id }] of files.entries()) {
    const bytes = originals[i % originals.length]!;
    originalBytes += bytes.length;
    await db.updateTable('igcFiles').set({ content: gzipSync(bytes) }).where('id', '=', id).execute();
  }
  const deps = { database: { db } };

  console.log(`One pilot, 10,000 flights (${FILES} with their IGC file), ${handle.dialect}\n`);
  console.log('| what | ms | peak RSS growth MB | size |\n|---|---|---|---|');
  const list = await measured(async () => JSON.parse(await listFlightsJson(db, handle.dialect, userId, {})) as unknown[]);
  console.log(`| reference: the logbook list query | ${list.ms.toFixed(0)} | ${list.peakMb} | ${list.value.length} rows |`);
  const csv = await measured(() => logbookCsvFile(deps, userId));
  console.log(`| logbook CSV | ${csv.ms.toFixed(0)} | ${csv.peakMb} | ${mb(csv.value.bytes.length)} MB |`);

  // The same logbook read back by a second pilot (every row becomes a flight without a track).
  const readerId = await benchPilot(db, 'reader');
  // A CSV holds no tracks, so the import never reaches the analysis (no pool in this bench).
  const imports = importsService({ importLogbook: logbookImporter({ database: { db }, flightsChanged: async () => {} }), ingest: undefined as unknown as IngestDeps });
  const probe = waitProbe(db);
  const imported = await measured(() => imports.importCsv(readerId, csv.value.bytes));
  const longestWait = await probe.stop();
  console.log(`| CSV import of that file | ${imported.ms.toFixed(0)} | ${imported.peakMb} | ${imported.value.imported} flights, ${imported.value.duplicates} duplicates, ${imported.value.refused.length} refused |`);
  console.log(`| longest wait of a one-row query sent every 5 ms during that import | ${longestWait.toFixed(0)} | | |`);
  if (IMPORT_ONLY) return finish();

  let zipped = 0;
  const zip = await measured(async () => {
    const { stream } = await originalsZip(deps, userId);
    await pipeline(stream, new Writable({ write: (chunk: Buffer, _e, done) => ((zipped += chunk.length), done()) }));
  });
  console.log(`| reference: the original files' own size | | | ${mb(originalBytes)} MB in ${files.length} files |`);
  console.log(`| IGC zip, streamed | ${zip.ms.toFixed(0)} | ${zip.peakMb} | ${mb(zipped)} MB |`);

  // A 24-megapixel phone photo of noise (the worst case for JPEG), about the 20 MB limit.
  const noise = Buffer.alloc(6000 * 4000 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const photo = await sharp(noise, { raw: { width: 6000, height: 4000, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
  const decode = await measured(() => sharp(photo).raw().toBuffer());
  console.log(`| reference: sharp decode of the photo | ${decode.ms.toFixed(0)} | ${decode.peakMb} | ${mb(photo.length)} MB JPEG |`);
  const rendered = await measured(() => renderPhoto(photo));
  console.log(`| photo: checks, display size and thumbnail | ${rendered.ms.toFixed(0)} | ${rendered.peakMb} | ${(rendered.value.display.length / 1024).toFixed(0)} + ${(rendered.value.thumb.length / 1024).toFixed(0)} KB |`);

  await finish();

  async function finish() {
    await db.deleteFrom('users').where('id', 'in', [userId, readerId]).execute();
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Every 5 ms a small query, as another request would send; answers the longest any of them waited,
 * counted from when it was due (a blocked event loop delays it as much as a held database).
 */
function waitProbe(db: Db) {
  let running = true;
  let longest = 0;
  const loop = (async () => {
    while (running) {
      const due = performance.now() + 5;
      await new Promise((resolve) => setTimeout(resolve, 5));
      await db.selectFrom('users').select('id').limit(1).execute();
      longest = Math.max(longest, performance.now() - due);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return longest;
    },
  };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
