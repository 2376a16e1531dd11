import { createJobQueue } from '../src/jobs/create-queue';
import { MAX_ATTEMPTS, type JobHandler, type JobQueue } from '../src/jobs/queue';
import { describeEachDatabase, startTestApp, type TestContext } from './helpers/app';

/** The queue the server uses on each database: the jobs table on SQLite, pg-boss on PostgreSQL. */
describeEachDatabase('job queue', (kind) => {
  let ctx: TestContext;
  const opened: JobQueue[] = [];
  beforeAll(async () => {
    ctx = await startTestApp(kind, {}, { workers: false });
  });
  afterEach(async () => {
    for (const q of opened.splice(0)) await q.stop();
  });
  afterAll(() => ctx.close());

  const queue = (handlers: Record<string, JobHandler>, concurrency: number, pollMs: number) => {
    const q = createJobQueue(ctx.services.database, ctx.services.config.databaseUrl, { handlers, concurrency, pollMs });
    opened.push(q);
    return q;
  };

  it('moves on to the next job as soon as a slot frees, without waiting for the poll', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    const q = queue(
      {
        work: async (job) => {
          running++;
          most = Math.max(most, running);
          await new Promise((r) => setTimeout(r, 20));
          done.push((job.payload as { n: number }).n);
          running--;
        },
      },
      2,
      3_600_000,
    );
    await q.start();
    for (let n = 0; n < 6; n++) await q.enqueue('work', { n });
    await q.drain();
    expect(done.sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });

  it('stays stopped when it is stopped while still starting: nothing runs afterwards and no poll is left', async () => {
    const ran: unknown[] = [];
    const q = queue({ late: async (job) => void ran.push(job.payload) }, 1, 20);
    const starting = q.start();
    await q.stop();
    await starting.catch(() => undefined);
    if (kind === 'sqlite') await q.enqueue('late', { n: 1 });
    await new Promise((r) => setTimeout(r, 200));
    expect(ran).toEqual([]);
  });

  it('retries a failing job a bounded number of times, telling the handler which attempt is the last', async () => {
    const attempts: number[] = [];
    const q = queue(
      {
        boom: async (job) => {
          attempts.push(job.attempts);
          throw new Error('worker crashed');
        },
      },
      1,
      50,
    );
    await q.start();
    await q.enqueue('boom', { file: 1 });
    await q.drain();
    expect(attempts).toEqual(Array.from({ length: MAX_ATTEMPTS }, (_, i) => i + 1));
    expect(await q.pendingPayloads('boom')).toEqual([]);
  });

  it('runs a job enqueued by a process that stopped before running it when the next one starts', async () => {
    const before = queue({}, 1, 50);
    await before.enqueue('later', { n: 7 });
    expect(await before.pendingPayloads('later')).toEqual([{ n: 7 }]);
    await before.stop();

    const seen: unknown[] = [];
    const after = queue({ later: async (job) => void seen.push(job.payload) }, 1, 50);
    await after.start();
    await after.drain();
    expect(seen).toEqual([{ n: 7 }]);
    expect(await after.pendingPayloads('later')).toEqual([]);
  });
});
