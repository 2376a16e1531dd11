import { AnalysisPool } from '../src/ingest/analysis-pool';
import { signedInClient, startTestApp, type TestContext } from './helpers/app';
import { multipart } from './helpers/archives';
import { fuzzInputs, type FuzzInput } from './helpers/fuzz';
import { checkUploadOutcomes } from './helpers/fuzz-check';

/**
 * Hardening, hostile input: seeded mutated IGC files and archives (FUZZ_COUNT, 1,000 in CI; the soak
 * runs 10,000) through the analysis threads and through the upload path. No thread or server dies,
 * and every file ends with a final status and, unless analysed, a reason.
 */
const COUNT = Number(process.env.FUZZ_COUNT ?? 1000);
const SEED = Number(process.env.FUZZ_SEED ?? 20240601);
/** Every file is read in a thread; every Nth is also fully analysed there (the upload path analyses them all). */
const ANALYSE_EVERY = Number(process.env.FUZZ_ANALYSE_EVERY ?? 3);
/** How many of the inputs also go through the upload path (all of them unless the soak bounds its time). */
const UPLOAD_COUNT = Number(process.env.FUZZ_UPLOAD_COUNT ?? COUNT);

describe(`fuzzing with ${COUNT} mutated files and archives (seed ${SEED})`, () => {
  let inputs: FuzzInput[];
  beforeAll(() => {
    inputs = fuzzInputs(COUNT, SEED);
  });

  it('never kills an analysis thread: every IGC file is read and analysed, or refused with a readable reason', async () => {
    const pool = new AnalysisPool(2, { scoringRules: 'XContest' });
    const unexpected: string[] = [];
    let analysed = 0;
    let refused = 0;
    try {
      const igc = inputs.filter((i) => i.name.endsWith('.igc'));
      expect(igc.length).toBeGreaterThan(COUNT / 2);
      let next = 0;
      const worker = async () => {
        while (next < igc.length) {
          const n = next++;
          const input = igc[n]!;
          // A rejection here would be a thread that died; a non-IgcReadError is a crash the guard hid.
          const read = await pool.read(input.data);
          const full = n % ANALYSE_EVERY === 0 ? await pool.analyse(input.data) : read;
          for (const r of [read, full]) {
            if (!r.ok && (!r.unreadable || !r.message.trim())) unexpected.push(`${input.name} ${input.recipe}: ${r.message}`);
          }
          if (read.ok !== full.ok) unexpected.push(`${input.name} ${input.recipe}: read ${read.ok} but analyse ${full.ok}`);
          if (read.ok) analysed++;
          else refused++;
        }
      };
      await Promise.all([worker(), worker()]);
    } finally {
      await pool.close();
    }
    console.info(`fuzz analysis: ${analysed} read, ${refused} refused with a reason, ${unexpected.length} unexpected`);
    expect(unexpected).toEqual([]);
    expect(analysed).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  }, 600_000);

  describe('through the upload path', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await startTestApp('sqlite', { WORKERS: '2' });
    });
    afterAll(() => ctx.close());

    it('answers every upload with 2xx or a readable 4xx, and leaves every stored file with a final status and a reason', async () => {
      const { client, user } = await signedInClient(ctx);
      const answers = new Map<number, number>();
      const send = async (parts: FuzzInput[]) => {
        const { payload, headers } = multipart(parts.map((p) => ({ name: p.name, data: p.data })));
        const res = await client.request('POST', '/api/FlightDetail/upload', payload, headers);
        answers.set(res.statusCode, (answers.get(res.statusCode) ?? 0) + 1);
        const message = res.statusCode === 200 ? 'ok' : res.json().message;
        expect([parts.map((p) => `${p.name} ${p.recipe}`).join(', '), res.statusCode < 500 && typeof message === 'string' && message.length > 0]).toEqual([expect.any(String), true]);
        return res.statusCode;
      };
      // IGC files ten to a request (an IGC part never refuses its request); each archive on its own.
      const some = inputs.slice(0, UPLOAD_COUNT);
      const igc = some.filter((i) => i.name.endsWith('.igc'));
      const archives = some.filter((i) => !i.name.endsWith('.igc'));
      for (let i = 0; i < igc.length; i += 10) expect(await send(igc.slice(i, i + 10))).toBe(200);
      let refusedArchives = 0;
      for (const a of archives) if ((await send([a])) !== 200) refusedArchives++;
      await ctx.services.queue.drain();

      const outcome = await checkUploadOutcomes(ctx.services.database.db, user.id);
      console.info(`fuzz uploads: ${some.length} inputs, answers ${JSON.stringify(Object.fromEntries(answers))}, ${refusedArchives} archives refused whole; files ${JSON.stringify(outcome.byStatus)}`);
      expect(outcome.problems).toEqual([]);
      expect(outcome.files).toBeGreaterThanOrEqual(igc.length);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await client.get('/api/FlightDetail')).statusCode).toBe(200);
      expect((await client.get('/api/uploadtasks')).statusCode).toBe(200);
    }, 600_000);
  });
});
