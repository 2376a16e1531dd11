import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import Piscina from 'piscina';
import { generateIgc, season, thermalFlight } from '../../scripts/synthetic-igc';
import { checkSqliteSettings } from '../src/db';
import type { AnalysisPool } from '../src/ingest/analysis-pool';
import { analyseFileJob, ANALYSE_FILE, MAX_FILE_RUNS } from '../src/ingest/analyse-file-job';
import { describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { makeZip, multipart } from './helpers/archives';
import { exited, pilotSession, randomPort, startServer } from './helpers/server-process';

/**
 * Hardening, faults in the job system: a file that kills its analysis thread, or its whole process,
 * every time ends Failed with a reason after a bounded number of runs; a job delivered twice makes no
 * second flight; SIGTERM under load loses nothing and exits in time; SQLite runs with its settings
 * checked and never answers SQLITE_BUSY.
 */

const igcOf = (start: string, seed: number) => Buffer.from(generateIgc(thermalFlight(start, seed)));
/** Short recordings (a quarter of the usual flight), so the analysis of dozens stays quick. */
const quickFlights = (count: number, seed: number) =>
  Array.from({ length: count }, (_, i) => {
    const rec = thermalFlight(new Date(Date.parse('2024-03-01T09:00:00Z') + i * 86_400_000).toISOString(), seed + i);
    rec.phases = rec.phases.map((p) => (p.kind === 'ground' ? p : { ...p, seconds: Math.round(p.seconds * 0.25) }));
    return { name: `q${seed}-${i}.igc`, data: Buffer.from(generateIgc(rec)) };
  });
const upload = (client: Awaited<ReturnType<typeof signedInClient>>['client'], files: { name: string; data: Buffer }[]) => {
  const { payload, headers } = multipart(files);
  return client.request('POST', '/api/FlightDetail/upload', payload, headers);
};

describeEachDatabase('job faults', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind, { WORKERS: '1' });
  });
  afterAll(() => ctx.close());
  const db = () => ctx.services.database.db;

  it('marks a file that kills its analysis thread every time Failed with a reason, after a bounded number of runs', async () => {
    const real = ctx.services.ingest.pool;
    const crashing = new Piscina({ filename: join(__dirname, 'helpers/crashing-worker.cjs'), minThreads: 0, maxThreads: 1 });
    let crashes = 0;
    const poisoned = (bytes: Uint8Array) => Buffer.from(bytes).includes('POISON');
    ctx.services.ingest.pool = {
      read: (bytes: Uint8Array) => (poisoned(bytes) ? (crashes++, crashing.run({}, { name: 'read' })) : real.read(bytes)),
      analyse: (bytes: Uint8Array) => (poisoned(bytes) ? (crashes++, crashing.run({}, { name: 'analyse' })) : real.analyse(bytes)),
      close: () => real.close(),
    } as unknown as AnalysisPool;
    try {
      const { client, user } = await signedInClient(ctx);
      const poison = Buffer.concat([igcOf('2024-05-01T09:00:00Z', 31), Buffer.from('LXXXPOISON\r\n')]);
      const res = await upload(client, [
        { name: 'poison.igc', data: poison },
        { name: 'fine.igc', data: igcOf('2024-05-02T09:00:00Z', 32) },
      ]);
      expect(res.statusCode).toBe(200);
      await ctx.services.queue.drain();
      const files = await db().selectFrom('igcFiles').select(['originalFilename', 'status', 'reason', 'attempts']).where('userId', '=', user.id).orderBy('id').execute();
      expect(files.map((f) => [f.originalFilename, f.status])).toEqual([
        ['poison.igc', 'Failed'],
        ['fine.igc', 'Completed'],
      ]);
      expect(files[0]!.reason).toMatch(/^Analysis failed after \d attempts: .+/);
      expect(files[0]!.attempts).toBeLessThanOrEqual(MAX_FILE_RUNS);
      // The reading before the answer, then the job's runs: bounded, however the thread died.
      expect(crashes).toBeLessThanOrEqual(1 + MAX_FILE_RUNS);
      const task = (await client.get('/api/uploadtasks')).json()[0];
      expect(task.status).toBe('Completed');
      expect(await ctx.services.queue.pendingPayloads(ANALYSE_FILE)).toEqual([]);
    } finally {
      ctx.services.ingest.pool = real;
      await crashing.destroy();
    }
  });

  it('creates no second flight when a job is delivered twice, one after the other or at the same moment', async () => {
    const { client, user } = await signedInClient(ctx);
    expect((await upload(client, [{ name: 'twice.zip', data: makeZip(season(2, '2024-08-01', 41).map((f) => ({ name: f.name, data: Buffer.from(f.igc) }))) }])).statusCode).toBe(200);
    await ctx.services.queue.drain();
    const fileIds = (await db().selectFrom('igcFiles').select('id').where('userId', '=', user.id).execute()).map((f) => f.id);
    const snapshot = async () => ({
      flights: await db().selectFrom('flights').select(['id', 'igcFileId', 'segmentIndex', 'status', 'removalReason']).where('userId', '=', user.id).orderBy('id').execute(),
      tracks: (await db().selectFrom('flightTracks').innerJoin('flights', 'flights.id', 'flightTracks.flightId').select('flightId').where('flights.userId', '=', user.id).execute()).length,
      sites: (await db().selectFrom('sites').select('id').where('userId', '=', user.id).execute()).length,
      notifications: (await db().selectFrom('notifications').select('id').where('userId', '=', user.id).execute()).length,
    });
    const before = await snapshot();
    expect(before.flights).toHaveLength(2);
    expect(before.flights.every((f) => f.status === 'Completed' && f.removalReason === null)).toBe(true);

    // Redelivered through the queue after completion.
    for (const id of fileIds) for (let i = 0; i < 2; i++) await ctx.services.queue.enqueue(ANALYSE_FILE, { igcFileId: id });
    await ctx.services.queue.drain();
    expect(await snapshot()).toEqual(before);

    // Delivered twice at the same moment, to a file that is not analysed yet (as after a lost acknowledgement).
    await db().updateTable('igcFiles').set({ status: 'Pending', attempts: 0 }).where('id', 'in', fileIds).execute();
    await Promise.all(fileIds.flatMap((id) => [1, 2].map((n) => analyseFileJob(ctx.services.ingest, { id: `dup-${id}-${n}`, name: ANALYSE_FILE, payload: { igcFileId: id }, attempts: 1 }))));
    const after = await snapshot();
    expect(after.flights.map((f) => [f.id, f.igcFileId, f.segmentIndex, f.status])).toEqual(before.flights.map((f) => [f.id, f.igcFileId, f.segmentIndex, f.status]));
    // Neither copy marks the other as a Duplicate Flight of itself.
    expect(after.flights.every((f) => f.removalReason === null)).toBe(true);
    expect([after.tracks, after.sites, after.notifications]).toEqual([before.tracks, before.sites, before.notifications]);
  });
});

describe('job faults on the embedded SQLite database', () => {
  it('gives up on a file whose analysis kills the whole process every time, instead of looping', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'flightlog-poison-'));
    const port = randomPort();
    try {
      let server = await startServer(dataDir, port);
      const s = await pilotSession(`http://127.0.0.1:${port}`, 'poison@example.com');
      // A long recording, so each analysis run lasts long enough to be caught in the act.
      const rec = thermalFlight('2024-06-01T08:00:00Z', 5);
      rec.phases = rec.phases.map((p) => (p.kind === 'ground' ? p : { ...p, seconds: p.seconds * 6 }));
      const body = multipart([{ name: 'killer.igc', data: Buffer.from(generateIgc(rec)) }]);
      expect((await s.fetch('/api/FlightDetail/upload', { method: 'POST', headers: body.headers, body: new Uint8Array(body.payload) })).status).toBe(200);
      const db = new Database(join(dataDir, 'flightlog.sqlite'), { readonly: true });
      const status = () => db.prepare("SELECT status, reason, attempts FROM igc_files WHERE original_filename = 'killer.igc'").get() as { status: string; reason: string | null; attempts: number };
      let kills = 0;
      for (let cycle = 0; cycle < MAX_FILE_RUNS + 3; cycle++) {
        // Wait for the run to start, or for the file to be settled.
        let state = status();
        for (let i = 0; i < 1500 && state.status !== 'Processing' && state.status !== 'Failed' && state.status !== 'Completed'; i++) {
          await new Promise((r) => setTimeout(r, 10));
          state = status();
        }
        if (state.status !== 'Processing') break;
        const gone = exited(server);
        server.kill('SIGKILL');
        await gone;
        kills++;
        server = await startServer(dataDir, port);
      }
      const final = status();
      const stop = exited(server);
      server.kill('SIGTERM');
      await stop;
      expect(kills).toBe(MAX_FILE_RUNS);
      expect(final.status).toBe('Failed');
      expect(final.reason).toBe(`The analysis stopped unexpectedly ${MAX_FILE_RUNS} times on this file; it was given up.`);
      expect(db.prepare("SELECT COUNT(*) AS n FROM jobs WHERE state IN ('queued', 'active')").get()).toEqual({ n: 0 });
      expect(db.prepare('SELECT status, error_message AS message FROM upload_tasks').get()).toEqual({ status: 'Failed', message: 'None of the files could be read.' });
      db.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('on SIGTERM under load stops taking requests, finishes or releases its work, and exits within 30 s', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'flightlog-sigterm-'));
    const port = randomPort();
    const base = `http://127.0.0.1:${port}`;
    try {
      let server = await startServer(dataDir, port, { SMALL_UPLOAD_MAX_FILES: '2', WORKERS: '2' });
      const pilots = await Promise.all([0, 1, 2, 3].map((i) => pilotSession(base, `term${i}@example.com`)));
      const files = quickFlights(40, 61);
      const acknowledged: string[] = [];
      const answers: Record<string, number> = {};
      let stopping = false;
      const note = (k: string) => (answers[k] = (answers[k] ?? 0) + 1);
      // Each pilot uploads zips of 5 files and reads its lists, until the server goes away.
      const load = pilots.map(async (s, p) => {
        for (let round = 0; !stopping && round < 2; round++) {
          const batch = files.slice(p * 10 + round * 5, p * 10 + round * 5 + 5);
          const body = multipart([{ name: `p${p}r${round}.zip`, data: makeZip(batch) }]);
          try {
            const res = await s.fetch('/api/FlightDetail/upload', { method: 'POST', headers: body.headers, body: new Uint8Array(body.payload) });
            note(String(res.status));
            if (res.ok) acknowledged.push(...batch.map((f) => f.name));
            for (const path of ['/api/FlightDetail', '/api/uploadtasks', '/api/statistics/overall']) note(String((await s.fetch(path)).status));
          } catch {
            note('connection closed');
          }
        }
      });
      await new Promise((r) => setTimeout(r, 700));
      const t0 = Date.now();
      const gone = exited(server);
      server.kill('SIGTERM');
      // Shortly after the signal, a new connection is refused (or the process is already gone).
      await new Promise((r) => setTimeout(r, 300));
      const late = await fetch(`${base}/api/health`, { headers: { connection: 'close' } }).then(
        (r) => `answered ${r.status}`,
        () => 'refused',
      );
      stopping = true;
      const code = await gone;
      const seconds = (Date.now() - t0) / 1000;
      await Promise.all(load);
      // Refused at the socket, or (on a connection the client kept alive) Fastify's 503 while closing.
      expect(['refused', 'answered 503']).toContain(late);
      expect(code).toBe(0);
      expect(seconds).toBeLessThan(30);
      // 503 is Fastify's answer on a kept-alive connection while closing: a refusal, not a failure.
      expect(Object.keys(answers).filter((k) => /^5/.test(k) && k !== '503')).toEqual([]);
      expect(acknowledged.length).toBeGreaterThan(0);

      // What was acknowledged is all there after the restart, intact, and its analysis finishes.
      server = await startServer(dataDir, port, { WORKERS: '2' });
      const db = new Database(join(dataDir, 'flightlog.sqlite'), { readonly: true });
      for (let i = 0; i < 600; i++) {
        const { n } = db.prepare("SELECT COUNT(*) AS n FROM igc_files WHERE status IN ('Pending', 'Processing')").get() as { n: number };
        if (n === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const stop = exited(server);
      server.kill('SIGTERM');
      expect(await stop).toBe(0);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const rows = db.prepare('SELECT original_filename AS name, status, content FROM igc_files').all() as { name: string; status: string; content: Buffer }[];
      const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
      for (const name of acknowledged) {
        const row = rows.find((r) => r.name === name);
        expect([name, row?.status]).toEqual([name, 'Completed']);
        expect(sha(gunzipSync(row!.content))).toBe(sha(files.find((f) => f.name === name)!.data));
      }
      expect(db.prepare('SELECT igc_file_id, segment_index, COUNT(*) AS n FROM flights GROUP BY igc_file_id, segment_index HAVING n > 1').all()).toEqual([]);
      db.close();
      console.info(`SIGTERM under load: exited with ${code} after ${seconds.toFixed(1)} s; answers ${JSON.stringify(answers)}; ${acknowledged.length} files acknowledged, all analysed after restart`);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('checks WAL, foreign keys and the busy timeout when it opens the database', () => {
    const memory = new Database(':memory:');
    memory.pragma('foreign_keys = OFF');
    memory.pragma('busy_timeout = 0');
    expect(() => checkSqliteSettings(memory)).toThrow(/foreign keys/);
    memory.pragma('foreign_keys = ON');
    expect(() => checkSqliteSettings(memory)).toThrow(/busy timeout/);
    memory.pragma('busy_timeout = 5000');
    expect(() => checkSqliteSettings(memory)).not.toThrow();
    const dir = mkdtempSync(join(tmpdir(), 'flightlog-pragma-'));
    try {
      const file = new Database(join(dir, 'x.sqlite'));
      file.pragma('journal_mode = DELETE');
      file.pragma('foreign_keys = ON');
      file.pragma('busy_timeout = 5000');
      expect(() => checkSqliteSettings(file)).toThrow(/WAL/);
      file.pragma('journal_mode = WAL');
      expect(() => checkSqliteSettings(file)).not.toThrow();
      file.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes the write lock when a transaction begins, so a write by another connection cannot make it fail with SQLITE_BUSY', async () => {
    const ctx = await startTestApp('sqlite', {}, { workers: false });
    const other = new Database(join(ctx.dataDir, 'flightlog.sqlite'));
    try {
      other.pragma('busy_timeout = 0');
      other.exec('CREATE TABLE IF NOT EXISTS other_writer (n INTEGER)');
      const { user } = await signedInClient(ctx);
      let otherWrite = '';
      await ctx.services.database.db.transaction().execute(async (trx) => {
        await trx.selectFrom('users').select('id').execute();
        // Another connection writes between this transaction's first read and its first write. With a
        // deferred BEGIN it succeeds and this transaction's write then fails at once with SQLITE_BUSY.
        try {
          other.exec('INSERT INTO other_writer VALUES (1)');
          otherWrite = 'written';
        } catch (err) {
          otherWrite = (err as { code?: string }).code ?? String(err);
        }
        await trx.updateTable('users').set({ displayName: 'Locked In' }).where('id', '=', user.id).execute();
      });
      expect(otherWrite).toBe('SQLITE_BUSY');
      expect((await ctx.services.database.db.selectFrom('users').select('displayName').where('id', '=', user.id).executeTakeFirstOrThrow()).displayName).toBe('Locked In');
    } finally {
      other.close();
      await ctx.close();
    }
  });

  it('never answers SQLITE_BUSY under concurrent uploads while another process writes to the same database', async () => {
    const ctx = await startTestApp('sqlite', { WORKERS: '2', SMALL_UPLOAD_MAX_FILES: '3' });
    // Another process (an admin command, a second tool) taking the write lock over and over.
    const writer = spawn(
      process.execPath,
      [
        '-e',
        `const D = require(process.argv[1]); const db = new D(process.argv[2]); db.pragma('busy_timeout = 10000');
         db.exec('CREATE TABLE IF NOT EXISTS other_writer (n INTEGER)');
         const end = Date.now() + Number(process.argv[3]); let n = 0;
         while (Date.now() < end) { db.exec('BEGIN IMMEDIATE'); db.prepare('INSERT INTO other_writer VALUES (?)').run(n++);
           const t = Date.now() + 40; while (Date.now() < t) {} db.exec('COMMIT'); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 15); }
         console.log(n);`,
        require.resolve('better-sqlite3'),
        join(ctx.dataDir, 'flightlog.sqlite'),
        '5000',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let writes = '';
    writer.stdout!.on('data', (d) => (writes += d));
    try {
      const pilots = await Promise.all(Array.from({ length: 4 }, () => signedInClient(ctx)));
      // Each tab has its anti-forgery cookie before the concurrent calls.
      for (const p of pilots) await p.client.get('/api/health');
      const files = quickFlights(24, 71);
      const answers = await Promise.all(
        pilots.flatMap((p, i) => [
          upload(p.client, files.slice(i * 6, i * 6 + 3)),
          upload(p.client, [{ name: `p${i}.zip`, data: makeZip(files.slice(i * 6 + 3, i * 6 + 6)) }]),
          p.client.get('/api/FlightDetail'),
          p.client.get('/api/uploadtasks'),
        ]),
      );
      await ctx.services.queue.drain();
      const bad = answers.filter((r) => r.statusCode !== 200 || /BUSY|locked/i.test(r.body));
      expect(bad.map((r) => `${r.statusCode} ${r.body.slice(0, 200)}`)).toEqual([]);
      const db = ctx.services.database.db;
      const files2 = await db.selectFrom('igcFiles').select('status').execute();
      expect(files2).toHaveLength(24);
      expect(files2.every((f) => f.status === 'Completed')).toBe(true);
      const jobs = await db.selectFrom('jobs').select(['state', 'lastError']).execute();
      expect(jobs.filter((j) => /BUSY|locked/i.test(j.lastError ?? ''))).toEqual([]);
      await exited(writer);
      expect(Number(writes)).toBeGreaterThan(10);
    } finally {
      writer.kill('SIGKILL');
      await ctx.close();
    }
  });
});
