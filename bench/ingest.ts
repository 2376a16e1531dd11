// npm run bench:ingest [folder]: uploads a zip of IGC files to a fresh instance over HTTP, waits for
// the analysis, and times the plain library baseline (igc-parser + igc-xc-score, one thread, same
// rules) over the same files in the same run. Prints numbers; asserts nothing.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import IGCParser from 'igc-parser';
import { analyseIgc } from '../server/src/analysis';
import { nearestTown } from '../server/src/analysis/places';
import { normaliseHeaders, decodeText } from '../server/src/analysis/parse';
import { HttpSession } from '../server/test/helpers/http-session';
import { makeZip, multipart } from '../server/test/helpers/archives';
import { season } from '../scripts/synthetic-igc';
import { BASELINE_CAP_MS, cappedLibraryScore, longFlights } from './long-flights';

const RULES = (process.env.SCORING_RULES as 'XContest' | 'FFVL') ?? 'XContest';
const folder = resolve(process.argv[2] ?? join(__dirname, '../server/test/fixtures/igc'));

function loadFiles(): { name: string; data: Buffer }[] {
  if (existsSync(folder)) return readdirSync(folder).filter((f) => /\.igc$/i.test(f)).map((name) => ({ name, data: readFileSync(join(folder, name)) }));
  console.log(`No folder ${folder}: using 60 generated flights.`);
  return season(60).map((f) => ({ name: f.name, data: Buffer.from(f.igc) }));
}

// The baseline gets our header fix too, or it could not read every file at all.
const parse = (data: Buffer) => IGCParser.parse(normaliseHeaders(decodeText(data)), { lenient: true });

const CAP_MS = BASELINE_CAP_MS;
const solve = (flight: IGCParser.IGCFile) => cappedLibraryScore(flight, RULES);

function baseline(files: { name: string; data: Buffer }[]) {
  const scores = new Map<string, number>();
  const times = new Map<string, number>();
  const capped: string[] = [];
  const started = performance.now();
  for (const f of files) {
    const fileStarted = performance.now();
    try {
      const result = solve(parse(f.data));
      scores.set(f.name, result.capped ? NaN : result.score);
      if (result.capped) capped.push(f.name);
    } catch {
      scores.set(f.name, NaN);
    }
    times.set(f.name, performance.now() - fileStarted);
  }
  return { ms: performance.now() - started, scores, times, capped };
}

/** Our analysis of each file in this process, one thread (the same code the server's threads run): the slowest file. */
function oursPerFile(files: { name: string; data: Buffer }[]) {
  // Warm up first: the first analysis in a process from the sources builds the towns index (seconds),
  // which a server's thread does once at start (docs/ingestion.md), not per file.
  nearestTown({ latitude: 46, longitude: 7 });
  const times = new Map<string, number>();
  for (const f of files) {
    const started = performance.now();
    try {
      analyseIgc(f.data, { scoringRules: RULES, filename: f.name });
    } catch {
      // an unreadable file is timed as well
    }
    times.set(f.name, performance.now() - started);
  }
  return times;
}

/** Like for like: the library's optimum over the same fixes as each flight we detected (takeoff to landing). */
function perFlightDifferences(files: { name: string; data: Buffer }[], flights: { name: string; startTime: string; endTime: string; score: number }[]) {
  return flights
    .map((f) => {
      const igc = parse(files.find((x) => x.name === f.name)!.data);
      const [from, to] = [Date.parse(f.startTime), Date.parse(f.endTime)];
      const solved = solve({ ...igc, fixes: igc.fixes.filter((x) => x.timestamp >= from && x.timestamp <= to) });
      const reference = solved.score;
      return { ...f, reference, capped: solved.capped, diff: reference > 0 ? Math.abs(f.score - reference) / reference : Math.abs(f.score) };
    })
    .filter((f) => !f.capped)
    .sort((a, b) => b.diff - a.diff);
}


async function main() {
  // Long straight flights (bench/long-flights.ts) join the set; BENCH_LONG=0 measures the fixtures alone, as earlier runs did.
  const files = process.env.BENCH_LONG === '0' ? loadFiles() : [...loadFiles(), ...longFlights()];
  const totalMb = files.reduce((n, f) => n + f.data.length, 0) / 1048576;
  console.log(`${files.length} IGC files, ${totalMb.toFixed(1)} MB, rules ${RULES}, ${cpus().length} cores`);

  const dataDir = mkdtempSync(join(tmpdir(), 'bench-ingest-'));
  const port = 4300 + Math.floor(Math.random() * 500);
  const server = spawn(process.execPath, ['--import', 'tsx', join(__dirname, '../server/src/main.ts')], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SCORING_RULES: RULES, DATABASE_URL: '' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const s = new HttpSession(`http://127.0.0.1:${port}`);
  for (let i = 0; i < 200; i++) {
    try {
      if ((await s.fetch('/api/health')).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await new Promise((r) => setTimeout(r, 3000)); // let the worker threads finish starting, as on a running server
  const json = { 'content-type': 'application/json' };
  await s.fetch('/api/auth/register', { method: 'POST', headers: json, body: JSON.stringify({ email: 'bench@example.com', username: 'bench', password: 'Bench#2024' }) });
  await s.fetch('/api/auth/login', { method: 'POST', headers: json, body: JSON.stringify({ email: 'bench@example.com', password: 'Bench#2024' }) });

  const zip = makeZip(files.map((f) => ({ name: f.name, data: f.data })));
  const { payload, headers } = multipart([{ name: 'bench.zip', data: zip }]);
  const started = performance.now();
  const answer = await s.fetch('/api/FlightDetail/upload', { method: 'POST', headers, body: new Uint8Array(payload) });
  const answeredMs = performance.now() - started;
  console.log('upload answer', answer.status, await answer.text(), `after ${answeredMs.toFixed(0)} ms`);
  for (;;) {
    const [task] = (await (await s.fetch('/api/uploadtasks')).json()) as { status: string; igcFiles: { originalFilename: string; flightDetails: { id: number }[] }[] }[];
    if (task && task.status !== 'Processing') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const oursMs = performance.now() - started;
  const peakKb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0);

  const [task] = (await (await s.fetch('/api/uploadtasks')).json()) as { igcFiles: { originalFilename: string; flightDetails: { id: number }[] }[] }[];
  const flightCount = task!.igcFiles.reduce((n, f) => n + f.flightDetails.length, 0);
  const ours = new Map<string, number>();
  let ourFlights: { name: string; startTime: string; endTime: string; score: number }[] = [];
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  // Read our scores straight from the database of the finished instance.
  const Database = (await import('better-sqlite3')).default;
  const sqlite = new Database(join(dataDir, 'flightlog.sqlite'), { readonly: true });
  for (const row of sqlite.prepare('SELECT f.original_filename AS name, MAX(fl.xc_points) AS score FROM flights fl JOIN igc_files f ON f.id = fl.igc_file_id GROUP BY f.id').all() as { name: string; score: number }[]) ours.set(row.name, row.score);
  ourFlights = sqlite
    .prepare("SELECT f.original_filename AS name, fl.start_time AS startTime, fl.end_time AS endTime, fl.xc_points AS score FROM flights fl JOIN igc_files f ON f.id = fl.igc_file_id WHERE fl.status = 'Completed'")
    .all() as typeof ourFlights;
  sqlite.close();
  rmSync(dataDir, { recursive: true, force: true });

  const base = baseline(files);
  const ourTimes = oursPerFile(files);
  const diffs = [...base.scores]
    .filter(([, reference]) => reference > 0)
    .map(([name, reference]) => ({ name, reference, mine: ours.get(name) ?? 0, diff: Math.abs((ours.get(name) ?? 0) - reference) / reference }))
    .sort((a, b) => b.diff - a.diff);
  const worst = diffs[0]?.diff ?? 0;
  const worstFile = diffs[0]?.name ?? '';
  console.log('\n| measure | value |\n|---|---|');
  console.log(`| files / flights | ${files.length} / ${flightCount} |`);
  console.log(`| our upload → all analysed (HTTP, ${cpus().length} cores) | ${(oursMs / 1000).toFixed(2)} s |`);
  console.log(`| baseline igc-parser + igc-xc-score, one thread | ${(base.ms / 1000).toFixed(2)} s |`);
  console.log(`| ratio ours / baseline | ${(oursMs / base.ms).toFixed(2)} |`);
  console.log(`| flights per second | ${(flightCount / (oursMs / 1000)).toFixed(1)} |`);
  console.log(`| baseline files stopped at the ${CAP_MS / 1000} s cap (counted at the cap) | ${base.capped.length ? base.capped.join(', ') : 'none'} |`);
  const slowest = (times: Map<string, number>) => [...times].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  const [ourSlowName, ourSlowMs] = slowest(ourTimes);
  const [baseSlowName, baseSlowMs] = slowest(base.times);
  console.log(`| slowest file, our whole analysis in one thread (parse, detection, phases, score) | ${(ourSlowMs / 1000).toFixed(2)} s (${ourSlowName}; library on it ${((base.times.get(ourSlowName) ?? 0) / 1000).toFixed(2)} s) |`);
  console.log(`| slowest file, library one thread | ${(baseSlowMs / 1000).toFixed(2)} s (${baseSlowName}; ours on it ${((ourTimes.get(baseSlowName) ?? 0) / 1000).toFixed(2)} s) |`);
  console.log(`| our analysis, sum over files in one thread | ${([...ourTimes.values()].reduce((a, b) => a + b, 0) / 1000).toFixed(2)} s |`);
  console.log(`| server peak resident memory | ${(peakKb / 1024).toFixed(0)} MB |`);
  console.log(`| largest score difference vs baseline (whole file) | ${(worst * 100).toFixed(2)} % (${worstFile}) |`);
  const within = diffs.filter((d) => d.diff <= 0.005).length;
  console.log(`| files within 0.5% of the baseline | ${within} of ${diffs.length} |`);
  const perFlight = perFlightDifferences(files, ourFlights);
  const flightsWithin = perFlight.filter((d) => d.diff <= 0.005).length;
  console.log(`| largest score difference per flight (library over the same fixes, capped ones left out) | ${((perFlight[0]?.diff ?? 0) * 100).toFixed(2)} % (${perFlight[0]?.name ?? ''}) |`);
  console.log(`| flights within 0.5% of the library's optimum over the same fixes | ${flightsWithin} of ${perFlight.length} |`);
  console.log('\nFiles beyond 0.5% (the baseline scores the whole recording; we score each detected flight):');
  for (const d of diffs.filter((x) => x.diff > 0.005)) console.log(`  ${d.name}: ours ${d.mine}, baseline ${d.reference}`);
  const off = perFlight.filter((x) => x.diff > 0.005);
  if (off.length) console.log('\nFlights beyond 0.5% of the library over the same fixes:');
  for (const d of off) console.log(`  ${d.name} ${d.startTime}: ours ${d.score}, library ${d.reference}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
