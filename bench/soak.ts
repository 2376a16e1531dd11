// npm run soak: the long forms of the hardening suite, on loopback, bounded in time, printing a table of
// every figure. No figure is asserted here (the CI forms in server/test/hardening-*.test.ts assert);
// a phase whose own checks fail is reported as such in the table.
//
//   SOAK_KILLS (50)            SIGKILLs during uploads (server/test/faults.test.ts with FAULT_KILLS)
//   SOAK_FUZZ (10000)          mutated files and archives through the analysis threads
//   SOAK_FUZZ_UPLOADS (1000)   of those, how many also go through the upload path
//   SOAK_FUZZ_ANALYSE_EVERY (2) every file is read in a thread, every Nth also fully analysed there
//   SOAK_PILOTS (50)           pilots uploading a 20-file zip at once
//   SOAK_READ_SECONDS (120)    mixed read traffic
//   SOAK_LOGIN_SECONDS (20)    each of the quiet and the attacked run
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { generateIgc, thermalFlight } from '../scripts/synthetic-igc';
import { makeZip, multipart } from '../server/test/helpers/archives';
import type { HttpSession } from '../server/test/helpers/http-session';
import { exited, peakRssMb, pilotSession, randomPort, resetPeak, rssMb, startServer } from '../server/test/helpers/server-process';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const KILLS = env('SOAK_KILLS', 50);
const FUZZ = env('SOAK_FUZZ', 10_000);
const FUZZ_UPLOADS = env('SOAK_FUZZ_UPLOADS', 1000);
const FUZZ_ANALYSE_EVERY = env('SOAK_FUZZ_ANALYSE_EVERY', 2);
const PILOTS = env('SOAK_PILOTS', 50);
const READ_SECONDS = env('SOAK_READ_SECONDS', 120);
const LOGIN_SECONDS = env('SOAK_LOGIN_SECONDS', 20);
const ROOT = resolve(__dirname, '..');

const table: [string, string, string][] = [];
const row = (area: string, figure: string, value: string | number) => {
  table.push([area, figure, String(value)]);
  console.log(`  ${area} | ${figure}: ${value}`);
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const ms = (v: number) => `${v.toFixed(1)} ms`;

/** Runs one hardening test file under jest with extra environment, returning its console lines and verdict. */
function jest(file: string, extra: Record<string, string>, timeoutMs: number) {
  const t0 = Date.now();
  const res = spawnSync(process.execPath, [join(ROOT, 'node_modules/jest/bin/jest.js'), file, '--selectProjects', 'server', '--testTimeout', String(timeoutMs)], {
    cwd: ROOT,
    env: { ...process.env, ...extra },
    encoding: 'utf8',
    timeout: timeoutMs + 60_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  const out = `${res.stdout}\n${res.stderr}`;
  return { ok: res.status === 0, out, ms: Date.now() - t0, summary: /Tests:\s+(.*)/.exec(out)?.[1] ?? `exit ${res.status ?? res.signal}` };
}

function kills() {
  console.log(`\nSIGKILL during uploads, ${KILLS} times`);
  const r = jest('server/test/faults.test.ts', { FAULT_KILLS: String(KILLS) }, 900_000);
  const m = /(\d+) kills, (\d+) of (\d+) uploads acknowledged/.exec(r.out);
  row('faults', 'SIGKILLs during uploads', KILLS);
  row('faults', 'uploads acknowledged (2xx) / sent', m ? `${m[2]} / ${m[3]}` : 'n/a');
  row('faults', 'acknowledged present, SHA-256 intact, analysed, no doubles, integrity_check ok', r.ok ? 'yes' : `NO (${r.summary})`);
  row('faults', 'phase time', seconds(r.ms));
}

function fuzz() {
  console.log(`\nFuzzing: ${FUZZ} inputs through the analysis threads, ${FUZZ_UPLOADS} through the upload path`);
  const r = jest('server/test/hardening-fuzz.test.ts', { FUZZ_COUNT: String(FUZZ), FUZZ_ANALYSE_EVERY: String(FUZZ_ANALYSE_EVERY), FUZZ_UPLOAD_COUNT: String(FUZZ_UPLOADS), FUZZ_SEED: String(env('SOAK_FUZZ_SEED', 777)) }, 900_000);
  const a = /fuzz analysis: (\d+) read, (\d+) refused with a reason, (\d+) unexpected/.exec(r.out);
  const u = /fuzz uploads: (\d+) inputs, answers (\{[^}]*\}), (\d+) archives refused whole; files (\{[^}]*\})/.exec(r.out);
  row('fuzz', 'inputs (seeded, 7 IGC : 3 archives)', FUZZ);
  row('fuzz', `analysis threads: read ok / refused with reason / unexpected (every ${FUZZ_ANALYSE_EVERY === 1 ? '' : `${FUZZ_ANALYSE_EVERY}nd `}file also fully analysed)`, a ? `${a[1]} / ${a[2]} / ${a[3]}` : 'n/a');
  row('fuzz', 'upload path: inputs', u?.[1] ?? 'n/a');
  row('fuzz', 'upload path: HTTP answers', u?.[2] ?? 'n/a');
  row('fuzz', 'upload path: stored files by final status', u?.[4] ?? 'n/a');
  row('fuzz', 'crashes, files without final status or reason', r.ok ? '0' : `FAILED (${r.summary})`);
  row('fuzz', 'phase time', seconds(r.ms));
}

const quickFlight = (i: number, seed: number) => {
  const rec = thermalFlight(new Date(Date.parse('2023-04-01T09:00:00Z') + i * 86_400_000).toISOString(), seed + i);
  rec.phases = rec.phases.map((p) => (p.kind === 'ground' ? p : { ...p, seconds: Math.round(p.seconds * 0.5) }));
  return { name: `s${seed}-${i}.igc`, data: Buffer.from(generateIgc(rec)) };
};

async function timed(s: HttpSession, path: string, init?: RequestInit) {
  const t0 = performance.now();
  try {
    const res = await s.fetch(path, init);
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - t0 };
  } catch {
    return { status: 0, ms: performance.now() - t0 };
  }
}

async function load() {
  const dataDir = mkdtempSync(join(tmpdir(), 'flightlog-soak-'));
  const port = randomPort();
  const base = `http://127.0.0.1:${port}`;
  // All traffic comes from 127.0.0.1: a per-IP login budget that the pilots' own sign-ins fit in.
  const server = await startServer(dataDir, port, { WORKERS: '2', AUTH_RATE_LIMIT_PER_IP: '100000', AUTH_RATE_LIMIT_PER_EMAIL: '10' });
  const pid = server.pid!;
  const db = new Database(join(dataDir, 'flightlog.sqlite'), { readonly: true });
  try {
    console.log(`\nLoad: ${PILOTS} pilots each uploading a 20-file zip at once (SQLite)`);
    const pilots: HttpSession[] = [];
    for (let i = 0; i < PILOTS; i++) pilots.push(await pilotSession(base, `soak${i}@example.com`));
    const zips = pilots.map((_, p) => multipart([{ name: `season${p}.zip`, data: makeZip(Array.from({ length: 20 }, (_, i) => quickFlight(i, p * 100))) }]));
    resetPeak(pid);
    const rss0 = rssMb(pid);
    const t0 = Date.now();
    const answers = await Promise.all(pilots.map((s, p) => timed(s, '/api/FlightDetail/upload', { method: 'POST', headers: zips[p]!.headers, body: new Uint8Array(zips[p]!.payload) })));
    const answered = Date.now() - t0;
    let state = { waiting: 0, completed: 0, failed: 0 };
    const deadline = Date.now() + 300_000;
    do {
      await new Promise((r) => setTimeout(r, 250));
      state = db.prepare("SELECT SUM(status IN ('Pending', 'Processing')) AS waiting, SUM(status = 'Completed') AS completed, SUM(status = 'Failed') AS failed FROM igc_files").get() as typeof state;
    } while (state.waiting > 0 && Date.now() < deadline);
    const done = Date.now() - t0;
    row('load', 'upload answers 2xx / sent', `${answers.filter((a) => a.status === 200).length} / ${PILOTS}`);
    row('load', 'upload answer time p50 / max', `${ms(pct(answers.map((a) => a.ms), 50))} / ${ms(Math.max(...answers.map((a) => a.ms)))}`);
    row('load', 'all answered after', seconds(answered));
    row('load', 'files completed / failed / still waiting', `${state.completed} / ${state.failed} / ${state.waiting}`);
    row('load', 'all analysed after', seconds(done));
    row('load', 'files analysed per second', (state.completed / (done / 1000)).toFixed(1));
    row('load', 'server RSS before / peak', `${rss0.toFixed(0)} MB / ${peakRssMb(pid).toFixed(0)} MB`);

    console.log(`\nMixed read traffic for ${READ_SECONDS} s`);
    const flightIds = (db.prepare('SELECT id, user_id AS userId FROM flights ORDER BY id').all() as { id: number; userId: number }[]);
    const userIds = (db.prepare("SELECT id FROM users WHERE email LIKE 'soak%' ORDER BY id").all() as { id: number }[]).map((u) => u.id);
    const ownFlights = pilots.map((_, p) => flightIds.filter((f) => f.userId === userIds[p]).map((f) => f.id));
    const paths = (p: number, n: number) => {
      const f = ownFlights[p]![n % Math.max(1, ownFlights[p]!.length)] ?? 1;
      return ['/api/FlightDetail', '/api/FlightDetail/months', '/api/statistics/overall', '/api/statistics/flight-sites', '/api/uploadtasks', '/api/achievements', `/api/FlightDetail/${f}`, `/api/FlightDetail/${f}/features?lowRes=true`, `/api/FlightDetail/${f}/path`, '/api/auth/check'][n % 10]!;
    };
    const readLoop = async (until: number, concurrency: number, into: { ms: number; status: number }[]) => {
      let n = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async (_, c) => {
          while (Date.now() < until) {
            const p = (c * 7 + n) % pilots.length;
            into.push(await timed(pilots[p]!, paths(p, n++)));
          }
        }),
      );
    };
    const reads: { ms: number; status: number }[] = [];
    const r0 = Date.now();
    await readLoop(Date.now() + READ_SECONDS * 1000, 16, reads);
    const errors = reads.filter((r) => r.status !== 200).length;
    row('reads', 'requests / per second', `${reads.length} / ${(reads.length / ((Date.now() - r0) / 1000)).toFixed(0)}`);
    row('reads', 'error rate', `${((100 * errors) / reads.length).toFixed(2)} %`);
    row('reads', 'latency p50 / p95 / p99', `${ms(pct(reads.map((r) => r.ms), 50))} / ${ms(pct(reads.map((r) => r.ms), 95))} / ${ms(pct(reads.map((r) => r.ms), 99))}`);

    console.log(`\nFailed logins at 50 per second beside normal traffic (${LOGIN_SECONDS} s quiet, ${LOGIN_SECONDS} s attacked)`);
    const quiet: { ms: number; status: number }[] = [];
    await readLoop(Date.now() + LOGIN_SECONDS * 1000, 8, quiet);
    const attacked: { ms: number; status: number }[] = [];
    const attack: { ms: number; status: number }[] = [];
    const attacker = pilots[0]!;
    const until = Date.now() + LOGIN_SECONDS * 1000;
    const shots: Promise<void>[] = [];
    const timer = setInterval(() => {
      if (Date.now() >= until) return;
      shots.push(
        timed(attacker, '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'soak1@example.com', password: `guess-${Math.random()}` }) }).then((r) => void attack.push(r)),
      );
    }, 20);
    await readLoop(until, 8, attacked);
    clearInterval(timer);
    await Promise.all(shots);
    const count = (s: number) => attack.filter((a) => a.status === s).length;
    const p95q = pct(quiet.map((r) => r.ms), 95);
    const p95a = pct(attacked.map((r) => r.ms), 95);
    row('logins', 'attempts sent (50/s)', `${attack.length} (${(attack.length / LOGIN_SECONDS).toFixed(0)}/s)`);
    row('logins', 'answered 401 (tried) / 429 (throttled) / other', `${count(401)} / ${count(429)} / ${attack.length - count(401) - count(429)}`);
    row('logins', 'normal traffic p95 quiet / attacked', `${ms(p95q)} / ${ms(p95a)}`);
    row('logins', 'p95 ratio attacked / quiet (target <= 1.5)', (p95a / p95q).toFixed(2));
    row('logins', 'normal traffic errors while attacked', attacked.filter((r) => r.status !== 200).length);
  } finally {
    db.close();
    const gone = exited(server);
    const t0 = Date.now();
    server.kill('SIGTERM');
    row('load', 'exit after SIGTERM (code, time)', `${await gone}, ${seconds(Date.now() - t0)}`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const t0 = Date.now();
  const only = process.argv.slice(2);
  const want = (phase: string) => !only.length || only.includes(phase);
  if (want('load')) await load();
  if (want('kills')) kills();
  if (want('fuzz')) fuzz();
  console.log(`\nSoak figures (${seconds(Date.now() - t0)} in all, ${new Date().toISOString()}):\n`);
  const w = [0, 1, 2].map((i) => Math.max(...table.map((r) => r[i].length), ['area', 'figure', 'value'][i]!.length));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(w[i]!)).join(' | ')} |`;
  console.log(line(['area', 'figure', 'value']));
  console.log(`|${w.map((n) => '-'.repeat(n + 2)).join('|')}|`);
  for (const r of table) console.log(line(r));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
