import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { season } from '../../scripts/synthetic-igc';
import { HttpSession } from './helpers/http-session';
import { makeZip, multipart } from './helpers/archives';
import { randomPort, startServer as startChild } from './helpers/server-process';

const KILLS = Number(process.env.FAULT_KILLS ?? 5);
/** The server as `npm start` runs it, small uploads of up to two files answered at once. */
const startServer = (dataDir: string, port: number) => startChild(dataDir, port, { SMALL_UPLOAD_MAX_FILES: '2' });

/** SIGKILL at random moments during uploads: every answered upload survives, intact, analysed once. */
describe('killing the server during uploads', () => {
  it(`loses nothing and doubles nothing over ${KILLS} kills`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'flightlog-faults-'));
    const port = randomPort();
    const files = season(KILLS * 3, '2024-03-01', 99).map((f) => ({ name: f.name, data: Buffer.from(f.igc) }));
    const acknowledged: string[] = [];
    let seed = 12345;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    try {
      let server = await startServer(dataDir, port);
      const s = new HttpSession(`http://127.0.0.1:${port}`);
      const json = { 'content-type': 'application/json' };
      await s.fetch('/api/health');
      await s.fetch('/api/auth/register', { method: 'POST', headers: json, body: JSON.stringify({ email: 'k@example.com', username: 'k', password: 'Kill#2024' }) });
      await s.fetch('/api/auth/login', { method: 'POST', headers: json, body: JSON.stringify({ email: 'k@example.com', password: 'Kill#2024' }) });

      for (let round = 0; round < KILLS; round++) {
        const batch = files.slice(round * 3, round * 3 + 3);
        let answered: () => void = () => undefined;
        const firstAnswer = new Promise<void>((r) => (answered = r));
        const uploads = batch.map(async (f, i) => {
          const body = i === 2 ? multipart([{ name: `r${round}.zip`, data: makeZip([{ name: f.name, data: f.data }]) }]) : multipart([f]);
          try {
            const res = await s.fetch('/api/FlightDetail/upload', { method: 'POST', headers: body.headers, body: new Uint8Array(body.payload) });
            if (res.ok) acknowledged.push(f.name);
          } catch {
            /* killed mid-request: not acknowledged */
          } finally {
            answered();
          }
        });
        // The first round kills just after an upload was answered (a slow machine could otherwise answer
        // none in any round, and the test would prove nothing); the others at a random moment.
        if (round === 0) await Promise.race([firstAnswer, new Promise((r) => setTimeout(r, 60_000))]);
        await new Promise((r) => setTimeout(r, 20 + random() * (round === 0 ? 300 : 2500)));
        const exited = new Promise((r) => server.once('exit', r));
        server.kill('SIGKILL');
        await Promise.all([exited, ...uploads]);
        server = await startServer(dataDir, port);
      }
      // Let the last start-up finish the work that was left.
      for (let i = 0; i < 600; i++) {
        const tasks = (await (await s.fetch('/api/uploadtasks')).json()) as { status: string }[];
        if (tasks.every((t) => t.status !== 'Processing')) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const stopped = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await stopped;

      const db = new Database(join(dataDir, 'flightlog.sqlite'), { readonly: true });
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const stored = db.prepare("SELECT original_filename AS name, content, status FROM igc_files WHERE status NOT IN ('Duplicate', 'Ignored')").all() as { name: string; content: Buffer; status: string }[];
      for (const name of acknowledged) {
        const original = files.find((f) => f.name === name)!.data;
        const row = stored.find((r) => r.name === name);
        expect([name, row?.status]).toEqual([name, 'Completed']);
        const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
        expect(sha(gunzipSync(row!.content))).toBe(sha(original));
      }
      const perFile = db.prepare('SELECT igc_file_id, segment_index, COUNT(*) AS n FROM flights GROUP BY igc_file_id, segment_index HAVING n > 1').all();
      expect(perFile).toEqual([]);
      const fingerprints = db.prepare('SELECT fingerprint, COUNT(*) AS n FROM flights WHERE removal_reason IS NULL GROUP BY fingerprint HAVING n > 1').all();
      expect(fingerprints).toEqual([]);
      const unfinished = db.prepare("SELECT COUNT(*) AS n FROM igc_files WHERE status IN ('Pending', 'Processing')").get() as { n: number };
      expect(unfinished.n).toBe(0);
      db.close();
      // Some uploads must have been answered, or the test proved nothing.
      expect(acknowledged.length).toBeGreaterThan(0);
      console.info(`${KILLS} kills, ${acknowledged.length} of ${files.length} uploads acknowledged, all present and analysed.`);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
