import { sql } from 'kysely';
import type { DatabaseHandle } from '../db';
import { nowIso } from '../db';

export interface Job {
  id: number;
  name: string;
  payload: unknown;
  attempts: number;
}

export type JobHandler = (job: Job) => Promise<void>;

/** Jobs whose process died are taken up again after this long. */
const STALE_AFTER_MS = 10 * 60 * 1000;
export const MAX_ATTEMPTS = 3;

/**
 * A durable job queue in the database (the `jobs` table), so work survives a crash and several
 * processes can share it: on PostgreSQL jobs are claimed with FOR UPDATE SKIP LOCKED, on SQLite the
 * single writer makes a conditional update enough. A job that throws is retried up to MAX_ATTEMPTS
 * times; after that its handler is told it is the last attempt (job.attempts) and must settle it.
 */
export class JobQueue {
  private running = 0;
  private stopped = true;
  private timer?: NodeJS.Timeout;
  private idleWaiters: (() => void)[] = [];
  private readonly active = new Set<Promise<void>>();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly handlers: Record<string, JobHandler>,
    private readonly concurrency: number,
    /** How often to look for jobs enqueued by other processes. */
    private readonly pollMs = 1000,
  ) {}

  async enqueue(name: string, payload: unknown): Promise<void> {
    await this.database.db
      .insertInto('jobs')
      .values({ name, payload: JSON.stringify(payload), state: 'queued', attempts: 0, runAfter: nowIso(), lockedAt: null, lastError: null, createdAt: nowIso() })
      .execute();
    this.kick();
  }

  /** Starts taking jobs; first returns jobs left active by a dead process to the queue. */
  async start(): Promise<void> {
    const db = this.database.db;
    const staleBefore = this.database.dialect === 'sqlite' ? nowIso() : new Date(Date.now() - STALE_AFTER_MS).toISOString();
    await db.updateTable('jobs').set({ state: 'queued', lockedAt: null }).where('state', '=', 'active').where('lockedAt', '<=', staleBefore).execute();
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.kick();
  }

  /** Stops taking new jobs and waits for the running ones. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await Promise.allSettled([...this.active]);
  }

  /** Resolves when no job is queued or running (tests and the demo). */
  async drain(): Promise<void> {
    for (;;) {
      const pending = await this.database.db.selectFrom('jobs').select('id').where('state', 'in', ['queued', 'active']).executeTakeFirst();
      if (!pending && this.running === 0) return;
      await new Promise<void>((resolve) => {
        this.idleWaiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  private kick() {
    while (!this.stopped && this.running < this.concurrency) {
      this.running++;
      const work: Promise<void> = this.takeOne()
        .catch(() => false)
        .then((took) => {
          this.running--;
          this.active.delete(work);
          this.idleWaiters.splice(0).forEach((r) => r());
          if (took) this.kick();
        });
      this.active.add(work);
    }
  }

  private async claim(): Promise<Job | undefined> {
    const db = this.database.db;
    const now = nowIso();
    if (this.database.dialect === 'postgres') {
      const { rows } = await sql<{ id: number; name: string; payload: string; attempts: number }>`
        UPDATE jobs SET state = 'active', locked_at = ${now}, attempts = attempts + 1
        WHERE id = (SELECT id FROM jobs WHERE state = 'queued' AND run_after <= ${now} ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id, name, payload, attempts`.execute(db);
      const row = rows[0];
      return row && { ...row, payload: JSON.parse(row.payload) };
    }
    for (let tries = 0; tries < 5; tries++) {
      const next = await db.selectFrom('jobs').selectAll().where('state', '=', 'queued').where('runAfter', '<=', now).orderBy('id').limit(1).executeTakeFirst();
      if (!next) return undefined;
      const res = await db
        .updateTable('jobs')
        .set({ state: 'active', lockedAt: now, attempts: next.attempts + 1 })
        .where('id', '=', next.id)
        .where('state', '=', 'queued')
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 1) return { id: next.id, name: next.name, payload: JSON.parse(next.payload), attempts: next.attempts + 1 };
    }
    return undefined;
  }

  private async takeOne(): Promise<boolean> {
    const job = await this.claim();
    if (!job) return false;
    const db = this.database.db;
    try {
      const handler = this.handlers[job.name];
      if (!handler) throw new Error(`No handler for job ${job.name}`);
      await handler(job);
      await db.updateTable('jobs').set({ state: 'done', lockedAt: null }).where('id', '=', job.id).execute();
    } catch (err) {
      const last = job.attempts >= MAX_ATTEMPTS;
      await db
        .updateTable('jobs')
        .set({
          state: last ? 'failed' : 'queued',
          lockedAt: null,
          lastError: String((err as Error)?.message ?? err).slice(0, 2000),
          runAfter: new Date(Date.now() + 1000 * 2 ** job.attempts).toISOString(),
        })
        .where('id', '=', job.id)
        .execute();
    }
    return true;
  }
}
