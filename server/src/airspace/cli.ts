// npm run airspace -- add FILE --name NAME --from YYYY-MM-DD --to YYYY-MM-DD | list | remove ID
import { readFileSync } from 'node:fs';
import { airspaceFileFields } from '../../../contract/airspace';
import { loadConfig } from '../config';
import { migrate, openDatabase, type Db } from '../db';
import { airspaceChecks } from './checks';
import * as repo from './repository';
import { loadAirspaceFile } from './service';

const USAGE = 'Usage: npm run airspace -- add FILE --name NAME --from YYYY-MM-DD --to YYYY-MM-DD | list | remove ID';

/** Instance-wide airspace files from the command line (docs/airspace.md); re-checks the flights they apply to before it ends. */
export async function runAirspaceCommand(db: Db, terrainDir: string | undefined, args: string[], log: (line: string) => void = console.log): Promise<void> {
  const [command, ...rest] = args;
  const flag = (name: string) => {
    const i = rest.indexOf(`--${name}`);
    return i >= 0 ? rest[i + 1] : undefined;
  };
  const airspace = airspaceChecks({ db, terrainDir });
  if (command === 'list') {
    const files = await repo.listFiles(db, null);
    log(files.length ? files.map((f) => `${f.id}\t${f.validFrom}..${f.validTo}\t${f.shapeCount} shapes\t${f.name}`).join('\n') : 'No instance airspace files.');
    return;
  }
  if (command === 'add' && rest[0] && !rest[0].startsWith('--')) {
    const fields = airspaceFileFields.safeParse({ name: flag('name'), validFrom: flag('from'), validTo: flag('to'), scope: 'instance' });
    if (!fields.success) throw new Error(`${fields.error.issues[0]?.message ?? 'Check the options.'}\n${USAGE}`);
    const added = await loadAirspaceFile({ db, airspace }, null, fields.data, readFileSync(rest[0]));
    log(`Loaded file ${added.id}: ${added.shapes} airspaces.`);
    for (const l of added.unreadLines) log(`  line ${l.line}: ${l.message}`);
  } else if (command === 'remove' && Number(rest[0]) > 0) {
    const file = await repo.findFile(db, Number(rest[0]));
    if (!file || file.userId !== null) throw new Error(`No instance airspace file ${rest[0]}.`);
    await repo.deleteFile(db, file.id);
    await airspace.queueDays(null, file.validFrom, file.validTo);
    log(`Removed file ${file.id}.`);
  } else throw new Error(USAGE);
  log(`Re-checking ${await repo.countPending(db, null)} flights…`);
  log(`Checked ${await airspace.drain()} flights.`);
}

if (require.main === module) {
  const config = loadConfig();
  const database = openDatabase(config);
  migrate(database)
    .then(() => runAirspaceCommand(database.db, config.terrainDir, process.argv.slice(2)))
    .catch((err: Error) => {
      console.error(err.message);
      process.exitCode = 1;
    })
    .finally(() => database.close());
}
