import { JobQueue, MAX_ATTEMPTS } from '../src/jobs/queue';
import { describeEachDatabase, startTestApp, type TestContext } from './helpers/app';

describeEachDatabase('job queue', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind, {}, { workers: false });
  });
  afterAll(() => ctx.close());

  it('moves on to the next job as soon as a slot frees, without waiting for the poll', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    const queue = new JobQueue(
      ctx.services.database,
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
    await queue.start();
    for (let n = 0; n < 6; n++) await queue.enqueue('work', { n });
    await queue.drain();
    await queue.stop();
    expect(done.sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });

  it('retries a failing job a bounded number of times, then marks it failed', async () => {
    const db = ctx.services.database.db;
    await db.deleteFrom('jobs').execute();
    let calls = 0;
    const failing = new JobQueue(
      ctx.services.database,
      {
        boom: async () => {
          calls++;
          throw new Error('worker crashed');
        },
      },
      1,
      50,
    );
    await failing.start();
    await failing.enqueue('boom', {});
    const settled = async () => (await db.selectFrom('jobs').select('state').executeTakeFirst())?.state === 'failed';
    for (let i = 0; i < 150 && !(await settled()); i++) await new Promise((r) => setTimeout(r, 100));
    await failing.stop();
    const [job] = await db.selectFrom('jobs').selectAll().execute();
    expect(calls).toBe(MAX_ATTEMPTS);
    expect(job).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS, lastError: 'worker crashed' });
  });
});
