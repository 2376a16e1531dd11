// The composition root: builds the process's services and wires the areas together (the jobs and
// their handlers, "flights changed"). Areas never import this file; they take `Services` from
// services-types.ts.
import type { KyselyPlugin } from 'kysely';
import pino from 'pino';
import { evaluateAchievements } from './achievements';
import { airspaceChecks, type AirspaceChecks } from './airspace';
import type { Config } from './config';
import { migrate, openDatabase, type Db } from './db';
import type { FlightsChanged } from './flights';
import { ANALYSE_FILE, analyseFileJob } from './ingest';
import { AnalysisPool, jobsInFlight } from './ingest';
import { requeueOrphans } from './ingest';
import type { IngestDeps } from './ingest';
import { logbookImporter } from './imports';
import { createJobQueue, type JobQueue } from './jobs';
import { createMailer, type Mailer } from './mail';
import { bumpDataVersion } from './pilot';
import { assignPlaces } from './places';
import { ensureTokens } from './privacy';
import { refreshAircraftCategories } from './gliders';
import { BACKFILL_PHASES, backfillPhasesJob, enqueuePendingProofs, enqueuePhasesBackfill, enqueueScoreProofs, PROVE_SCORES, proveScoresJob, RESCORE_PILOT, rescorePilotJob } from './scoring';
import type { Services } from './services-types';

export type { Services } from './services-types';

export interface ServiceOptions {
  mailer?: Mailer;
  /** Kysely plugins added to the database handle (a test counts the writes of public reads with one). */
  databasePlugins?: KyselyPlugin[];
  /** Run analysis jobs in this process (default true; a web-only process sets false). */
  workers?: boolean;
}

/**
 * "Flights changed" (flights/flights-changed.ts): the pilot's link and public flights get their share
 * tokens and their public flights their places (derived data is made on write, so a public read writes
 * nothing: docs/architecture.md), the pilot's cached reads go stale, achievements are evaluated, and
 * new or re-analysed tracks are queued for their airspace check (docs/airspace.md), and scores left
 * open by the optimizer's work budget for their background proof (docs/scoring.md).
 */
export function composeFlightsChanged(db: Db, airspace?: AirspaceChecks, jobs: { queue?: JobQueue } = {}): FlightsChanged {
  return async (userId) => {
    await refreshAircraftCategories(db, userId);
    await ensureTokens(db, userId);
    await assignPlaces(db, userId);
    await bumpDataVersion(db, userId);
    await evaluateAchievements(db, userId);
    await airspace?.queueChanged(userId);
    await enqueueScoreProofs(db, jobs.queue, userId);
  };
}

export async function createServices(config: Config, options: ServiceOptions = {}): Promise<Services> {
  const log = pino({ level: config.logLevel });
  const database = openDatabase(config, options.databasePlugins);
  await migrate(database);
  const mailer = options.mailer ?? createMailer(config, log);
  const pool = new AnalysisPool(config.workers, { scoringRules: config.scoringRules });
  const airspace = airspaceChecks({ db: database.db, terrainDir: config.terrainDir });
  const jobs: { queue?: JobQueue } = {};
  const changed = composeFlightsChanged(database.db, airspace, jobs);
  const ingest = { db: database.db, pool, smallUploadMaxFiles: config.limits.smallUploadMaxFiles, defaultScoringRules: config.scoringRules, flightsChanged: changed } as IngestDeps;
  const queue = createJobQueue(database, config.databaseUrl, { handlers: {
      [ANALYSE_FILE]: (job) => analyseFileJob(ingest, job),
      [RESCORE_PILOT]: (job) => rescorePilotJob(ingest, job),
      [BACKFILL_PHASES]: (job) => backfillPhasesJob(ingest, job),
      [PROVE_SCORES]: (job) => proveScoresJob(ingest, job),
    }, concurrency: jobsInFlight(config.workers), log });
  ingest.queue = queue;
  jobs.queue = queue;
  if (options.workers !== false) {
    await queue.start();
    await requeueOrphans(ingest);
    await enqueuePhasesBackfill(ingest);
    await enqueuePendingProofs(ingest);
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
    importLogbook: logbookImporter({ database, flightsChanged: changed }),
    airspace,
    async close() {
      await airspace.stop();
      await queue.stop();
      await pool.close();
      await database.close();
    },
  };
}
