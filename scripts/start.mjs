// npm start: build the app when its output is missing or older than its sources, then run the server.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const newest = (dir) => {
  if (!existsSync(dir)) return 0;
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
};
const built = join(root, 'dist/app/index.html');
const sources = Math.max(...['src', 'public', 'locales', 'contract'].map((d) => newest(join(root, d))), statSync(join(root, 'webpack.config.ts')).mtimeMs);
if (!existsSync(built) || statSync(built).mtimeMs < sources) {
  console.log('Building the app (dist/app)...');
  const r = spawnSync('npx', ['webpack', '--mode', 'production'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/src/main.ts')], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
