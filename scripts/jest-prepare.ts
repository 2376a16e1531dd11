// What the tests' global setup (scripts/jest-global-setup.cjs) prepares once per run from the server's
// TypeScript sources, in a process of its own (through tsx) so that jest's own process loads no TypeScript:
//   towns OUT            the compact towns index, written to OUT (renamed into place when complete);
//   pg-template URL      migrates the PostgreSQL database at URL to the newest schema.
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allTowns } from '../server/src/analysis/places';
import { encodeTowns } from '../server/src/analysis/towns';
import { migrate, openDatabase } from '../server/src/db';

async function main([what, target]: string[]) {
  if (what === 'towns' && target) {
    // Another run may be writing the same file: each writes its own and the rename is atomic.
    const partial = `${target}.${process.pid}.part`;
    writeFileSync(partial, encodeTowns(allTowns()));
    renameSync(partial, target);
    return;
  }
  if (what === 'pg-template' && target) {
    const dataDir = mkdtempSync(join(tmpdir(), 'flightlog-template-'));
    const handle = openDatabase({ dataDir, databaseUrl: target });
    try {
      await migrate(handle);
    } finally {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    return;
  }
  throw new Error('usage: jest-prepare.ts towns OUT | pg-template URL');
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
