// The checks `npm test` runs before jest: the type check, lint and the translations, at the same time
// (each uses one core, and the machine has two), each with its output printed whole once it is done.
// `node scripts/static-checks.mjs typecheck` (or lint, i18n) runs one. docs/testing.md, "Which command runs what".
//
// tsc and ESLint keep what they learnt between runs in the system's temporary folder, outside the clone
// (like jest's transform cache): tsc's incremental build info and ESLint's cache, one of each per clone.
// Both check again every file whose content changed, and what depends on it (tsc), so a warm run
// reports what a cold one would (docs/testing.md, "Caches of the type check and lint").
// A new clone (CI clones into a new folder every run) starts from the caches of the clone used last, with
// that clone's paths rewritten to its own: both caches hold a hash of each file's content, so a file that
// differs here is checked again, and one that is the same keeps its answer, errors included.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const caches = join(tmpdir(), 'flightlog-checks');
const cache = join(caches, createHash('sha256').update(root).digest('hex').slice(0, 16));
mkdirSync(cache, { recursive: true });
// Each clone leaves about 1 MB here, and CI clones into a new folder every run: forget clones unused for two weeks.
for (const other of readdirSync(caches)) {
  const dir = join(caches, other);
  try {
    const lastUsed = Math.max(statSync(dir).mtimeMs, ...readdirSync(dir).map((file) => statSync(join(dir, file)).mtimeMs));
    if (dir !== cache && Date.now() - lastUsed > 14 * 86_400_000) rmSync(dir, { recursive: true, force: true });
  } catch {
    // Another run removed it meanwhile.
  }
}
const bin = (name) => join(root, 'node_modules', '.bin', name);

const eslintCache = join(cache, 'eslint-cache');
const tscBuildInfo = join(cache, 'tsconfig.tsbuildinfo');
writeFileSync(join(cache, 'root'), root);

/** The cache folder and clone of the clone whose `file` was written last, if any. */
function lastOtherClone(file) {
  let best;
  for (const other of readdirSync(caches)) {
    const dir = join(caches, other);
    if (dir === cache || !existsSync(join(dir, file)) || !existsSync(join(dir, 'root'))) continue;
    const written = statSync(join(dir, file)).mtimeMs;
    if (!best || written > best.written) best = { dir, root: readFileSync(join(dir, 'root'), 'utf8'), written };
  }
  return best;
}

function seedFromLastClone() {
  if (!existsSync(eslintCache)) {
    const other = lastOtherClone('eslint-cache');
    // ESLint's cache names each file by its absolute path (inside JSON strings).
    if (other) writeFileSync(eslintCache, readFileSync(join(other.dir, 'eslint-cache'), 'utf8').replaceAll(JSON.stringify(`${other.root}/`).slice(1, -1), JSON.stringify(`${root}/`).slice(1, -1)));
  }
  if (!existsSync(tscBuildInfo)) {
    const other = lastOtherClone('tsconfig.tsbuildinfo');
    if (other) {
      // tsc names each file relative to the build info's folder.
      const info = JSON.parse(readFileSync(join(other.dir, 'tsconfig.tsbuildinfo'), 'utf8'));
      const from = `${relative(other.dir, other.root)}/`;
      const to = `${relative(cache, root)}/`;
      info.fileNames = info.fileNames.map((name) => (name.startsWith(from) ? to + name.slice(from.length) : name));
      writeFileSync(tscBuildInfo, JSON.stringify(info));
    }
  }
}
seedFromLastClone();

const checks = {
  typecheck: [bin('tsc'), ['--noEmit', '-p', 'tsconfig.json', '--incremental', '--tsBuildInfoFile', tscBuildInfo]],
  lint: [bin('eslint'), ['--max-warnings=0', '--cache', '--cache-strategy', 'content', '--cache-location', eslintCache, '.']],
  i18n: ['npm', ['run', '--silent', 'i18n:check']],
};

const chosen = process.argv.slice(2);
for (const name of chosen) if (!checks[name]) throw new Error(`Unknown check ${name}: one of ${Object.keys(checks).join(', ')}`);

function run(name) {
  const [command, args] = checks[name];
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
    const output = [];
    child.stdout.on('data', (d) => output.push(d));
    child.stderr.on('data', (d) => output.push(d));
    child.on('error', (err) => output.push(Buffer.from(`${err.message}\n`)));
    child.on('close', (code) => {
      const text = Buffer.concat(output).toString().trimEnd();
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? 'passed' : 'FAILED'}: ${name} (${seconds} s)${text ? `\n${text}` : ''}`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all((chosen.length ? chosen : Object.keys(checks)).map(run));
process.exitCode = results.every(Boolean) ? 0 : 1;
