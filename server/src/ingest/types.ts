// The types the ingest room shares: what the analysis thread answers, what the store takes, and what
// the room needs from the composition root. A leaf module: type imports only, so any area may use it.
import type { ScoringRules } from '../../../contract/scoring';
import type { AnalysedFlight, AnalysisOptions } from '../analysis';
import type { Db } from '../db';
import type { FlightsChanged } from '../flights';
import type { JobQueue } from '../jobs';
import type { AnalysisPool } from './analysis-pool';

/** What storing uploads and analysing their files need; built once in services.ts. */
export interface IngestDeps {
  db: Db;
  pool: AnalysisPool;
  queue: JobQueue;
  smallUploadMaxFiles: number;
  /** The instance's SCORING_RULES: the league of a pilot who chose none. */
  defaultScoringRules: ScoringRules;
  /** Runs once per change to a pilot's flights (composed in services.ts). */
  flightsChanged: FlightsChanged;
}

/** What analysing a stored file needs (a re-analysis: a league change, a correction, the debug page). */
export type FileAnalysisDeps = Pick<IngestDeps, 'db' | 'pool' | 'defaultScoringRules'>;

/** A stored file as the analysis reads it: its gzip'd bytes, and its name (which can date a file without a date). */
export interface StoredFile {
  id: number;
  userId: number;
  content: Buffer;
  originalFilename?: string;
}

/** The pilot's takeoff and landing of one flight, ISO times. */
export interface FlightWindow {
  takeoffTime: string;
  landingTime: string;
}

/** A pilot's takeoff/landing window for the flight stored at this segment of the file. */
export type SegmentWindow = FlightWindow & { segmentIndex: number };

/** What one analysis run needs beyond the bytes: the league, and the pilot's windows of this file. */
export type RunOptions = AnalysisOptions & { windows?: SegmentWindow[] };

/** An answer from the analysis thread: the value, or why the file could not be analysed. */
export type WorkerResult<T> = { ok: true; value: T } | { ok: false; unreadable: boolean; message: string };

/** A flight's stored geometry and phases, each encoded by track/codec.ts. */
export interface StoredTrack {
  path: Uint8Array;
  pathLowRes: Uint8Array;
  features: Uint8Array;
  phases: Uint8Array | null;
}

/** A flight's fields plus its stored geometry and phases, as the analysis thread answers them. */
export type StoredAnalysis = Omit<AnalysedFlight, 'track' | 'trackLowRes' | 'features' | 'phases'> & {
  track: StoredTrack;
  /** The pilot's window this flight was analysed in; null for a detected flight. */
  window: FlightWindow | null;
};
