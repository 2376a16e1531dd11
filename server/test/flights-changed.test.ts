import { generateIgc, thermalFlight } from '../../scripts/synthetic-igc';
import { describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { multipart } from './helpers/archives';

const igc = (day: string, seed: number) => Buffer.from(generateIgc(thermalFlight(`${day}T09:00:00Z`, seed)));

/** "Flights changed" runs once per change: the pilot's data version (the read cache's key) moves by one. */
describeEachDatabase('flights changed', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind, { SMALL_UPLOAD_MAX_FILES: '1' });
    // The airspace check that follows a change moves the version once more per checked flight, on its own
    // schedule (airspace-check.test.ts covers it); here only the ingest path's own bumps are counted.
    await ctx.services.airspace.stop();
  });
  afterAll(() => ctx.close());

  const versionOf = async (userId: number) =>
    (await ctx.services.database.db.selectFrom('users').select('dataVersion').where('id', '=', userId).executeTakeFirstOrThrow()).dataVersion;

  it('bumps the data version exactly once per analysed file', async () => {
    const { client, user } = await signedInClient(ctx);
    const before = await versionOf(user.id);
    const { payload, headers } = multipart([
      { name: 'a.igc', data: igc('2024-07-01', 31) },
      { name: 'b.igc', data: igc('2024-07-02', 32) },
      { name: 'c.igc', data: igc('2024-07-03', 33) },
    ]);
    const res = await client.request('POST', '/api/FlightDetail/upload', payload, headers);
    expect(res.json()).toMatchObject({ isLargeUpload: true, estimatedFlightCount: 3 });
    await ctx.services.queue.drain();
    expect(await versionOf(user.id)).toBe(before + 3);
  });

  it('bumps it once when a small upload lists its flights, then once when the file is analysed', async () => {
    const { client, user } = await signedInClient(ctx);
    const before = await versionOf(user.id);
    const { payload, headers } = multipart([{ name: 'a.igc', data: igc('2024-08-01', 41) }]);
    const res = await client.request('POST', '/api/FlightDetail/upload', payload, headers);
    expect(res.json()).toMatchObject({ isLargeUpload: false });
    await ctx.services.queue.drain();
    expect(await versionOf(user.id)).toBe(before + 2);
  });

  it('bumps it once per edit of a flight, and a cached list shows the edit', async () => {
    const { client, user } = await signedInClient(ctx);
    const { payload, headers } = multipart([{ name: 'a.igc', data: igc('2024-09-01', 51) }]);
    await client.request('POST', '/api/FlightDetail/upload', payload, headers);
    await ctx.services.queue.drain();
    const [flight] = (await client.get('/api/FlightDetail')).json();
    expect((await client.get('/api/FlightDetail')).headers['x-cache']).toBe('hit');
    const before = await versionOf(user.id);
    await client.put(`/api/FlightDetail/${flight.id}/removalreason`, { removalReason: 'Other' });
    expect(await versionOf(user.id)).toBe(before + 1);
    expect((await client.get('/api/FlightDetail')).json()[0]).toMatchObject({ id: flight.id, removalReason: 99 });
  });
});
