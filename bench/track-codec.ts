// npx tsx bench/track-codec.ts: the stored track as gzip JSON (the old form) and as binary columns, on every fixture's flights
// (server/test/fixtures/igc): stored bytes (track + low-resolution track) and the time to read each
// back as the API's points, old form (gzip'd JSON) beside the new (binary typed-array columns).
// Prints numbers; asserts nothing.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { TrackPoint } from '../contract/uploads';
import { analyseIgc } from '../server/src/analysis';
import { trackFromPoints, trackPoints } from '../server/src/analysis/track';
import { encodeTrack, readTrackPoints, unpack } from '../server/src/track';

const DIR = join(__dirname, '../server/test/fixtures/igc');
const RUNS = 20;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const started = performance.now();
  for (let i = 0; i < RUNS; i++) await fn();
  return (performance.now() - started) / RUNS;
}

async function main() {
  const totals = { oldBytes: 0, newBytes: 0, oldFull: 0, newFull: 0, oldLow: 0, newLow: 0, fixes: 0 };
  console.log('| flight | fixes | old KB | new KB | old full ms | new full ms | old low ms | new low ms |\n|---|---|---|---|---|---|---|---|');
  for (const name of readdirSync(DIR).filter((f) => /\.igc$/i.test(f)).sort()) {
    for (const f of analyseIgc(readFileSync(join(DIR, name)), { scoringRules: 'XContest', filename: name })) {
      // the old form stored the API's points
      const a = { segmentIndex: f.segmentIndex, path: trackPoints(f.track), pathLowRes: trackPoints(f.trackLowRes) };
      const oldPath = gzipSync(JSON.stringify(a.path));
      const oldLow = gzipSync(JSON.stringify(a.pathLowRes));
      const newPath = encodeTrack(trackFromPoints(a.path));
      const newLow = encodeTrack(trackFromPoints(a.pathLowRes));
      const row = {
        oldBytes: oldPath.length + oldLow.length,
        newBytes: newPath.length + newLow.length,
        oldFull: await timed(() => unpack<TrackPoint[]>(oldPath)),
        newFull: await timed(() => readTrackPoints(newPath)),
        oldLow: await timed(() => unpack<TrackPoint[]>(oldLow)),
        newLow: await timed(() => readTrackPoints(newLow)),
        fixes: a.path.length,
      };
      for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += row[k];
      console.log(`| ${name}#${a.segmentIndex} | ${row.fixes} | ${(row.oldBytes / 1024).toFixed(0)} | ${(row.newBytes / 1024).toFixed(0)} | ${row.oldFull.toFixed(2)} | ${row.newFull.toFixed(2)} | ${row.oldLow.toFixed(2)} | ${row.newLow.toFixed(2)} |`);
    }
  }
  const t = totals;
  console.log(`| all | ${t.fixes} | ${(t.oldBytes / 1024).toFixed(0)} | ${(t.newBytes / 1024).toFixed(0)} | ${t.oldFull.toFixed(1)} | ${t.newFull.toFixed(1)} | ${t.oldLow.toFixed(1)} | ${t.newLow.toFixed(1)} |`);
  console.log(`stored bytes new / old: ${(t.newBytes / t.oldBytes).toFixed(3)}; full read new / old: ${(t.newFull / t.oldFull).toFixed(2)}; low-resolution read new / old: ${(t.newLow / t.oldLow).toFixed(2)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
