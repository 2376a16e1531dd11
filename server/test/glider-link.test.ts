import { generateIgc, thermalFlight } from '../../scripts/synthetic-igc';
import { requeue } from '../src/debug/service';
import { describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { multipart } from './helpers/archives';
import { fixture } from './helpers/fixtures';

const igc = (day: string, seed: number, gliderType: string) => Buffer.from(generateIgc({ ...thermalFlight(`${day}T09:00:00Z`, seed), gliderType }));

/** A new flight takes the wing its IGC glider type names, else the default one; the pilot's choice survives re-analysis. */
describeEachDatabase('automatic glider link', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
  });
  afterAll(() => ctx.close());

  const upload = async (client: Awaited<ReturnType<typeof signedInClient>>['client'], files: { name: string; data: Buffer }[]) => {
    const { payload, headers } = multipart(files);
    expect((await client.request('POST', '/api/FlightDetail/upload', payload, headers)).statusCode).toBeLessThan(300);
    await ctx.services.queue.drain();
    return (await client.get('/api/FlightDetail')).json() as { id: number; gliderType: string; gliderId: number | null; gliderName: string | null }[];
  };

  it('links by "manufacturer model" or model ignoring case, spaces and punctuation, else to the default wing', async () => {
    const { client } = await signedInClient(ctx);
    const rush = (await client.post('/api/gliders', { manufacturer: 'Ozone', model: 'Rush-6', gliderClass: 'EN B' })).json();
    const enzo = (await client.post('/api/gliders', { manufacturer: 'Ozone', model: 'Enzo 3', size: 'S', gliderClass: 'CCC' })).json();
    const school = (await client.post('/api/gliders', { manufacturer: 'Skywalk', model: 'Mint', gliderClass: 'EN A', isDefault: true })).json();
    const flights = await upload(client, [
      { name: 'a.igc', data: igc('2024-07-01', 61, 'OZONE RUSH 6') },
      { name: 'b.igc', data: igc('2024-07-02', 62, 'enzo3') },
      { name: 'c.igc', data: igc('2024-07-03', 63, 'Advance Iota') },
    ]);
    const byType = Object.fromEntries(flights.map((f) => [f.gliderType, f.gliderId]));
    expect(byType).toEqual({ 'OZONE RUSH 6': rush.id, enzo3: enzo.id, 'Advance Iota': school.id });
    expect(flights.find((f) => f.gliderType === 'enzo3')!.gliderName).toBe('Ozone Enzo 3 S');
    const gliders = (await client.get('/api/gliders')).json();
    expect(gliders.find((g: { id: number }) => g.id === rush.id)).toMatchObject({ flightCount: 1, totalSeconds: expect.any(Number) });
  });

  it('leaves a flight unlinked when nothing matches and there is no default wing', async () => {
    const { client } = await signedInClient(ctx);
    await client.post('/api/gliders', { manufacturer: 'Gin', model: 'Leopard', gliderClass: 'CCC' });
    const [flight] = await upload(client, [{ name: 'a.igc', data: igc('2024-07-05', 64, 'Nova Mentor 7') }]);
    expect(flight).toMatchObject({ gliderType: 'Nova Mentor 7', gliderId: null });
  });

  it('keeps a wing the pilot set by hand through re-analysis, and re-links one set automatically', async () => {
    const { client } = await signedInClient(ctx);
    const mentor = (await client.post('/api/gliders', { manufacturer: 'Nova', model: 'Mentor 7', gliderClass: 'EN B' })).json();
    const other = (await client.post('/api/gliders', { manufacturer: 'Nova', model: 'Ion 6', gliderClass: 'EN B' })).json();
    const flights = await upload(client, [
      { name: 'a.igc', data: igc('2024-08-01', 71, 'Nova Mentor 7') },
      { name: 'b.igc', data: igc('2024-08-02', 72, 'Nova Mentor 7') },
    ]);
    const [byHand, automatic] = flights;
    await client.request('PATCH', `/api/FlightDetail/${byHand!.id}`, { gliderId: other.id });
    const deps = ctx.services;
    await requeue(deps, [byHand!.id, automatic!.id]);
    await deps.queue.drain();
    const after = (await client.get('/api/FlightDetail')).json() as { id: number; status: string; gliderId: number }[];
    expect(after.map((f) => [f.id, f.status, f.gliderId])).toEqual([
      [byHand!.id, 'Completed', other.id],
      [automatic!.id, 'Completed', mentor.id],
    ]);
  });

  it('links a real recording whose header says "OZONE Mantra M4"', async () => {
    const { client } = await signedInClient(ctx);
    const m4 = (await client.post('/api/gliders', { manufacturer: 'Ozone', model: 'Mantra M4', gliderClass: 'EN D' })).json();
    const [flight] = await upload(client, [{ name: 'flat.igc', data: fixture('flat-ffvl-26.37.igc') }]);
    expect(flight).toMatchObject({ gliderType: 'OZONE Mantra M4', gliderId: m4.id, gliderName: 'Ozone Mantra M4' });
  });
});
