import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, CompiledQuery, Kysely, Migrator, PostgresDialect, SqliteDialect, type Driver, type KyselyPlugin, type Migration } from 'kysely';
import { initial } from './migrations/001_initial';
import { dataVersion } from './migrations/002_data_version';
import { logbook } from './migrations/003_logbook';
import { searchFold } from './migrations/006_search_fold';
import { sharing } from './migrations/007_sharing';
import { calmAndPrivate } from './migrations/008_calm_and_private';
import { community } from './migrations/009_community';
import { binaryTracks } from './migrations/010_binary_tracks';
import { airspace } from './migrations/011_airspace';
import { airspaceNotActive } from './migrations/020_airspace_not_active';
import { aircraftCategory } from './migrations/021_aircraft_category';
import { followsAndBlocks } from './migrations/022_follows_and_blocks';
import { notificationReads } from './migrations/023_notifications';
import { gearAndTandem } from './migrations/025_gear_and_tandem';
import { publishReviewDownloads } from './migrations/024_publish_review_downloads';
import { clubs } from './migrations/012_clubs';
import { thermalSpots } from './migrations/013_thermal_spots';
import { units } from './migrations/015_units';
import { sharedState } from './migrations/016_shared_state';
import { trainingAndIncidents } from './migrations/026_training_and_incidents';
import { scoreProof } from './migrations/027_score_proof';
import { logbookCopies } from './migrations/028_logbook_copies';
import { fold } from './fold';
import { notificationBatch } from './migrations/004_notification_batch';
import type { Dialect } from './dialect';
import type { Database } from './types';

export type { Dialect } from './dialect';
export type Db = Kysely<Database>;
/**
 * What a route hands an area's functions: the services' database. Routes never touch the handle
 * themselves (eslint.config.mjs), so the functions take it whole and read `db` from it.
 */
export type DbDeps = { database: { db: Db } };
export * from './types';

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /** The SQLite file, for checks such as integrity_check; undefined on PostgreSQL. */
  sqlite?: SQLite.Database;
  close(): Promise<void>;
}

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

/**
 * Transactions that take the write lock when they begin. A plain (deferred) BEGIN reads first and
 * upgrades at its first write; if another process wrote in between, SQLite answers SQLITE_BUSY at
 * once, without waiting for the busy timeout (it cannot wait: the reader's snapshot is stale).
 * BEGIN IMMEDIATE waits for the lock under the busy timeout instead.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return driver;
  }
}

/** The SQLite file: DATABASE_URL's sqlite: path, else DATA_DIR/flightlog.sqlite. */
export function sqlitePath(opts: { databaseUrl?: string; dataDir: string }): string {
  return opts.databaseUrl?.replace(/^sqlite:/, '') || join(opts.dataDir, 'flightlog.sqlite');
}

/** Opens SQLite in dataDir (WAL, foreign keys, busy timeout) or PostgreSQL when the URL says so. */
/** `plugins` go after the camel-case one: a test counts the statements a route runs (server/test/public-reads-write-nothing.test.ts). */
export function openDatabase(opts: { databaseUrl?: string; dataDir: string }, plugins: KyselyPlugin[] = []): DatabaseHandle {
  if (isPostgresUrl(opts.databaseUrl)) {
    const connectionString = opts.databaseUrl;
    // Kysely makes the pool on the first query: pg is loaded only by processes on PostgreSQL.
    const pool = async () => {
      const { default: pg } = await import('pg');
      // bigint columns (file sizes) come back as JS numbers; our values fit comfortably.
      pg.types.setTypeParser(20, (v) => Number(v));
      const made = new pg.Pool({ connectionString, max: 10 });
      // An idle connection the server closes (restart, failover) must not crash the process; the pool reconnects.
      made.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
      return made;
    };
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin(), ...plugins] });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const sqlite = new SQLite(sqlitePath(opts));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 10000');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.function('fold', { deterministic: true }, (v: unknown) => (typeof v === 'string' ? fold(v) : v));
  checkSqliteSettings(sqlite);
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: sqlite }), plugins: [new CamelCasePlugin(), ...plugins] });
  return { db, dialect: 'sqlite', sqlite, close: () => db.destroy() };
}

/**
 * Reads back what openDatabase asked for: a pragma SQLite cannot apply (WAL on a file system without
 * shared memory, for one) fails silently, and the server must not run without it.
 */
export function checkSqliteSettings(sqlite: SQLite.Database): void {
  const journal = String(sqlite.pragma('journal_mode', { simple: true }));
  if (journal !== 'wal' && !sqlite.memory) throw new Error(`SQLite refused WAL mode (journal_mode is ${journal}); put DATA_DIR on a local file system.`);
  if (Number(sqlite.pragma('foreign_keys', { simple: true })) !== 1) throw new Error('SQLite foreign keys could not be turned on.');
  if (!(Number(sqlite.pragma('busy_timeout', { simple: true })) > 0)) throw new Error('SQLite has no busy timeout.');
}

/** Brings the schema to the newest migration, or to the named one (upgrade tests start from an older schema). */
export async function migrate(handle: DatabaseHandle, upTo?: string): Promise<void> {
  const migrations: Record<string, Migration> = {
    '001_initial': initial(handle.dialect),
    '002_data_version': dataVersion,
    '003_logbook': logbook(handle.dialect),
    '004_notification_batch': notificationBatch,
    '006_search_fold': searchFold(handle.dialect),
    '007_sharing': sharing(handle.dialect),
    '008_calm_and_private': calmAndPrivate,
    '009_community': community(handle.dialect),
    '010_binary_tracks': binaryTracks,
    '011_airspace': airspace(handle.dialect),
    '012_clubs': clubs(handle.dialect),
    '013_thermal_spots': thermalSpots(),
    '015_units': units,
    '016_shared_state': sharedState,
    '020_airspace_not_active': airspaceNotActive(handle.dialect),
    '021_aircraft_category': aircraftCategory,
    '022_follows_and_blocks': followsAndBlocks,
    '023_notifications': notificationReads,
    '025_gear_and_tandem': gearAndTandem(handle.dialect),
    '026_training_and_incidents': trainingAndIncidents(handle.dialect),
    '024_publish_review_downloads': publishReviewDownloads,
    '027_score_proof': scoreProof,
    '028_logbook_copies': logbookCopies,
  };
  const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
  const { error } = upTo ? await migrator.migrateTo(upTo) : await migrator.migrateToLatest();
  if (error) throw error;
}

export const nowIso = () => new Date().toISOString();

/** Aggregates come back as strings on PostgreSQL and as null over no rows. */
export const toNumber = (v: unknown) => Number(v ?? 0);
export { fold } from './fold';
export { type Database, type Flight, type FlightShare, type Glider, type IgcFile, type NewFlight, type NewUser, type Photo, type Site, type ThermalSpotsTable, type User, type UserUpdate } from './types';
