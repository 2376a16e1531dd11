import pino from 'pino';
import { evaluateAchievements } from './achievements/service';
import type { Config } from './config';
import { migrate, openDatabase, type DatabaseHandle } from './db';
import { AnalysisPool } from './jobs/analysis-pool';
import { createJobQueue, type JobQueue } from './jobs/queue';
import { touchPilot } from './http/read-cache';
import { createMailer, type Mailer } from './mail';
import { ANALYSE_FILE, analyseFileJob, requeueOrphans, type IngestDeps } from './uploads/ingest';

/** Everything the routes need, built once per process (tests build one per suite). */
export interface Services {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  pool: AnalysisPool;
  queue: JobQueue;
  /** Called after a file's flights are stored (achievements hook in here). */
  onFlightsAnalysed: ((userId: number) => Promise<void>)[];
  ingest: IngestDeps;
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
  const onFlightsAnalysed: Services['onFlightsAnalysed'] = [
    (userId) => evaluateAchievements(database.db, userId),
    (userId) => touchPilot(database.db, userId),
  ];
  const ingest = { db: database.db, pool, smallUploadMaxFiles: config.limits.smallUploadMaxFiles, onFlightsAnalysed } as IngestDeps;
  const queue = createJobQueue(database, config.databaseUrl, { handlers: { [ANALYSE_FILE]: (job) => analyseFileJob(ingest, job) }, concurrency: config.workers, log });
  ingest.queue = queue;
  if (options.workers !== false) {
    await queue.start();
    await requeueOrphans(ingest);
  }
  return {
    config,
    database,
    mailer,
    pool,
    queue,
    onFlightsAnalysed,
    ingest,
    async close() {
      await queue.stop();
      await pool.close();
      await database.close();
    },
  };
}
