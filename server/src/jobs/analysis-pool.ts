import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Piscina from 'piscina';
import type { AnalysisOptions, IgcSummary } from '../analysis';
import type { StoredAnalysis, WorkerResult } from './analysis-worker';
import { sharedTownsIndex } from './towns-file';

/**
 * The file each worker thread loads: the compiled worker beside the compiled server (dist/server), or,
 * when the server runs from its TypeScript sources (jest, tsx), a CommonJS entry that registers tsx.
 */
function workerFile(): string {
  const compiled = join(__dirname, 'analysis-worker.js');
  return __filename.endsWith('.js') && existsSync(compiled) ? compiled : join(__dirname, 'analysis-worker-entry.cjs');
}

/**
 * Analysis jobs a process runs at once: one more than its threads, so a thread that finishes a file
 * finds the next one waiting while the finished job stores its results (the threads never wait on the
 * database).
 */
export const jobsInFlight = (threads: number) => threads + 1;

/** Worker threads that run IGC analysis so the HTTP server stays responsive. */
export class AnalysisPool {
  private readonly pool: Piscina;

  constructor(threads: number, private readonly options: AnalysisOptions) {
    this.pool = new Piscina({
      filename: workerFile(),
      workerData: { towns: sharedTownsIndex() },
      // Threads start with the server and stay: loading the analysis and the towns index takes a moment.
      minThreads: threads,
      maxThreads: threads,
      idleTimeout: Infinity,
    });
  }

  read(bytes: Uint8Array): Promise<WorkerResult<IgcSummary>> {
    return this.pool.run({ bytes, options: this.options }, { name: 'read' });
  }

  analyse(bytes: Uint8Array): Promise<WorkerResult<StoredAnalysis[]>> {
    return this.pool.run({ bytes, options: this.options }, { name: 'analyse' });
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
