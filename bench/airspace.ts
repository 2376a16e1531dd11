// npm run bench:airspace: a generated country of 1,500 airspaces (polygons, circles, arc sectors;
// floors in GND, MSL, AGL and FL) around each of the longest fixtures and a 40,000-fix synthetic
// flight; prints the check time per flight, then the background re-check of BENCH_RECHECK_FLIGHTS
// (1,000) stored flights after an instance file is added. Asserts nothing (docs/airspace.md).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzip as gzipCb } from 'node:zlib';
import { generateIgc } from '../scripts/synthetic-igc';
import { checkTrack, indexShapes, type CheckTrack } from '../server/src/airspace/check';
import { airspaceChecks } from '../server/src/airspace/checks';
import { parseOpenAir } from '../server/src/airspace/openair';
import { loadAirspaceFile } from '../server/src/airspace/service';
import { parseTrack } from '../server/src/analysis/parse';
import { loadConfig } from '../server/src/config';
import { nowIso } from '../server/src/db';
import { createServices } from '../server/src/services';
import { benchPilot } from './bench-pilot';
import { prng } from '../scripts/prng';

const gzip = promisify(gzipCb);
const SHAPES = Number(process.env.BENCH_SHAPES ?? 1500);
const RECHECK_FLIGHTS = Number(process.env.BENCH_RECHECK_FLIGHTS ?? 1000);
const FIXTURES = ['server/test/fixtures/igc/fai.igc', 'server/test/fixtures/igc/hiking-up.igc', 'server/test/fixtures/igc/zigzag.igc', 'server/test/fixtures/real/go-igc/0205.igc'];

const dms = (v: number, pos: string, neg: string, width: number) => {
  const a = Math.abs(v);
  const d = Math.floor(a);
  const m = (a - d) * 60;
  return `${String(d).padStart(width, '0')}:${m.toFixed(3).padStart(6, '0')} ${v >= 0 ? pos : neg}`;
};
const at = (lat: number, lon: number) => `${dms(lat, 'N', 'S', 2)} ${dms(lon, 'E', 'W', 3)}`;

/** OpenAir text of a country: SHAPES airspaces spread over 400 × 300 km around a point. */
export function country(lat: number, lon: number, shapes = SHAPES, seed = 1): string {
  const rand = prng(seed);
  const lines: string[] = [];
  const floors = ['GND', '1000m MSL', '4500ft AMSL', 'FL65', 'FL95', '300m AGL', '2000ft AGL'];
  const ceilings = ['FL100', 'FL125', 'FL195', '2500m MSL', '9500ft AMSL', 'UNL'];
  for (let i = 0; i < shapes; i++) {
    const cLat = lat + (rand() - 0.5) * 2.7;
    const cLon = lon + ((rand() - 0.5) * 5.2);
    const kind = i % 3;
    lines.push(`AC ${['C', 'D', 'R', 'CTR', 'E', 'Q'][i % 6]}`, `AN Area ${i}`, `AL ${floors[i % floors.length]}`, `AH ${ceilings[i % ceilings.length]}`);
    if (kind === 0) {
      const n = 8 + Math.floor(rand() * 32);
      const r = 2_000 + rand() * 18_000;
      for (let k = 0; k < n; k++) {
        const a = (k / n) * 2 * Math.PI;
        const rr = r * (0.6 + rand() * 0.4);
        lines.push(`DP ${at(cLat + (rr * Math.cos(a)) / 111_320, cLon + (rr * Math.sin(a)) / (111_320 * Math.cos((cLat * Math.PI) / 180)))}`);
      }
    } else if (kind === 1) {
      lines.push(`V X=${at(cLat, cLon)}`, `DC ${(1 + rand() * 8).toFixed(1)}`);
    } else {
      const from = Math.floor(rand() * 360);
      lines.push(`V X=${at(cLat, cLon)}`, `DP ${at(cLat, cLon)}`, 'V D=+', `DA ${(2 + rand() * 10).toFixed(1)}, ${from}, ${(from + 30 + Math.floor(rand() * 150)) % 360}`, `DP ${at(cLat, cLon)}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

function toCheck(bytes: Uint8Array): CheckTrack & { n: number; lat: number; lon: number } {
  const { fixes } = parseTrack(bytes);
  return {
    n: fixes.length,
    lat: fixes[0]!.latitude,
    lon: fixes[0]!.longitude,
    times: fixes.map((f) => f.time),
    latitudes: fixes.map((f) => f.latitude),
    longitudes: fixes.map((f) => f.longitude),
    gpsAltitudes: fixes.map((f) => f.gpsAltitude),
    pressureAltitudes: fixes.map((f) => f.baroAltitude),
  };
}

/** A long synthetic day: 40,000 fixes at 1 Hz of thermals and glides. */
function longDay(): Uint8Array {
  const phases = [{ kind: 'ground' as const, seconds: 60 }];
  for (let i = 0; phases.reduce((s, p) => s + p.seconds, 0) < 40_000; i++) {
    phases.push({ kind: 'thermal', seconds: 300, climbMs: 2, direction: i % 2 ? 'left' : 'right' } as never, { kind: 'glide', seconds: 600, heading: (i * 37) % 360, speedKmh: 40, sinkMs: 1 } as never);
  }
  return Buffer.from(generateIgc({ start: '2024-07-20T06:00:00Z', latitude: 46.6, longitude: 7.8, altitude: 1500, phases }));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  console.log(`airspace check: ${SHAPES} generated shapes around each flight (median of 7 runs)`);
  const flights = [...FIXTURES.map((f) => ({ name: f.split('/').pop()!, bytes: readFileSync(f) as Uint8Array })), { name: 'synthetic 11 h day', bytes: longDay() }];
  for (const f of flights) {
    const track = toCheck(f.bytes);
    const t0 = process.hrtime.bigint();
    const set = indexShapes(parseOpenAir(country(track.lat, track.lon)).airspaces);
    const loadMs = Number(process.hrtime.bigint() - t0) / 1e6;
    const runs: number[] = [];
    const cpu: number[] = [];
    let found = 0;
    for (let i = 0; i < 7; i++) {
      const t = process.hrtime.bigint();
      const c = process.cpuUsage();
      found = checkTrack(track, set, null).infringements.length;
      const used = process.cpuUsage(c);
      cpu.push((used.user + used.system) / 1000);
      runs.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    // The machine is shared: the CPU time this process used is printed beside the wall time.
    console.log(`  ${f.name.padEnd(20)} ${String(track.n).padStart(6)} fixes: check ${median(runs).toFixed(1)} ms wall (best ${Math.min(...runs).toFixed(1)}), ${median(cpu).toFixed(1)} ms CPU; ${found} infringements; file read + index ${loadMs.toFixed(0)} ms`);
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'flightlog-bench-airspace-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: process.env.DATABASE_URL });
  const services = await createServices(config, { workers: false });
  try {
    const db = services.database.db;
    const userId = await benchPilot(db, 'airspace');
    const fai = readFileSync(FIXTURES[0]!);
    const { fixes } = parseTrack(fai);
    const path = await gzip(JSON.stringify(fixes.map((x) => ({ latitude: x.latitude, longitude: x.longitude, gpsAltitude: x.gpsAltitude ?? undefined, baroAltitude: x.baroAltitude ?? undefined, timestamp: x.time }))));
    const empty = await gzip('[]');
    const start = new Date(fixes[0]!.time);
    for (let i = 0; i < RECHECK_FLIGHTS; i += 100) {
      const rows = Array.from({ length: Math.min(100, RECHECK_FLIGHTS - i) }, (_, k) => ({
        userId, segmentIndex: 0, status: 'Completed', createdAt: nowIso(), source: 'igc' as const,
        startTime: new Date(start.getTime() + (i + k) * 60_000).toISOString(), fingerprint: `bench${i + k}`,
      }));
      const ids = await db.insertInto('flights').values(rows).returning('id').execute();
      await db.insertInto('flightTracks').values(ids.map(({ id }) => ({ flightId: id, path, pathLowRes: empty, features: empty, phases: null }))).execute();
    }
    const checks = airspaceChecks({ db, terrainDir: undefined });
    const day = start.toISOString().slice(0, 10);
    const t = process.hrtime.bigint();
    await loadAirspaceFile({ db, airspace: checks }, null, { name: 'Country', validFrom: day, validTo: day }, Buffer.from(country(fixes[0]!.latitude, fixes[0]!.longitude)));
    const checked = await checks.drain();
    const ms = Number(process.hrtime.bigint() - t) / 1e6;
    console.log(`load average while it ran: ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`);
    console.log(`re-check after adding an instance file on ${config.databaseUrl ? 'PostgreSQL' : 'SQLite'}: ${checked} stored flights of ${fixes.length} fixes in ${(ms / 1000).toFixed(1)} s, per 1,000 flights ${((ms / Math.max(1, checked)) * 1000 / 1000).toFixed(1)} s (batches of 50, the files looked up once per pilot and day)`);
    // Reference in the same process: the same flights checked one at a time, each looking up its files and telling the lists.
    const ids = (await db.selectFrom('flights').select('id').where('userId', '=', userId).orderBy('id').execute()).map((r) => r.id);
    const r0 = process.hrtime.bigint();
    for (const id of ids) await checks.checkFlightAirspace(id);
    const refMs = Number(process.hrtime.bigint() - r0) / 1e6;
    console.log(`reference, one flight at a time: ${ids.length} flights in ${(refMs / 1000).toFixed(1)} s, per 1,000 flights ${((refMs / Math.max(1, ids.length)) * 1000 / 1000).toFixed(1)} s; load average now ${loadavg()[0]!.toFixed(1)}`);
  } finally {
    await services.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (require.main === module) void main();
