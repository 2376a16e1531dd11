import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HttpSession } from './http-session';

/** The server's programs the tests start as child processes, and their sources. */
const PROGRAMS = { main: 'main.ts', 'admin-cli': 'admin-cli.ts', 'backup-cli': 'backup-cli.ts' } as const;

/**
 * Node's arguments that run one of the server's programs: compiled once for the run by the global setup
 * (FLIGHTLOG_TEST_SERVER_DIR, scripts/jest-global-setup.cjs), as `npm start` runs dist/server; from the
 * sources through tsx when there is none (each start then compiles the server, and each analysis thread
 * its part, again).
 */
export function serverProgram(name: keyof typeof PROGRAMS): string[] {
  const compiled = process.env.FLIGHTLOG_TEST_SERVER_DIR;
  return compiled ? [join(compiled, `${name}.js`)] : ['--import', 'tsx', join(__dirname, '../../src', PROGRAMS[name])];
}

/** `npm start`'s server as a child process on SQLite in dataDir, answering on 127.0.0.1:port. */
export async function startServer(dataDir: string, port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, serverProgram('main'), {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATABASE_URL: '', WORKERS: '1', ...env },
    stdio: process.env.SERVER_STDIO === 'inherit' ? 'inherit' : 'ignore',
  });
  // Asked every 100 ms for up to a minute or more: a busy machine (other test files, other runs) can take
  // tens of seconds to start a server.
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // Not listening yet.
    }
    // Also after an answer that is not OK (still starting): no tight loop of requests.
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

/** A port for a child server; each jest worker draws from its own range, so two test files running at once never pick the same one. */
export const randomPort = () => 5800 + ((Number(process.env.JEST_WORKER_ID ?? 1) - 1) % 4) * 750 + Math.floor(Math.random() * 750);

/** Resolves with the exit code (or signal) once the child has exited. */
export const exited = (child: ChildProcess) =>
  new Promise<number | string>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode ?? child.signalCode!);
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1));
  });

/** A registered, signed-in pilot on a running server. */
export async function pilotSession(base: string, email: string, password = 'Hard#Ening24'): Promise<HttpSession> {
  const s = new HttpSession(base);
  const json = { 'content-type': 'application/json' };
  await s.fetch('/api/health');
  await s.fetch('/api/auth/register', { method: 'POST', headers: json, body: JSON.stringify({ email, username: email.split('@')[0], password }) });
  const login = await s.fetch('/api/auth/login', { method: 'POST', headers: json, body: JSON.stringify({ email, password }) });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  return s;
}

const statusField = (pid: number, field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
/** Resident memory now, in MB (Linux). */
export const rssMb = (pid: number) => statusField(pid, 'VmRSS');
/** Peak resident memory since the last resetPeak, in MB (Linux). */
export const peakRssMb = (pid: number) => statusField(pid, 'VmHWM');
/** Resets the kernel's peak-RSS mark of the process (writing 5 to clear_refs); false where not allowed. */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
