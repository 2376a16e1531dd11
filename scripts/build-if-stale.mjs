// Builds the app into dist/app when the output is missing or older than its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function newest(dir) {
  if (!existsSync(dir)) return 0;
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

export function buildIfStale() {
  const built = join(root, 'dist/app/index.html');
  const inputs = ['src', 'public', 'locales', 'contract'].map((d) => newest(join(root, d)));
  inputs.push(statSync(join(root, 'webpack.config.ts')).mtimeMs);
  if (existsSync(built) && statSync(built).mtimeMs >= Math.max(...inputs)) return;
  console.log('Building the app (dist/app)...');
  const r = spawnSync('npx', ['webpack', '--mode', 'production'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('The app build failed');
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfStale();
