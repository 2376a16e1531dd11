import type { DatabaseHandle } from '../db';
import { nowIso } from '../db';
import { MAX_ATTEMPTS, type Job, type JobQueue, type QueueOptions } from './queue';

/**
 * The job queue of the embedded SQLite database: jobs live in the `jobs` table, so they survive a
 * crash, and run in this process. SQLite has one writer, so a conditional update is enough to claim
 * a job, and every job still marked active at start-up was left by a process that died.
 * A job that throws is retried with back-off, MAX_ATTEMPTS runs in all.
 */
export class TableQueue implements JobQueue {
  private running = 0;
  private stopped = true;
  private timer?: NodeJS.Timeout;
  /** Counts starts and stops, so that a start finishing after a later stop does nothing. */
  private runs = 0;
  private idleWaiters: (() => void)[] = [];
  private readonly active = new Set<Promise<void>>();
  private readonly handlers: QueueOptions['handlers'];
  private readonly concurrency: number;
  private readonly pollMs: number;

  constructor(
    private readonly database: DatabaseHandle,
    options: QueueOptions,
  ) {
    if (database.dialect !== 'sqlite') throw new Error('TableQueue is for the embedded SQLite database; PostgreSQL uses pg-boss.');
    this.handlers = options.handlers;
    this.concurrency = options.concurrency;
    this.pollMs = options.pollMs ?? 1000;
  }

  async enqueue(name: string, payload: object): Promise<void> {
    await this.database.db
      .insertInto('jobs')
      .values({ name, payload: JSON.stringify(payload), state: 'queued', attempts: 0, runAfter: nowIso(), lockedAt: null, lastError: null, createdAt: nowIso() })
      .execute();
    this.kick();
  }

  async start(): Promise<void> {
    const run = ++this.runs;
    await this.database.db.updateTable('jobs').set({ state: 'queued', lockedAt: null }).where('state', '=', 'active').execute();
    // A stop (or another start) while the table was reset wins: no poll is left behind.
    if (run !== this.runs) return;
    this.stopped = false;
    clearInterval(this.timer);
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.kick();
  }

  async stop(): Promise<void> {
    this.runs++;
    this.stopped = true;
    clearInterval(this.timer);
    await Promise.allSettled([...this.active]);
  }

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

  async pendingPayloads(name: string): Promise<unknown[]> {
    const rows = await this.database.db.selectFrom('jobs').select('payload').where('name', '=', name).where('state', 'in', ['queued', 'active']).execute();
    return rows.map((r) => JSON.parse(r.payload));
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
    const id = Number(job.id);
    try {
      const handler = this.handlers[job.name];
      if (!handler) throw new Error(`No handler for job ${job.name}`);
      await handler(job);
      await db.updateTable('jobs').set({ state: 'done', lockedAt: null }).where('id', '=', id).execute();
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
        .where('id', '=', id)
        .execute();
    }
    return true;
  }
}
