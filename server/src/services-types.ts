// The composition root's shape, as the areas see it: a leaf module of type imports only, so an area
// takes `Services` without importing services.ts (which imports every area to wire them).
import type { AirspaceChecks } from './airspace';
import type { Config } from './config';
import type { DatabaseHandle } from './db';
import type { FlightsChanged } from './flights';
import type { AnalysisPool } from './ingest';
import type { IngestDeps } from './ingest';
import type { LogbookImporter } from './imports';
import type { JobQueue } from './jobs';
import type { Mailer } from './mail';

/** Everything the routes need, built once per process by createServices (tests build one per suite). */
export interface Services {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  pool: AnalysisPool;
  queue: JobQueue;
  /** Run once after every change to a pilot's flights: bumps their data version, evaluates achievements. */
  flightsChanged: FlightsChanged;
  ingest: IngestDeps;
  /** Imports a logbook file's rows (docs/import.md): the Data page's import and a logbook found in an upload. */
  importLogbook: LogbookImporter;
  /** Airspace checks and their background re-check (docs/airspace.md). */
  airspace: AirspaceChecks;
  close(): Promise<void>;
}
