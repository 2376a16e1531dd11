import { readdirSync } from 'node:fs';
import { analysingEachInputOnce } from './helpers/analysis';
import { describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { makeTarGz, makeZip, multipart } from './helpers/archives';
import { FIXTURE_DIR, fixture } from './helpers/fixtures';

/**
 * What the analysis threads answered for each distinct input (bytes, name, league), shared by the two databases'
 * runs: the analysis is a pure function of its input, so a recording is analysed once per name it arrives under
 * (one by one, then logs/… in the zip; the tar.gz's entries, named as the zip's, are new inputs only if their
 * bytes or names differ), and the PostgreSQL run, after SQLite's, checks the storing, queueing and listing of
 * the same answers on PostgreSQL. An entry that an archive changed is analysed anew, and its flights compared.
 */
const answers = new Map<string, Promise<unknown>>();

/** The real recordings give the same flights uploaded one by one, as a zip and as a tar.gz. */
describeEachDatabase('uploading the real recordings', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind, { WORKERS: '2' });
    ctx.services.ingest.pool = analysingEachInputOnce(ctx.services.ingest.pool, answers);
  });
  afterAll(() => ctx.close());

  const names = () => readdirSync(FIXTURE_DIR).filter((f) => /\.igc$/i.test(f)).sort();

  async function flightsAfter(send: (client: Awaited<ReturnType<typeof signedInClient>>['client']) => Promise<void>) {
    const { client, user } = await signedInClient(ctx);
    await send(client);
    await ctx.services.queue.drain();
    return ctx.services.database.db
      .selectFrom('flights')
      .innerJoin('igcFiles', 'igcFiles.id', 'flights.igcFileId')
      .select(['igcFiles.originalFilename as file', 'flights.status', 'flights.startTime', 'flights.xcPoints', 'flights.flightCode'])
      .where('flights.userId', '=', user.id)
      .orderBy('flights.startTime')
      .orderBy('igcFiles.originalFilename')
      .execute();
  }
  const post = (client: Awaited<ReturnType<typeof signedInClient>>['client'], files: { name: string; data: Buffer }[]) => {
    const { payload, headers } = multipart(files);
    return client.request('POST', '/api/FlightDetail/upload', payload, headers).then((r) => expect(r.statusCode).toBe(200));
  };

  it('gives the same flights, none failed, whatever the packaging', async () => {
    const alone = await flightsAfter(async (c) => {
      for (const name of names()) await post(c, [{ name, data: fixture(name) }]);
    });
    const zipped = await flightsAfter((c) => post(c, [{ name: 'all.zip', data: makeZip(names().map((name) => ({ name: `logs/${name}`, data: fixture(name) }))) }]));
    const tarred = await flightsAfter((c) => post(c, [{ name: 'all.tar.gz', data: makeTarGz(names().map((name) => ({ name: `logs/${name}`, data: fixture(name) }))) }]));

    expect(alone.every((f) => f.status === 'Completed')).toBe(true);
    expect(alone.length).toBeGreaterThanOrEqual(names().length);
    expect(alone.filter((f) => f.file === 'lunch-break.igc').length).toBeGreaterThanOrEqual(2);
    const shape = (rows: typeof alone) => rows.map((f) => [f.file.replace(/^logs\//, ''), f.startTime, f.xcPoints, f.flightCode, f.status]);
    expect(shape(zipped)).toEqual(shape(alone));
    expect(shape(tarred)).toEqual(shape(alone));
  }, 300_000); // every real recording analysed twice (alone, in an archive); slow on a busy two-core machine
});
