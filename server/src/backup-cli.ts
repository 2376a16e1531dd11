// npm run backup -- FILE [--force]  (FILE relative to where npm was run: INIT_CWD)
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { loadConfig, type Config } from './config';
import { isPostgresUrl, sqlitePath } from './db';

export interface BackupResult {
  file: string;
  bytes: number;
  /** What `pragma integrity_check` said of the copy: "ok" when sound. */
  integrity: string;
  tables: string[];
}

/**
 * A consistent copy of a SQLite database that may be in use: SQLite's online backup copies every page
 * of one snapshot while the server goes on writing. The copy is written beside the target, checked
 * (integrity_check), made a single file (no -wal) and only then put in place.
 */
export async function backupSqlite(source: string, target: string, { force = false } = {}): Promise<BackupResult> {
  if (!existsSync(source)) throw new Error(`There is no database at ${source}.`);
  if (existsSync(target) && !force) throw new Error(`${target} already exists: choose another name, or add --force to replace it.`);
  const partial = `${target}.partial-${process.pid}`;
  try {
    const db = new SQLite(source, { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 10000');
      await db.backup(partial);
    } finally {
      db.close();
    }
    const copy = new SQLite(partial, { fileMustExist: true });
    let integrity: string;
    let tables: string[];
    try {
      copy.pragma('journal_mode = DELETE');
      integrity = (copy.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).join('; ');
      tables = (copy.prepare("select name from sqlite_master where type = 'table' order by name").all() as { name: string }[]).map((r) => r.name);
    } finally {
      copy.close();
    }
    if (integrity !== 'ok') throw new Error(`The copy failed its integrity check (${integrity}); ${target} was not written.`);
    renameSync(partial, target);
    return { file: target, bytes: statSync(target).size, integrity, tables };
  } finally {
    rmSync(partial, { force: true });
  }
}

/** `npm run backup -- FILE [--force]`: the instance's SQLite database copied to FILE (relative to where npm was run). */
export async function runBackup(config: Pick<Config, 'databaseUrl' | 'dataDir'>, args: string[], cwd = process.cwd()): Promise<string> {
  if (isPostgresUrl(config.databaseUrl)) throw new Error('This instance runs on PostgreSQL: back it up with pg_dump -Fc (see "Backups" in the README).');
  const files = args.filter((a) => a !== '--force');
  if (files.length !== 1 || files[0]!.startsWith('-')) throw new Error('Usage: npm run backup -- FILE [--force]');
  const result = await backupSqlite(sqlitePath(config), resolve(cwd, files[0]!), { force: args.includes('--force') });
  const mb = (result.bytes / 1048576).toFixed(1);
  return `Backup written to ${result.file} (${mb} MB, ${result.tables.length} tables); integrity_check: ${result.integrity}.`;
}

if (require.main === module) {
  runBackup(loadConfig(), process.argv.slice(2), process.env.INIT_CWD ?? process.cwd())
    .then((out) => console.log(out))
    .catch((err: Error) => {
      console.error(err.message);
      process.exitCode = 1;
    });
}
