import type PgBoss from 'pg-boss';
import { MAX_ATTEMPTS, STALE_AFTER_SECONDS, type JobQueue, type QueueOptions } from './queue';

/**
 * The job queue on PostgreSQL: pg-boss, whose fetch claims each job with FOR UPDATE SKIP LOCKED, so
 * any number of processes (`npm run worker`) share the work and each job runs once at a time.
 * A job left active by a killed process expires after STALE_AFTER_SECONDS and is run again.
 */
export class PgBossQueue implements JobQueue {
  /** Made on first use (open): pg-boss is loaded only by processes that queue on PostgreSQL. */
  private boss?: PgBoss;
  private opened?: Promise<PgBoss>;
  private readonly queues = new Set<string>();
  private readonly workerIds: string[] = [];
  private running = 0;
  /** Counts starts and stops, so that a start still setting up after a later stop leaves nothing running. */
  private runs = 0;

  constructor(
    private readonly connectionString: string,
    private readonly options: QueueOptions,
  ) {}

  /** Connects (and installs pg-boss's schema) on first use, so a web-only process can enqueue. */
  private open(): Promise<PgBoss> {
    this.opened ??= import('pg-boss').then(async ({ default: PgBossClass }) => {
      const boss = new PgBossClass({ connectionString: this.connectionString, max: 4, application_name: 'flightlog-jobs', schedule: false });
      boss.on('error', (err) => this.options.log?.error({ err }, 'job queue error'));
      this.boss = boss;
      await boss.start();
      return boss;
    });
    return this.opened;
  }

  private async queue(name: string) {
    const boss = await this.open();
    if (this.queues.has(name)) return;
    await boss.createQueue(name, { name, retryLimit: MAX_ATTEMPTS - 1, retryDelay: 1, retryBackoff: true, expireInSeconds: STALE_AFTER_SECONDS });
    this.queues.add(name);
  }

  async enqueue(name: string, payload: object): Promise<void> {
    await this.queue(name);
    const boss = await this.open();
    await boss.send(name, payload);
    for (const id of this.workerIds) boss.notifyWorker(id);
  }

  async start(): Promise<void> {
    const run = ++this.runs;
    // A stop while the queues and workers are being set up wins: what is left is not started.
    const stopped = () => run !== this.runs;
    const pollingIntervalSeconds = Math.max(0.5, (this.options.pollMs ?? 1000) / 1000);
    try {
      for (const [name, handler] of Object.entries(this.options.handlers)) {
        await this.queue(name);
        const boss = await this.open();
        for (let i = 0; i < this.options.concurrency && !stopped(); i++) {
          let workerId = '';
          workerId = await boss.work<object>(name, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds }, async ([job]) => {
            this.running++;
            try {
              await handler({ id: job!.id, name, payload: job!.data, attempts: job!.retryCount + 1 });
            } finally {
              this.running--;
              // A freed slot fetches the next job at once instead of waiting for the poll.
              boss.notifyWorker(workerId);
            }
          });
          this.workerIds.push(workerId);
        }
        if (stopped()) return;
      }
    } catch (err) {
      // pg-boss refuses new workers once stopped.
      if (!stopped()) throw err;
    }
  }

  async stop(): Promise<void> {
    this.runs++;
    if (!this.opened) return;
    await this.opened.catch(() => undefined);
    // Started or not (a failed start leaves pg-boss's timers and pool to close), unless it never loaded.
    if (!this.boss) return;
    await this.boss.stop({ graceful: true, wait: true, timeout: 20_000 });
  }

  async drain(): Promise<void> {
    const boss = await this.open();
    const names = [...new Set([...Object.keys(this.options.handlers), ...this.queues])];
    for (;;) {
      let waiting = this.running;
      for (const name of names) waiting += (await boss.getQueueSize(name, { before: 'completed' })) ?? 0;
      if (waiting === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async pendingPayloads(name: string): Promise<unknown[]> {
    const boss = await this.open();
    const { rows } = await boss.getDb().executeSql(`SELECT data FROM pgboss.job WHERE name = $1 AND state < 'completed'`, [name]);
    return rows.map((r: { data: unknown }) => r.data);
  }
}
