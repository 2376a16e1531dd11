import type { Logger } from 'pino';

export interface Job {
  id: number | string;
  name: string;
  payload: unknown;
  /** 1 on the first run; MAX_ATTEMPTS on the last, when the handler must settle the job instead of throwing. */
  attempts: number;
}

export type JobHandler = (job: Job) => Promise<void>;

/** A job that throws is run again, up to this many runs in all. */
export const MAX_ATTEMPTS = 3;
/** A job whose process died is taken up again after this long (PostgreSQL, where other processes may still be working). */
export const STALE_AFTER_SECONDS = 10 * 60;

/** Durable background jobs: nothing enqueued is lost when a process dies, and each job runs once at a time. */
export interface JobQueue {
  enqueue(name: string, payload: object): Promise<void>;
  /** Starts taking jobs in this process (a web-only process never calls it but may enqueue). */
  start(): Promise<void>;
  /** Stops taking jobs and waits for the running ones. */
  stop(): Promise<void>;
  /** Resolves when no job is queued or running (tests, the demo and the benchmark). */
  drain(): Promise<void>;
  /** Payloads of the jobs of this name that are queued, waiting for a retry or running. */
  pendingPayloads(name: string): Promise<unknown[]>;
}

export interface QueueOptions {
  handlers: Record<string, JobHandler>;
  concurrency: number;
  /** How often to look for jobs enqueued by other processes. */
  pollMs?: number;
  log?: Logger;
}
