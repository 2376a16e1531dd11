import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type Piscina from 'piscina';
import type { AnalysisOptions, IgcSummary } from '../analysis';
import { sharedTownsIndex } from '../jobs';
import type { RunOptions, StoredAnalysis, WorkerResult } from './types';

/**
 * The file each worker thread loads: the compiled worker beside the compiled server (dist/server), or,
 * when the server runs from its TypeScript sources (jest, tsx), the compiled worker FLIGHTLOG_ANALYSIS_WORKER
 * names (the tests' global setup compiles one per run: scripts/jest-global-setup.cjs), else a CommonJS entry
 * that registers tsx, which compiles the analysis again in every thread.
 */
function workerFile(): { file: string; compiled: boolean } {
  const compiled = join(__dirname, 'analysis-worker.js');
  if (__filename.endsWith('.js') && existsSync(compiled)) return { file: compiled, compiled: true };
  const named = process.env.FLIGHTLOG_ANALYSIS_WORKER;
  if (named && existsSync(named)) return { file: named, compiled: true };
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

/**
 * Worker threads that run IGC analysis so the HTTP server stays responsive. The threads start with the
 * first file: an instance that never reads or analyses one (most of the tests, an admin command) starts
 * none, which from the sources would cost each instance a TypeScript compile and a towns index per thread.
 */
export class AnalysisPool {
  /** Piscina is loaded with the first file too, so an instance that starts no thread never loads it. */
  private started: Promise<Piscina> | undefined;
  private closed = false;

  constructor(private readonly threads: number, private readonly options: AnalysisOptions) {}

  private pool(): Promise<Piscina> {
    if (this.closed) return Promise.reject(new Error('The analysis pool is closed'));
    this.started ??= import('piscina').then(({ default: PiscinaPool }) => {
      if (this.closed) throw new Error('The analysis pool is closed');
      const { file, compiled } = workerFile();
      return new PiscinaPool({
        filename: file,
        workerData: { towns: sharedTownsIndex() },
        // Compiled, the threads start with the first upload and end when idle: a server at rest holds none.
        // From the sources (tsx, jest) starting one takes a while (TypeScript, the towns index): once the
        // first file has come, they stay.
        minThreads: compiled ? 0 : this.threads,
        maxThreads: this.threads,
        idleTimeout: compiled ? IDLE_THREAD_MS : Infinity,
        // V8's default young generation let each thread grow by tens of MB on the largest files; 16 MB
        // took the import's peak from 609 to about 500 MB at the same speed (docs/ingestion.md).
        resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
      });
    });
    return this.started;
  }

  /** A closed pool rejects, as Piscina does once destroyed. */
  private run(task: object, name: 'read' | 'analyse'): Promise<unknown> {
    return this.pool().then((pool) => pool.run(task, { name }));
  }

  read(bytes: Uint8Array, filename?: string): Promise<WorkerResult<IgcSummary>> {
    return this.run({ bytes, options: { ...this.options, ...(filename ? { filename } : {}) } }, 'read') as Promise<WorkerResult<IgcSummary>>;
  }

  /** Analyses a file under the instance's league unless a pilot's league and windows are given. */
  analyse(bytes: Uint8Array, options: Partial<RunOptions> = {}): Promise<WorkerResult<StoredAnalysis[]>> {
    const run = this.run({ bytes, options: { ...this.options, ...options } }, 'analyse') as Promise<WorkerResult<StoredAnalysis[]>>;
    if (process.env.ANALYSIS_HEAP_LOG !== '1') return run;
    // the main thread's side of the same diagnostic (analysis-worker.ts)
    return run.finally(() => {
      const m = process.memoryUsage();
      const mb = (v: number) => Math.round(v / 1048576);
      console.error(`main-heap rssMb=${mb(m.rss)} heapUsedMb=${mb(m.heapUsed)} heapTotalMb=${mb(m.heapTotal)} externalMb=${mb(m.external)} arrayBuffersMb=${mb(m.arrayBuffers)}`);
    });
  }

  close(): Promise<void> {
    this.closed = true;
    // A pool still loading is destroyed once made (or was refused, being closed by then).
    return this.started ? this.started.then((pool) => pool.destroy(), () => undefined) : Promise.resolve();
  }
}
