import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// The journeys' server: the built app and server (`npm start`'s program) on SQLite in a temporary folder, as a
// process of its own. No jest in here: the run's shared server is started by scripts/jest-global-setup.cjs through
// e2e/shared-server.ts, outside any test file.

const ROOT = resolve(__dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
    s.on('error', rej);
  });
}

/** Where a running server answers and keeps its data: enough for a journey to use a server another process started. */
export interface ServerAddress {
  url: string;
  dataDir: string;
}

export interface RunningServer extends ServerAddress {
  /**
   * Links found in the mails written to the outbox, oldest first; with `to`, only those of the mails to that
   * address (the run's shared server writes every journey's mails into one outbox).
   */
  outboxLinks(to?: string): string[];
  stop(): Promise<void>;
}

/** The recipients line of a mail (headers unfolded), lower case. */
function recipients(mail: string): string {
  const headers = mail.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return (/^to:(.*)$/im.exec(headers)?.[1] ?? '').toLowerCase();
}

/** A server started elsewhere (the run's shared one): `stop` leaves it running. */
export function serverAt({ url, dataDir }: ServerAddress, stop: () => Promise<void> = async () => {}): RunningServer {
  return {
    url,
    dataDir,
    outboxLinks(to) {
      const dir = join(dataDir, 'outbox');
      if (!existsSync(dir)) return [];
      return readdirSync(dir)
        .sort()
        .map((f) => readFileSync(join(dir, f), 'utf8'))
        .filter((mail) => to === undefined || recipients(mail).includes(to.toLowerCase()))
        .flatMap((mail) => {
          const text = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
          return [...text.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0]);
        });
    },
    stop,
  };
}

/** Waits until the server answers its health check; a server that exits first, or never answers, fails the start. */
async function untilHealthy(url: string, child: ChildProcess): Promise<void> {
  // Up to two minutes: on a machine shared by several runs (load 40) a start took over half a minute.
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error('The server exited during start-up');
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`The server at ${url} did not answer its health check in two minutes`);
}

/** Starts the real server (built app, SQLite in a temporary folder) as its own process, on an empty data folder. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  // The same build and program as `npm start`. The global setup builds once for the whole run: journeys
  // running at once would each start the same build, and a source edited mid-run would rebuild under them.
  if (!process.env.FLIGHTLOG_JOURNEYS_BUILT) {
    const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build-if-stale.mjs')], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('The build failed');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'flightlog-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(ROOT, 'dist/server/main.js')], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await untilHealthy(url, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return serverAt({ url, dataDir }, stop);
}
