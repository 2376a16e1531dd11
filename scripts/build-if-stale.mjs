// Builds what is missing or older than its sources: the app into dist/app (webpack) and the server
// into dist/server (esbuild: one CommonJS file per entry, node_modules left external).
// `node scripts/build-if-stale.mjs` builds both; `... server` only the server; `--force` always builds.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const require = createRequire(import.meta.url);

function newest(dir) {
  if (!existsSync(dir)) return 0;
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const stale = (built, inputs) => !existsSync(built) || statSync(built).mtimeMs < Math.max(...inputs);

export function buildAppIfStale({ force = false } = {}) {
  const inputs = ['src', 'public', 'locales', 'contract'].map((d) => newest(join(root, d)));
  inputs.push(statSync(join(root, 'webpack.config.ts')).mtimeMs);
  if (!force && !stale(join(root, 'dist/app/index.html'), inputs)) return;
  console.log('Building the app (dist/app)...');
  const r = spawnSync('npx', ['webpack', '--mode', 'production'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('The app build failed');
}

/** The programs of the server; the analysis worker is its own file, loaded by each worker thread. */
export const SERVER_ENTRIES = {
  main: 'server/src/main.ts',
  'worker-main': 'server/src/worker-main.ts',
  'admin-cli': 'server/src/admin-cli.ts',
  'airspace-cli': 'server/src/airspace/cli.ts',
  'backup-cli': 'server/src/backup-cli.ts',
  'analysis-worker': 'server/src/ingest/analysis-worker.ts',
  'build-towns': 'server/src/jobs/build-towns.ts',
};

/**
 * The server's programs (all of SERVER_ENTRIES, or the names given) bundled into outdir, without the towns
 * index. outdir must sit two levels below the clone, as dist/server does: the server finds the built app
 * at ../../dist/app, and node_modules from there.
 */
export function bundleServer(outdir, names = Object.keys(SERVER_ENTRIES)) {
  // esbuild comes with tsx; it runs here, at build time, never beside the server.
  const esbuild = require('esbuild');
  esbuild.buildSync({ ...NODE_BUNDLE, entryPoints: Object.fromEntries(names.map((name) => [name, SERVER_ENTRIES[name]])), outdir });
}

/** How every program that runs under node is bundled: CommonJS for Node 20, node_modules left external. */
const NODE_BUNDLE = { absWorkingDir: root, bundle: true, platform: 'node', format: 'cjs', target: 'node20', packages: 'external', sourcemap: 'linked', logLevel: 'warning' };

/**
 * The worker threads of the server's tests that load TypeScript of their own (the optimizer's oracle, the
 * analysis windows, the labelled corpus, analysisThreads), compiled once per run beside the test server
 * (scripts/jest-global-setup.cjs) into outdir/test-workers/: through tsx each thread compiled its sources again
 * (about 0.4 s of CPU a thread). Their CommonJS entries load them (server/test/helpers/test-worker.cjs).
 * Named by the source's path below server/test, as the entries name them. corpus.ts finds its fixtures from its
 * own folder (`__dirname`/../fixtures), so its bundle is told that folder; no other module it bundles reads `__dirname`.
 */
export const TEST_WORKER_ENTRIES = ['optimizer/oracle-worker.ts', 'analysis/window-worker.ts', 'analysis/corpus.ts', 'helpers/analysis-thread-worker.ts'];
const SOURCE_FOLDER_AS_DIRNAME = ['analysis/corpus.ts'];

export function bundleTestWorkers(outdir) {
  const esbuild = require('esbuild');
  for (const source of TEST_WORKER_ENTRIES) {
    const from = join(root, 'server/test', source);
    esbuild.buildSync({
      ...NODE_BUNDLE,
      entryPoints: [from],
      outfile: join(outdir, 'test-workers', source.replace(/\.ts$/, '.js')),
      ...(SOURCE_FOLDER_AS_DIRNAME.includes(source) ? { define: { __dirname: JSON.stringify(dirname(from)) } } : {}),
    });
  }
}

export function buildServerIfStale({ force = false } = {}) {
  const out = join(root, 'dist/server');
  const inputs = ['server/src', 'contract'].map((d) => newest(join(root, d)));
  inputs.push(statSync(new URL(import.meta.url).pathname).mtimeMs, statSync(join(root, 'package.json')).mtimeMs);
  const outputs = [...Object.keys(SERVER_ENTRIES).map((name) => join(out, `${name}.js`)), join(out, 'towns.bin')];
  if (!force && outputs.every((built) => !stale(built, inputs))) return;
  console.log('Building the server (dist/server)...');
  rmSync(out, { recursive: true, force: true });
  bundleServer(out);
  const towns = spawnSync(process.execPath, [join(out, 'build-towns.js')], { cwd: root, stdio: 'inherit' });
  if (towns.status !== 0) throw new Error('Building the towns index failed');
}

export function buildIfStale(options) {
  buildAppIfStale(options);
  buildServerIfStale(options);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const options = { force: args.includes('--force') };
  // `test-server DIR`: the programs the tests start as child processes (scripts/jest-global-setup.cjs).
  // With the test workers: the tests' own worker threads (TEST_WORKER_ENTRIES).
  if (args[0] === 'test-server') {
    bundleServer(args[1], ['main', 'admin-cli', 'backup-cli', 'analysis-worker']);
    bundleTestWorkers(args[1]);
  }
  else if (args.includes('server')) buildServerIfStale(options);
  else if (args.includes('app')) buildAppIfStale(options);
  else buildIfStale(options);
}
