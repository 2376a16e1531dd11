import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Piscina from 'piscina';
import type { AnalysisOptions, IgcSummary } from '../analysis';
import { sharedTownsIndex } from '../jobs';
import type { RunOptions, StoredAnalysis, WorkerResult } from './types';

/**
 * The file each worker thread loads: the compiled worker beside the compiled server (dist/server), or,
 * when the server runs from its TypeScript sources (jest, tsx), a CommonJS entry that registers tsx.
 */
function workerFile(): { file: string; compiled: boolean } {
  const compiled = join(__dirname, 'analysis-worker.js');
  if (__filename.endsWith('.js') && existsSync(compiled)) return { file: compiled, compiled: true };
  return { file: join(__dirname, 'analysis-worker-entry.cjs'), compiled: false };
}

/** A compiled thread starts in a few milliseconds, so it ends after this long without work. */
const IDLE_THREAD_MS = 60_000;

/**
 * Analysis jobs a process runs at once: one more than its threads, so a thread that finishes a file
 * finds the next one waiting while the finished job stores its results (the threads never wait on the
 * database).
 */
export const jobsInFlight = (threads: number) => threads + 1;

const YOUNG_GENERATION_MB = 16;

/** Worker threads that run IGC analysis so the HTTP server stays responsive. */
export class AnalysisPool {
  private readonly pool: Piscina;

  constructor(threads: number, private readonly options: AnalysisOptions) {
    const { file, compiled } = workerFile();
    this.pool = new Piscina({
      filename: file,
      workerData: { towns: sharedTownsIndex() },
      // Compiled, the threads start with the first upload and end when idle: a server at rest holds none.
      // From the sources (tsx, jest) starting one takes a while (TypeScript, the towns index): they stay.
      minThreads: compiled ? 0 : threads,
      maxThreads: threads,
      idleTimeout: compiled ? IDLE_THREAD_MS : Infinity,
      // V8's default young generation let each thread grow by tens of MB on the largest files; 16 MB
      // took the import's peak from 609 to about 500 MB at the same speed (docs/ingestion.md).
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
  }

  read(bytes: Uint8Array, filename?: string): Promise<WorkerResult<IgcSummary>> {
    return this.pool.run({ bytes, options: { ...this.options, ...(filename ? { filename } : {}) } }, { name: 'read' });
  }

  /** Analyses a file under the instance's league unless a pilot's league and windows are given. */
  analyse(bytes: Uint8Array, options: Partial<RunOptions> = {}): Promise<WorkerResult<StoredAnalysis[]>> {
    const run = this.pool.run({ bytes, options: { ...this.options, ...options } }, { name: 'analyse' }) as Promise<WorkerResult<StoredAnalysis[]>>;
    if (process.env.ANALYSIS_HEAP_LOG !== '1') return run;
    // the main thread's side of the same diagnostic (analysis-worker.ts)
    return run.finally(() => {
      const m = process.memoryUsage();
      const mb = (v: number) => Math.round(v / 1048576);
      console.error(`main-heap rssMb=${mb(m.rss)} heapUsedMb=${mb(m.heapUsed)} heapTotalMb=${mb(m.heapTotal)} externalMb=${mb(m.external)} arrayBuffersMb=${mb(m.arrayBuffers)}`);
    });
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
