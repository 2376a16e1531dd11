import { generateIgc, thermalFlight } from '../../scripts/synthetic-igc';
import { requeue } from '../src/debug/service';
import { describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { multipart } from './helpers/archives';
import { fixture } from './helpers/fixtures';

const igc = (day: string, seed: number, gliderType: string) => Buffer.from(generateIgc({ ...thermalFlight(`${day}T09:00:00Z`, seed), gliderType }));

/**
 * A new flight takes the wing its IGC glider type names; a flight whose type names no wing at all takes
 * the default wing when it was in use that day; the pilot's choice survives re-analysis.
 */
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
    return (await client.get('/api/FlightDetail')).json() as { id: number; startTime: string; gliderType: string; gliderId: number | null; gliderName: string | null }[];
  };

  it('links by "manufacturer model" or model ignoring case, spaces and punctuation; the default wing takes only flights that name no wing', async () => {
    const { client } = await signedInClient(ctx);
    const rush = (await client.post('/api/gliders', { manufacturer: 'Ozone', model: 'Rush-6', gliderClass: 'EN B' })).json();
    const enzo = (await client.post('/api/gliders', { manufacturer: 'Ozone', model: 'Enzo 3', size: 'S', gliderClass: 'CCC' })).json();
    const school = (await client.post('/api/gliders', { manufacturer: 'Skywalk', model: 'Mint', gliderClass: 'EN A', isDefault: true })).json();
    const flights = await upload(client, [
      { name: 'a.igc', data: igc('2024-07-01', 61, 'OZONE RUSH 6') },
      { name: 'b.igc', data: igc('2024-07-02', 62, 'enzo3') },
      { name: 'c.igc', data: igc('2024-07-03', 63, 'Advance Iota') },
      { name: 'd.igc', data: igc('2024-07-04', 64, 'Paraglider') },
    ]);
    const byType = Object.fromEntries(flights.map((f) => [f.gliderType, f.gliderId]));
    // The Iota is some other wing: its hours must not count on the school wing.
    expect(byType).toEqual({ 'OZONE RUSH 6': rush.id, enzo3: enzo.id, 'Advance Iota': null, Paraglider: school.id });
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

  it('gives the default wing no flight from before its "in use from" day', async () => {
    const { client } = await signedInClient(ctx);
    const wing = (await client.post('/api/gliders', { manufacturer: 'Gin', model: 'Bonanza 3', gliderClass: 'EN C', isDefault: true, inUseFrom: '2024-06-01' })).json();
    const flights = await upload(client, [
      { name: 'old.igc', data: igc('2023-07-01', 81, '') },
      { name: 'new.igc', data: igc('2024-07-01', 82, '') },
    ]);
    expect(flights.map((f) => f.gliderId).sort()).toEqual([null, wing.id].sort());
    expect((await client.get('/api/gliders')).json()[0]).toMatchObject({ id: wing.id, flightCount: 1 });
  });

  it('offers the flights uploaded before a wing was added and links them in one call, never the ones the pilot chose', async () => {
    const { client } = await signedInClient(ctx);
    const flights = await upload(client, [
      { name: 'a.igc', data: igc('2024-05-01', 91, 'AIRDESIGN Volt 4') },
      { name: 'b.igc', data: igc('2024-05-02', 92, 'Air Design VOLT-4 ML') },
      { name: 'c.igc', data: igc('2024-05-03', 93, 'AIRDESIGN Volt 4') },
    ]);
    expect(flights.every((f) => f.gliderId === null)).toBe(true);
    const spare = (await client.post('/api/gliders', { manufacturer: 'Gin', model: 'Yeti', gliderClass: 'EN B' })).json();
    const chosen = flights.find((f) => f.gliderType === 'AIRDESIGN Volt 4')!;
    expect((await client.request('PATCH', `/api/FlightDetail/${chosen.id}`, { gliderId: spare.id })).statusCode).toBe(200);

    const volt = (await client.post('/api/gliders', { manufacturer: 'Airdesign', model: 'Volt 4', gliderClass: 'EN C' })).json();
    expect((await client.get(`/api/gliders/${volt.id}/matching-flights`)).json()).toEqual({ count: 2, leaving: 0 });
    expect((await client.post(`/api/gliders/${volt.id}/link-matching`)).json()).toEqual({ changed: 2 });
    expect((await client.get(`/api/gliders/${volt.id}/matching-flights`)).json()).toEqual({ count: 0, leaving: 0 });
    const after = (await client.get('/api/FlightDetail')).json() as { id: number; gliderId: number | null }[];
    expect(after.find((f) => f.id === chosen.id)!.gliderId).toBe(spare.id);
    expect(after.filter((f) => f.gliderId === volt.id)).toHaveLength(2);
    expect((await client.get('/api/gliders')).json().find((g: { id: number }) => g.id === volt.id)).toMatchObject({ flightCount: 2 });

    // The wing's dates change: flights outside them leave it when the pilot applies the rule again.
    const body = { manufacturer: 'Airdesign', model: 'Volt 4', gliderClass: 'EN C', inUseFrom: '2024-05-02' };
    expect((await client.request('PUT', `/api/gliders/${volt.id}`, body)).statusCode).toBe(200);
    expect((await client.get(`/api/gliders/${volt.id}/matching-flights`)).json()).toEqual({ count: 0, leaving: 0 });
    const school = (await client.post('/api/gliders', { manufacturer: 'Skywalk', model: 'Mint', gliderClass: 'EN A', isDefault: true })).json();
    expect((await client.get(`/api/gliders/${school.id}/matching-flights`)).json()).toEqual({ count: 0, leaving: 0 });
  });

  it("moves chosen flights or a whole period onto a wing as the pilot's choice, and refuses ids that are not theirs", async () => {
    const { client } = await signedInClient(ctx);
    const other = await signedInClient(ctx);
    const flights = await upload(client, [
      { name: 'a.igc', data: igc('2022-06-01', 101, 'Old Wing') },
      { name: 'b.igc', data: igc('2022-06-20', 102, 'Old Wing') },
      { name: 'c.igc', data: igc('2022-08-01', 103, 'Old Wing') },
    ]);
    const [theirs] = await upload(other.client, [{ name: 'x.igc', data: igc('2022-06-05', 104, 'Old Wing') }]);
    const wing = (await client.post('/api/gliders', { manufacturer: 'Nova', model: 'Ion 4', gliderClass: 'EN B' })).json();
    const put = (body: unknown) => client.request('PUT', `/api/gliders/${wing.id}/flights`, body);

    const refused = await put({ flightIds: [flights[0]!.id, theirs!.id] });
    expect(refused.statusCode).toBe(404);
    expect((await client.get('/api/FlightDetail')).json().every((f: { gliderId: number | null }) => f.gliderId === null)).toBe(true);
    expect((await other.client.get('/api/FlightDetail')).json()[0].gliderId).toBeNull();
    for (const bad of [{}, { from: '2022-06-01' }, { flightIds: [] }, { from: '2022-07-01', to: '2022-06-01' }, { flightIds: [1], from: '2022-06-01', to: '2022-06-30' }]) {
      expect((await put(bad)).statusCode).toBe(400);
    }
    expect((await other.client.request('PUT', `/api/gliders/${wing.id}/flights`, { flightIds: [theirs!.id] })).statusCode).toBe(404);
    expect((await other.client.get(`/api/gliders/${wing.id}/matching-flights`)).statusCode).toBe(404);
    expect((await other.client.post(`/api/gliders/${wing.id}/link-matching`)).statusCode).toBe(404);

    expect((await put({ from: '2022-06-01', to: '2022-06-30' })).json()).toEqual({ changed: 2 });
    const august = flights.find((f) => f.startTime.startsWith('2022-08'))!;
    expect((await put({ flightIds: [august.id] })).json()).toEqual({ changed: 1 });
    const linked = (await client.get('/api/FlightDetail')).json() as { gliderId: number | null }[];
    expect(linked.map((f) => f.gliderId)).toEqual([wing.id, wing.id, wing.id]);
    // Chosen by the pilot: applying the automatic rule takes nothing away.
    expect((await client.get(`/api/gliders/${wing.id}/matching-flights`)).json()).toEqual({ count: 0, leaving: 0 });
  });
});
