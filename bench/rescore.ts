// npm run bench:rescore: a pilot with FLIGHTS synthetic flights (npm run demo's season) changes league
// from XContest to FFVL; prints the background re-scoring time per 100 flights. Asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { season } from '../scripts/synthetic-igc';
import { loadConfig } from '../server/src/config';
import { scoringService } from '../server/src/scoring/service';
import { createServices } from '../server/src/services';
import { storeUpload } from '../server/src/uploads/store-upload';
import { benchPilot } from './bench-pilot';

const FLIGHTS = Number(process.env.BENCH_FLIGHTS ?? 100);

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'flightlog-bench-rescore-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: process.env.DATABASE_URL });
  const services = await createServices(config);
  try {
    const db = services.database.db;
    const userId = await benchPilot(db, 'rescore');
    const files = season(FLIGHTS).map(({ name, igc }) => ({ name, size: igc.length, bytes: Buffer.from(igc) }));
    await storeUpload(services.ingest, userId, 'season.zip', files.reduce((s, f) => s + f.size, 0), files);
    await services.queue.drain();
    const scoring = scoringService(services);
    const started = process.hrtime.bigint();
    const answer = await scoring.choose(userId, 'FFVL');
    await services.queue.drain();
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const after = await scoring.preference(userId);
    const flights = answer.rescoring?.total ?? 0;
    console.log(`re-scored ${flights} flights (XContest → FFVL) on ${config.databaseUrl ? 'PostgreSQL' : 'SQLite'} with ${config.workers} analysis threads in ${(ms / 1000).toFixed(1)} s`);
    console.log(`per 100 flights: ${((ms / Math.max(1, flights)) * 100 / 1000).toFixed(1)} s; left to do: ${after.rescoring ? after.rescoring.total - after.rescoring.done : 0}`);
  } finally {
    await services.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
