import pino from 'pino';
import { airspaceChecks, type AirspaceChecks } from './airspace/checks';
import type { Config } from './config';
import { migrate, openDatabase, type DatabaseHandle } from './db';
import { flightsChanged, type FlightsChanged } from './flights/flights-changed';
import { AnalysisPool, jobsInFlight } from './jobs/analysis-pool';
import { createJobQueue } from './jobs/create-queue';
import type { JobQueue } from './jobs/queue';
import { createMailer, type Mailer } from './mail';
import { ANALYSE_FILE, analyseFileJob } from './uploads/analyse-file-job';
import type { IngestDeps } from './uploads/ingest-deps';
import { requeueOrphans } from './uploads/requeue-orphans';
import { BACKFILL_PHASES, backfillPhasesJob, enqueuePhasesBackfill, RESCORE_PILOT, rescorePilotJob } from './scoring/jobs';

/** Everything the routes need, built once per process (tests build one per suite). */
export interface Services {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  pool: AnalysisPool;
  queue: JobQueue;
  /** Run once after every change to a pilot's flights: bumps their data version, evaluates achievements. */
  flightsChanged: FlightsChanged;
  ingest: IngestDeps;
  /** Airspace checks and their background re-check (docs/airspace.md). */
  airspace: AirspaceChecks;
  close(): Promise<void>;
}

export interface ServiceOptions {
  mailer?: Mailer;
  /** Run analysis jobs in this process (default true; a web-only process sets false). */
  workers?: boolean;
}

export async function createServices(config: Config, options: ServiceOptions = {}): Promise<Services> {
  const log = pino({ level: config.logLevel });
  const database = openDatabase(config);
  await migrate(database);
  const mailer = options.mailer ?? createMailer(config, log);
  const pool = new AnalysisPool(config.workers, { scoringRules: config.scoringRules });
  const airspace = airspaceChecks({ db: database.db, terrainDir: config.terrainDir });
  // New and re-analysed tracks are queued for their airspace check here until the ingest path calls it as a step.
  const changed: FlightsChanged = async (userId) => {
    await flightsChanged(database.db, userId);
    await airspace.queueChanged(userId);
  };
  const ingest = { db: database.db, pool, smallUploadMaxFiles: config.limits.smallUploadMaxFiles, defaultScoringRules: config.scoringRules, flightsChanged: changed } as IngestDeps;
  const queue = createJobQueue(database, config.databaseUrl, { handlers: {
      [ANALYSE_FILE]: (job) => analyseFileJob(ingest, job),
      [RESCORE_PILOT]: (job) => rescorePilotJob(ingest, job),
      [BACKFILL_PHASES]: (job) => backfillPhasesJob(ingest, job),
    }, concurrency: jobsInFlight(config.workers), log });
  ingest.queue = queue;
  if (options.workers !== false) {
    await queue.start();
    await requeueOrphans(ingest);
    await enqueuePhasesBackfill(ingest);
    airspace.start();
  }
  return {
    config,
    database,
    mailer,
    pool,
    queue,
    flightsChanged: changed,
    ingest,
    airspace,
    async close() {
      await airspace.stop();
      await queue.stop();
      await pool.close();
      await database.close();
    },
  };
}
