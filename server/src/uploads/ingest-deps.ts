import type { ScoringRules } from '../../../contract/scoring';
import type { Db } from '../db';
import type { FlightsChanged } from '../flights/flights-changed';
import type { AnalysisPool } from '../jobs/analysis-pool';
import type { JobQueue } from '../jobs/queue';

/** What storing uploads and analysing their files need; built once in services.ts. */
export interface IngestDeps {
  db: Db;
  pool: AnalysisPool;
  queue: JobQueue;
  smallUploadMaxFiles: number;
  /** The instance's SCORING_RULES: the league of a pilot who chose none. */
  defaultScoringRules: ScoringRules;
  /** Runs once per change to a pilot's flights (flights/flights-changed.ts). */
  flightsChanged: FlightsChanged;
}
