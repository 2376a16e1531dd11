// The composition root: builds the process's services and wires the areas together (the jobs and
// their handlers, "flights changed"). Areas never import this file; they take `Services` from
// services-types.ts.
import pino from 'pino';
import { evaluateAchievements } from './achievements/service';
import type { Config } from './config';
import { migrate, openDatabase, type Db } from './db';
import type { FlightsChanged } from './flights/flights-changed';
import { ANALYSE_FILE, analyseFileJob } from './ingest/analyse-file-job';
import { AnalysisPool, jobsInFlight } from './ingest/analysis-pool';
import { requeueOrphans } from './ingest/requeue-orphans';
import type { IngestDeps } from './ingest/types';
import { createJobQueue } from './jobs/create-queue';
import { createMailer, type Mailer } from './mail';
import { bumpDataVersion } from './pilot/data-version';
import { BACKFILL_PHASES, backfillPhasesJob, enqueuePhasesBackfill, RESCORE_PILOT, rescorePilotJob } from './scoring/jobs';
import type { Services } from './services-types';

export type { Services } from './services-types';

export interface ServiceOptions {
  mailer?: Mailer;
  /** Run analysis jobs in this process (default true; a web-only process sets false). */
  workers?: boolean;
}

/** "Flights changed" (flights/flights-changed.ts): the pilot's cached reads go stale, then achievements are evaluated. */
export function composeFlightsChanged(db: Db): FlightsChanged {
  return async (userId) => {
    await bumpDataVersion(db, userId);
    await evaluateAchievements(db, userId);
  };
}

export async function createServices(config: Config, options: ServiceOptions = {}): Promise<Services> {
  const log = pino({ level: config.logLevel });
  const database = openDatabase(config);
  await migrate(database);
  const mailer = options.mailer ?? createMailer(config, log);
  const pool = new AnalysisPool(config.workers, { scoringRules: config.scoringRules });
  const changed = composeFlightsChanged(database.db);
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
  }
  return {
    config,
    database,
    mailer,
    pool,
    queue,
    flightsChanged: changed,
    ingest,
    async close() {
      await queue.stop();
      await pool.close();
      await database.close();
    },
  };
}
