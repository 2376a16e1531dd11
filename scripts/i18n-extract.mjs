// Runs `lingui extract --clean` and fails when it could not read a file: lingui then reports the error,
// leaves that file's messages out of the catalogs and still exits 0, so a new string would go untranslated
// with every check green (docs/testing.md).
import { spawnSync } from 'node:child_process';

const run = spawnSync('npx', ['lingui', 'extract', '--clean'], { encoding: 'utf8' });
const output = `${run.stdout}\n${run.stderr}`;
const failed = output.split('\n').filter((line) => /^Cannot process file/.test(line));
if (run.status !== 0 || failed.length > 0) {
  console.error(failed.length ? failed.join('\n') : output);
  console.error('lingui extract failed: the catalogs miss the messages of the files above.');
  process.exit(1);
}
