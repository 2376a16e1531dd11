import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exited, randomPort, serverProgram } from './helpers/server-process';

describe('start-up log', () => {
  // A test that times out never reaches its finally: the server it started would run on after the run.
  let started: ChildProcess | undefined;
  afterAll(() => {
    if (started && started.exitCode === null) started.kill('SIGTERM');
  });

  it('names the address the server really listens on, whatever PORT is', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'flightlog-startup-'));
    const port = randomPort();
    const child = (started = spawn(process.execPath, serverProgram('main'), {
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', DATABASE_URL: '', WORKERS: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    }));
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout!.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const found = out.split('\n').find((l) => l.includes('Flight logbook on'));
          if (found) resolve(found);
        });
        child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
      });
      expect(JSON.parse(line).msg).toMatch(new RegExp(`^Flight logbook on http://127\\.0\\.0\\.1:${port} `));
      // Without PUBLIC_URL the mailed links use the port it listens on, and the line says where that came from (issue 40).
      expect(JSON.parse(line).msg).toContain(`public URL in mailed links: http://localhost:${port}, from PORT: set PUBLIC_URL`);
    } finally {
      child.kill('SIGTERM');
      await exited(child);
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Started from its sources through tsx: over a minute when the machine is shared.
  }, 180_000);
});
