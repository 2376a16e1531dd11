import { join } from 'node:path';
import Piscina from 'piscina';
import type { AnalysisOptions, IgcSummary } from '../analysis';
import type { RunOptions, StoredAnalysis, WorkerResult } from './analysis-worker';

/** Worker threads that run IGC analysis so the HTTP server stays responsive. */
export class AnalysisPool {
  private readonly pool: Piscina;

  constructor(threads: number, private readonly options: AnalysisOptions) {
    this.pool = new Piscina({
      // A CommonJS entry that registers tsx, so the TypeScript worker loads in production and under jest.
      filename: join(__dirname, 'analysis-worker-entry.cjs'),
      // Threads start with the server and stay: loading the analysis and the towns index takes a moment.
      minThreads: threads,
      maxThreads: threads,
      idleTimeout: Infinity,
    });
  }

  read(bytes: Uint8Array, filename?: string): Promise<WorkerResult<IgcSummary>> {
    return this.pool.run({ bytes, options: { ...this.options, ...(filename ? { filename } : {}) } }, { name: 'read' });
  }

  /** Analyses a file under the instance's league unless a pilot's league and windows are given. */
  analyse(bytes: Uint8Array, options: Partial<RunOptions> = {}): Promise<WorkerResult<StoredAnalysis[]>> {
    return this.pool.run({ bytes, options: { ...this.options, ...options } }, { name: 'analyse' });
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
