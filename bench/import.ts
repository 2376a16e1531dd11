// npm run bench:import [folder]: a pilot's first upload of a whole flying life. Builds a zip of a few
// hundred flights from the real fixtures (each file copied with its date shifted, so no copy is a
// duplicate), starts the real server the way `npm start` does (SQLite in a temporary DATA_DIR),
// uploads the zip and prints: time until the task is no longer Processing, the single-thread
// library baseline on the same files in the same run and their ratio, and idle and peak resident
// memory of the whole server process tree. Prints numbers; asserts nothing.
// BENCH_COPIES (default 10) sets how many dated copies of each fixture go into the zip.
// BENCH_MIXED=1: the mixed mode instead (bench/mixed-formats.ts): the same flights once as plain IGC
// and once as a mix of every format with a tenth junk, each uploaded by its own pilot to one server in
// one run; prints both times side by side and the tree's peak memory during each.
// BENCH_MIXED_FIRST=1 uploads the mixed archive first, on the fresh server.
// BENCH_PILOTS=30: many pilots at once instead (pilotsMain): each uploads a 10-flight archive at the same moment.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import IGCParser from 'igc-parser';
import { decodeText, normaliseHeaders } from '../server/src/analysis/parse';
import { makeZip, multipart } from '../server/test/helpers/archives';
import { HttpSession } from '../server/test/helpers/http-session';
import { BASELINE_CAP_MS, cappedLibraryScore, longFlights } from './long-flights';
import { mixedFiles } from './mixed-formats';

const ROOT = resolve(__dirname, '..');
const RULES = (process.env.SCORING_RULES as 'XContest' | 'FFVL') ?? 'XContest';
const COPIES = Number(process.env.BENCH_COPIES ?? 10);
const folder = resolve(process.argv[2] ?? join(ROOT, 'server/test/fixtures/igc'));
const HEAP_LOG = process.env.ANALYSIS_HEAP_LOG === '1';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The same recording on another day: the HFDTE header moved by `days`. */
export function shiftDate(igc: Buffer, days: number): Buffer {
  const text = igc.toString('latin1');
  const shifted = text.replace(/^(HFDTE(?:DATE)?\s*:?\s*)(\d{2})(\d{2})(\d{2})/im, (_all, head: string, dd: string, mm: string, yy: string) => {
    const d = new Date(Date.UTC(2000 + Number(yy), Number(mm) - 1, Number(dd)) - days * 86_400_000);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${head}${two(d.getUTCDate())}${two(d.getUTCMonth() + 1)}${two(d.getUTCFullYear() % 100)}`;
  });
  return Buffer.from(shifted, 'latin1');
}

function loadFiles() {
  if (!existsSync(folder)) throw new Error(`No fixture folder ${folder}`);
  const originals = readdirSync(folder).filter((f) => /\.igc$/i.test(f)).sort();
  const files: { name: string; data: Buffer }[] = [];
  for (let copy = 0; copy < COPIES; copy++) {
    for (const name of originals) files.push({ name: `${copy}/${name}`, data: shiftDate(readFileSync(join(folder, name)), copy * 41) });
  }
  return files;
}

/** The bench server's port: BENCH_PORT (an engineer's own port on a shared machine), else a random one. */
const benchPort = () => Number(process.env.BENCH_PORT) || 4800 + Math.floor(Math.random() * 800);

/** Resident memory of a process and all its descendants, from /proc, in MB. */
function treeRssMb(rootPid: number): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name, which is in parentheses and may hold spaces.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const pid = Number(entry);
      const ppid = Number(fields[1]);
      rss.set(pid, Number(fields[21]) * 4096);
      children.set(ppid, [...(children.get(ppid) ?? []), pid]);
    } catch {
      /* the process ended meanwhile */
    }
  }
  let total = 0;
  const todo = [rootPid];
  while (todo.length) {
    const pid = todo.pop()!;
    total += rss.get(pid) ?? 0;
    todo.push(...(children.get(pid) ?? []));
  }
  return total / 1048576;
}

/** CPU seconds (user + system) the tree's live processes have used, from /proc (their threads included). */
function treeCpuS(rootPid: number): number {
  let ticks = 0;
  const todo = [rootPid];
  while (todo.length) {
    const pid = todo.pop()!;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
      const kids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
      if (kids) todo.push(...kids.split(' ').map(Number));
    } catch {
      /* gone */
    }
  }
  return ticks / 100;
}

/** The names and RSS of the tree's processes, to show what is resident. */
function treeListing(rootPid: number): string {
  const out: string[] = [];
  const todo = [rootPid];
  while (todo.length) {
    const pid = todo.pop()!;
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).slice(0, 3).join(' ');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      out.push(`    ${pid} ${(kb / 1024).toFixed(0)} MB ${cmd.slice(0, 110)}`);
      const kids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
      if (kids) todo.push(...kids.split(' ').map(Number));
    } catch {
      /* gone */
    }
  }
  return out.join('\n');
}

const parse = (data: Buffer) => IGCParser.parse(normaliseHeaders(decodeText(data)), { lenient: true });

function baseline(files: { name: string; data: Buffer }[]) {
  const started = performance.now();
  const capped: string[] = [];
  for (const f of files) {
    try {
      if (cappedLibraryScore(parse(f.data), RULES).capped) capped.push(f.name);
    } catch {
      /* an unreadable file costs the baseline its attempt, as it does us */
    }
  }
  return { ms: performance.now() - started, capped };
}

/** Registers and logs in a pilot on the bench server. */
async function pilot(port: number, name: string): Promise<HttpSession> {
  const s = new HttpSession(`http://127.0.0.1:${port}`);
  // A first read gives the session its XSRF cookie, which the register and login posts must echo.
  await s.fetch('/api/health');
  const json = { 'content-type': 'application/json' };
  await s.fetch('/api/auth/register', { method: 'POST', headers: json, body: JSON.stringify({ email: `${name}@example.com`, username: name, password: 'Bench#2024' }) });
  await s.fetch('/api/auth/login', { method: 'POST', headers: json, body: JSON.stringify({ email: `${name}@example.com`, password: 'Bench#2024' }) });
  return s;
}

/** Uploads one archive and waits for its task: the time, the tree's peak memory meanwhile, and the task's ledger. */
async function timedUpload(s: HttpSession, rootPid: number, name: string, files: { name: string; data: Buffer }[]) {
  const zip = makeZip(files);
  const startMb = treeRssMb(rootPid);
  let peakMb = startMb;
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, treeRssMb(rootPid))), 200);
  const { payload, headers } = multipart([{ name, data: zip }]);
  const started = performance.now();
  const cpuAtStart = treeCpuS(rootPid);
  const answer = await s.fetch('/api/FlightDetail/upload', { method: 'POST', headers, body: new Uint8Array(payload) });
  if (!answer.ok) throw new Error(`upload ${answer.status}: ${await answer.text()}`);
  let task: { status: string; fileCount: number; ledger: Record<string, number> } | undefined;
  for (;;) {
    [task] = (await (await s.fetch('/api/uploadtasks?withFiles=false')).json()) as (typeof task)[];
    if (task && task.status !== 'Processing') break;
    await sleep(500);
  }
  const ms = performance.now() - started;
  clearInterval(sampler);
  // What the tree keeps once the task is done: the next archive on this server starts from here.
  const endMb = treeRssMb(rootPid);
  const cpuS = treeCpuS(rootPid) - cpuAtStart;
  console.log(`${name}: ${(ms / 1000).toFixed(1)} s, server tree CPU ${cpuS.toFixed(1)} s, tree ${startMb.toFixed(0)} → peak ${peakMb.toFixed(0)} → end ${endMb.toFixed(0)} MB\n${treeListing(rootPid)}`);
  return { ms, cpuS, startMb, peakMb, endMb, task: task!, zipMb: zip.length / 1048576 };
}

/** BENCH_MIXED=1: the same flights as plain IGC, then as a mix of every format with junk, on one server. */
async function mixedMain() {
  const count = Number(process.env.BENCH_MIXED_FILES ?? 1000);
  const igcs = loadFiles();
  const flights = Array.from({ length: Math.round(count * 0.9) }, (_, i) => {
    const f = igcs[i % igcs.length]!;
    // Each further round of the fixtures another day, so that no copy is a duplicate of another.
    return { name: `${i}-${f.name.replace(/\//g, '-')}`, data: shiftDate(f.data, 1000 + Math.floor(i / igcs.length) * 7) };
  });
  const { plain, mixed } = mixedFiles(flights);
  console.log(`mixed mode: ${plain.length} flights as IGC; the same as ${mixed.length} files of every format (a tenth junk), ${cpus().length} cores`);
  const { server, port, stop } = await startBenchServer();
  try {
    const idleMb = treeRssMb(server.pid!);
    // BENCH_MIXED_FIRST=1: the mixed archive on the fresh server, then the plain one (each run's start is the other's high-water mark).
    const mixedFirst = process.env.BENCH_MIXED_FIRST === '1';
    const first = mixedFirst ? await timedUpload(await pilot(port, 'mixed'), server.pid!, 'mixed.zip', mixed) : undefined;
    const igcRun = await timedUpload(await pilot(port, 'plain'), server.pid!, 'plain.zip', plain);
    const mixedRun = first ?? (await timedUpload(await pilot(port, 'mixed'), server.pid!, 'mixed.zip', mixed));
    console.log('\n| measure | plain IGC (reference) | mixed formats + junk | target |\n|---|---|---|---|');
    console.log(`| files / zip | ${plain.length} / ${igcRun.zipMb.toFixed(1)} MB | ${mixed.length} / ${mixedRun.zipMb.toFixed(1)} MB | |`);
    console.log(`| upload → task ${mixedRun.task.status} | ${(igcRun.ms / 1000).toFixed(1)} s | ${(mixedRun.ms / 1000).toFixed(1)} s | mixed ≤ 1.2 × plain |`);
    console.log(`| ratio mixed / plain | | ${(mixedRun.ms / igcRun.ms).toFixed(2)} | ≤ 1.2 |`);
    console.log(`| server tree CPU (user + system) | ${igcRun.cpuS.toFixed(1)} s | ${mixedRun.cpuS.toFixed(1)} s (ratio ${(mixedRun.cpuS / igcRun.cpuS).toFixed(2)}) | |`);
    console.log(`| server tree peak memory | ${igcRun.peakMb.toFixed(0)} MB | ${mixedRun.peakMb.toFixed(0)} MB | ≤ 400 MB (at rest ${idleMb.toFixed(0)} MB) |`);
    // The second run follows the first on the same server: its start is the first run's high-water mark.
    console.log(`| server tree at the run's start | ${igcRun.startMb.toFixed(0)} MB | ${mixedRun.startMb.toFixed(0)} MB | |`);
    console.log(`| server tree at the run's end | ${igcRun.endMb.toFixed(0)} MB | ${mixedRun.endMb.toFixed(0)} MB | |`);
    console.log(`| ledger | ${JSON.stringify(igcRun.task.ledger)} | ${JSON.stringify(mixedRun.task.ledger)} | adds up to the files |`);
  } finally {
    await stop();
  }
}

/** `npm start` on a fresh SQLite data folder, as a club following the quick start runs it; answers once it is healthy. */
async function startBenchServer(extraEnv: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-import-'));
  const port = benchPort();
  const server = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SCORING_RULES: RULES, DATABASE_URL: '', ...extraEnv },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  server.on('exit', (code, signal) => console.error(`the bench server exited (code ${code}, signal ${signal})`));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      process.kill(-server.pid!, 'SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    if (server.exitCode !== null || i > 3000) {
      await stop();
      throw new Error('The server did not start');
    }
    try {
      if ((await new HttpSession(`http://127.0.0.1:${port}`).fetch('/api/health')).ok) break;
    } catch {
      await sleep(100);
    }
  }
  return { server, port, stop };
}

/**
 * BENCH_PILOTS=N: N pilots (default 30) each upload an archive of BENCH_PILOT_FILES real flights (default 10)
 * at the same moment, while one more pilot reads her flight list every 200 ms: every answer, the time until
 * every task is done, the tree's peak memory, the list reads' p95 and each ledger's sum.
 */
async function pilotsMain() {
  const count = Number(process.env.BENCH_PILOTS || 30);
  const perPilot = Number(process.env.BENCH_PILOT_FILES || 10);
  const igcs = loadFiles();
  // Every pilot signs up from 127.0.0.1: a per-address sign-in budget they all fit in.
  const { server, port, stop } = await startBenchServer({ AUTH_RATE_LIMIT_PER_IP: '100000' });
  try {
    const pilots = await Promise.all(Array.from({ length: count }, (_, p) => pilot(port, `pilot${p}`)));
    const reader = await pilot(port, 'reader');
    const archives = pilots.map((_, p) =>
      multipart([{ name: `season-${p}.zip`, data: makeZip(Array.from({ length: perPilot }, (_, i) => {
        const f = igcs[(p * perPilot + i) % igcs.length]!;
        return { name: `${i}-${f.name.replace(/\//g, '-')}`, data: shiftDate(f.data, 2000 + p * 3) };
      })) }]),
    );
    const idleMb = treeRssMb(server.pid!);
    let peakMb = idleMb;
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, treeRssMb(server.pid!))), 200);
    const reads: number[] = [];
    let reading = true;
    const readLoop = (async () => {
      while (reading) {
        const t = performance.now();
        const res = await reader.fetch('/api/FlightDetail');
        await res.arrayBuffer();
        reads.push(performance.now() - t);
        await sleep(200);
      }
    })();
    const started = performance.now();
    const answers = await Promise.all(pilots.map(async (s, p) => (await s.fetch('/api/FlightDetail/upload', { method: 'POST', headers: archives[p]!.headers, body: new Uint8Array(archives[p]!.payload) })).status));
    const answeredMs = performance.now() - started;
    const peakWhileAnswering = peakMb;
    const tasks: { status: string; fileCount: number; ledger: Record<string, number> }[] = [];
    for (const s of pilots) {
      for (;;) {
        const res = await s.fetch('/api/uploadtasks?withFiles=false');
        if (!res.ok) throw new Error(`task list ${res.status}: ${await res.text()}`);
        const [task] = (await res.json()) as (typeof tasks)[number][];
        if (task && task.status !== 'Processing') {
          tasks.push(task);
          break;
        }
        await sleep(500);
      }
    }
    const doneMs = performance.now() - started;
    reading = false;
    await readLoop;
    clearInterval(sampler);
    const endMb = treeRssMb(server.pid!);
    const sorted = [...reads].sort((a, b) => a - b);
    const p95 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? NaN;
    const ledgerSums = tasks.map((t) => Object.values(t.ledger ?? {}).reduce((a, b) => a + b, 0));
    console.log(`\n| measure | value | target |\n|---|---|---|`);
    console.log(`| pilots × files | ${count} × ${perPilot} (${cpus().length} cores) | |`);
    console.log(`| upload answers 200 / sent | ${answers.filter((a) => a === 200).length} / ${count} (all answered after ${(answeredMs / 1000).toFixed(1)} s) | all |`);
    console.log(`| every task done after | ${(doneMs / 1000).toFixed(1)} s (${tasks.filter((t) => t.status === 'Completed').length} Completed) | |`);
    console.log(`| ledger lines adding up to the files sent | ${ledgerSums.filter((n) => n === perPilot).length} / ${count} | all |`);
    console.log(`| list reads meanwhile: count / p95 | ${reads.length} / ${p95.toFixed(0)} ms | |`);
    console.log(`| server tree at rest / peak / end | ${idleMb.toFixed(0)} / ${peakMb.toFixed(0)} / ${endMb.toFixed(0)} MB | peak ≤ 400 MB |`);
    console.log(`| server tree's peak until every upload was answered | ${peakWhileAnswering.toFixed(0)} MB | |`);
    console.log(`\nserver process tree at the end:\n${treeListing(server.pid!)}`);
  } finally {
    await stop();
  }
}

async function main() {
  if (process.env.BENCH_MIXED === '1') return mixedMain();
  if (process.env.BENCH_PILOTS) return pilotsMain();
  // Long straight flights (bench/long-flights.ts) join the set; BENCH_LONG=0 measures the fixtures alone, as earlier runs did.
  const files = process.env.BENCH_LONG === '0' ? loadFiles() : [...loadFiles(), ...longFlights()];
  const zip = makeZip(files);
  console.log(`${files.length} IGC files (${COPIES} dated copies of the fixtures${process.env.BENCH_LONG === '0' ? '' : ', plus the long flights'}), zip ${(zip.length / 1048576).toFixed(1)} MB, rules ${RULES}, ${cpus().length} cores`);

  const dataDir = mkdtempSync(join(tmpdir(), 'bench-import-'));
  const port = benchPort();
  // The `npm start` path, npm included: what a pilot club runs when it follows the quick start.
  const server = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SCORING_RULES: RULES, DATABASE_URL: '' },
    stdio: ['ignore', 'inherit', HEAP_LOG ? 'pipe' : 'inherit'],
    detached: true,
  });
  // ANALYSIS_HEAP_LOG=1: the server prints each thread's heap after every file; keep the largest of each figure.
  const heapMax = new Map<string, number>();
  server.stderr?.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      const kind = /^(analysis-heap|main-heap)/.exec(line)?.[1];
      if (!kind) {
        if (line.trim()) process.stderr.write(line + '\n');
        continue;
      }
      for (const [, key, value] of line.matchAll(/(\w+Mb)=(\d+)/g)) heapMax.set(`${kind} ${key}`, Math.max(heapMax.get(`${kind} ${key}`) ?? 0, Number(value)));
    }
  });
  const stop = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((r) => server.once('exit', r));
    process.kill(-server.pid!, 'SIGTERM');
    await exited;
  };
  try {
    const s = new HttpSession(`http://127.0.0.1:${port}`);
    for (let i = 0; ; i++) {
      if (server.exitCode !== null || i > 3000) throw new Error('The server did not start');
      try {
        if ((await s.fetch('/api/health')).ok) break;
      } catch {
        await sleep(100);
      }
    }
    const json = { 'content-type': 'application/json' };
    await s.fetch('/api/auth/register', { method: 'POST', headers: json, body: JSON.stringify({ email: 'bench@example.com', username: 'bench', password: 'Bench#2024' }) });
    await s.fetch('/api/auth/login', { method: 'POST', headers: json, body: JSON.stringify({ email: 'bench@example.com', password: 'Bench#2024' }) });
    await sleep(5000); // at rest, as a server is between uploads
    const idleMb = treeRssMb(server.pid!);
    const idleListing = treeListing(server.pid!);

    let peakMb = idleMb;
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, treeRssMb(server.pid!))), 200);
    const { payload, headers } = multipart([{ name: 'flying-life.zip', data: zip }]);
    const started = performance.now();
    const answer = await s.fetch('/api/FlightDetail/upload', { method: 'POST', headers, body: new Uint8Array(payload) });
    const answeredMs = performance.now() - started;
    console.log(`upload answer ${answer.status} after ${answeredMs.toFixed(0)} ms: ${(await answer.text()).slice(0, 200)}`);
    let task: { status: string; igcFiles: { status: string; flightDetails: unknown[] }[] } | undefined;
    for (;;) {
      [task] = (await (await s.fetch('/api/uploadtasks')).json()) as (typeof task)[];
      if (task && task.status !== 'Processing') break;
      await sleep(500);
    }
    const importMs = performance.now() - started;
    clearInterval(sampler);
    const afterMb = treeRssMb(server.pid!);
    const byStatus = new Map<string, number>();
    for (const f of task!.igcFiles) byStatus.set(f.status, (byStatus.get(f.status) ?? 0) + 1);
    const flights = task!.igcFiles.reduce((n, f) => n + (f.flightDetails?.length ?? 0), 0);
    await stop();
    rmSync(dataDir, { recursive: true, force: true });

    // The import's own figures first: the baseline takes minutes, and a run cut short keeps these.
    console.log(`import: ${(importMs / 1000).toFixed(1)} s, tree at rest ${idleMb.toFixed(0)} MB, peak ${peakMb.toFixed(0)} MB, after ${afterMb.toFixed(0)} MB`);
    console.log(`\nserver process tree at rest:\n${idleListing}`);
    if (HEAP_LOG) console.log(`\nlargest per-file heap figures (ANALYSIS_HEAP_LOG):\n${[...heapMax].map(([k, v]) => `    ${k} ${v}`).join('\n')}`);
    // BENCH_BASELINE=0: memory only (the baseline takes minutes)
    if (process.env.BENCH_BASELINE === '0') return;
    const base = baseline(files);
    const baseMs = base.ms;
    console.log('\n| measure | value | target |\n|---|---|---|');
    console.log(`| files (status) / flights | ${files.length} (${[...byStatus].map(([k, v]) => `${v} ${k}`).join(', ')}) / ${flights} | |`);
    console.log(`| upload → task ${task!.status} (${cpus().length} cores) | ${(importMs / 1000).toFixed(1)} s | |`);
    console.log(`| baseline igc-parser + igc-xc-score, one thread, same files | ${(baseMs / 1000).toFixed(1)} s | |`);
    console.log(`| baseline files stopped at the ${BASELINE_CAP_MS / 1000} s cap (counted at the cap) | ${base.capped.length ? base.capped.join(', ') : 'none'} | |`);
    console.log(`| ratio import / baseline | ${(importMs / baseMs).toFixed(2)} | ≤ 0.35 |`);
    console.log(`| server tree resident memory at rest | ${idleMb.toFixed(0)} MB | server alone ≤ 110 MB |`);
    console.log(`| server tree resident memory, peak during the import | ${peakMb.toFixed(0)} MB | ≤ 400 MB |`);
    console.log(`| server tree resident memory after the import | ${afterMb.toFixed(0)} MB | |`);
  } finally {
    await stop();
  }
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
