import { generateIgc, thermalFlight } from '../../scripts/synthetic-igc';
import { requeue } from '../src/debug/service';
import { describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { multipart } from './helpers/archives';

const NIESEN = { latitude: 46.68, longitude: 7.86, altitude: 1800 };
const AMISBUEHL = { latitude: 46.7, longitude: 7.91, altitude: 1300 };
const igc = (day: string, seed: number, site = NIESEN) => Buffer.from(generateIgc(thermalFlight(`${day}T09:00:00Z`, seed, site)));
type Summary = { id: number; siteId: number; siteName: string; takeoffLocation: string; landingSiteId: number | null; landingSiteName: string | null; startTime: string };

describeEachDatabase('sites', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
  });
  afterAll(() => ctx.close());

  const upload = async (client: Awaited<ReturnType<typeof signedInClient>>['client'], files: { name: string; data: Buffer }[]) => {
    const { payload, headers } = multipart(files);
    expect((await client.request('POST', '/api/FlightDetail/upload', payload, headers)).statusCode).toBeLessThan(300);
    await ctx.services.queue.drain();
    return (await client.get('/api/FlightDetail')).json() as Summary[];
  };

  it('lists launch and landing sites; a rename shows everywhere and a new flight nearby takes it; a merge moves launches and landings', async () => {
    const { client } = await signedInClient(ctx);
    const flights = await upload(client, [
      { name: 'a.igc', data: igc('2024-07-01', 81) },
      { name: 'b.igc', data: igc('2024-07-02', 82) },
      { name: 'c.igc', data: igc('2024-07-03', 83, AMISBUEHL) },
    ]);
    const niesenId = flights.find((f) => f.startTime.startsWith('2024-07-01'))!.siteId;
    const amisId = flights.find((f) => f.startTime.startsWith('2024-07-03'))!.siteId;
    expect(flights.filter((f) => f.siteId === niesenId)).toHaveLength(2);
    expect(flights.every((f) => f.landingSiteId !== null && f.landingSiteName !== null)).toBe(true);
    const detected = flights.find((f) => f.siteId === niesenId)!.takeoffLocation;

    let sites = (await client.get('/api/sites')).json();
    expect(sites.find((s: { id: number }) => s.id === niesenId)).toMatchObject({ named: false, flightCount: 2, totalSeconds: expect.any(Number), lastVisit: expect.stringMatching(/^2024-07-0[12]/) });
    expect(sites.reduce((n: number, s: { landingCount: number }) => n + s.landingCount, 0)).toBe(3);

    const renamed = await client.put(`/api/sites/${niesenId}`, { name: '  Niesen Nord ' });
    expect(renamed.json()).toMatchObject({ id: niesenId, name: 'Niesen Nord', named: true, flightCount: 2 });
    const list = (await client.get('/api/FlightDetail')).json() as Summary[];
    expect(list.filter((f) => f.siteName === 'Niesen Nord')).toHaveLength(2);
    expect(list.find((f) => f.siteId === niesenId)!.takeoffLocation).toBe(detected);
    const stats = (await client.get('/api/statistics/flight-sites')).json();
    expect(stats.topLaunchSites.map((s: { siteName: string }) => s.siteName)).toContain('Niesen Nord');

    // A later flight from the same hill gets the pilot's name.
    const withNew = await upload(client, [{ name: 'd.igc', data: igc('2024-07-10', 84) }]);
    expect(withNew.find((f) => f.startTime.startsWith('2024-07-10'))).toMatchObject({ siteId: niesenId, siteName: 'Niesen Nord' });

    const merged = await client.post(`/api/sites/${amisId}/merge`, { intoSiteId: niesenId });
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toMatchObject({ id: niesenId, name: 'Niesen Nord', flightCount: 4 });
    sites = (await client.get('/api/sites')).json();
    expect(sites.find((s: { id: number }) => s.id === amisId)).toBeUndefined();
    const after = (await client.get('/api/statistics/flight-sites')).json();
    expect(after).toMatchObject({ totalSites: 1, mostFlightsSite: { siteName: 'Niesen Nord', flightCount: 4 } });

    // The merge is the pilot's choice: a re-analysis keeps it.
    const moved = withNew.find((f) => f.startTime.startsWith('2024-07-03'))!;
    await requeue(ctx.services, [moved.id]);
    await ctx.services.queue.drain();
    expect((await client.get(`/api/FlightDetail/${moved.id}`)).json()).toMatchObject({ status: 'Completed', siteId: niesenId, siteName: 'Niesen Nord' });
  });

  it('creates a site placed by the pilot, to move a flight to', async () => {
    const { client } = await signedInClient(ctx);
    const [flight] = await upload(client, [{ name: 'a.igc', data: igc('2024-07-01', 91) }]);
    const created = await client.post('/api/sites', { name: 'Chrummeney', latitude: 46.681, longitude: 7.861 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Chrummeney', named: true, flightCount: 0, landingCount: 0, lastVisit: null });
    const moved = (await client.request('PATCH', `/api/FlightDetail/${flight!.id}`, { siteId: created.json().id })).json();
    expect(moved).toMatchObject({ siteName: 'Chrummeney' });
  });

  it("answers 404 for another pilot's site on every verb and changes nothing", async () => {
    const owner = await signedInClient(ctx);
    const a = (await owner.client.post('/api/sites', { name: 'Mine A', latitude: 46, longitude: 8 })).json();
    const other = await signedInClient(ctx);
    const b = (await other.client.post('/api/sites', { name: 'Theirs', latitude: 46, longitude: 8 })).json();
    const rename = await other.client.put(`/api/sites/${a.id}`, { name: 'Stolen' });
    expect([rename.statusCode, rename.json().message]).toEqual([404, 'Site not found.']);
    expect((await other.client.post(`/api/sites/${a.id}/merge`, { intoSiteId: b.id })).statusCode).toBe(404);
    expect((await other.client.post(`/api/sites/${b.id}/merge`, { intoSiteId: a.id })).statusCode).toBe(404);
    expect((await owner.client.get('/api/sites')).json()).toEqual([expect.objectContaining({ id: a.id, name: 'Mine A' })]);
    expect((await other.client.get('/api/sites')).json()).toEqual([expect.objectContaining({ id: b.id, name: 'Theirs' })]);
  });

  it('refuses bad input with the reason and changes nothing', async () => {
    const { client } = await signedInClient(ctx);
    const a = (await client.post('/api/sites', { name: 'A', latitude: 46, longitude: 8 })).json();
    const cases: [string, string, unknown, string][] = [
      ['POST', '/api/sites', { name: 'X', latitude: 91, longitude: 8 }, 'Latitude must be between -90 and 90.'],
      ['POST', '/api/sites', { name: 'X', latitude: 46, longitude: -181 }, 'Longitude must be between -180 and 180.'],
      ['POST', '/api/sites', { name: ' ', latitude: 46, longitude: 8 }, 'Site name is required.'],
      ['PUT', `/api/sites/${a.id}`, { name: 'x'.repeat(101) }, 'Site name must be at most 100 characters.'],
      ['PUT', '/api/sites/0', { name: 'Zero' }, 'Site id must be a positive number.'],
      ['POST', `/api/sites/${a.id}/merge`, { intoSiteId: 'b' }, 'intoSiteId must be a site id.'],
      ['POST', `/api/sites/${a.id}/merge`, { intoSiteId: a.id }, 'A site cannot be merged into itself.'],
    ];
    for (const [method, url, body, message] of cases) {
      const res = await client.request(method, url, body);
      expect([method, url, res.statusCode, res.json().message]).toEqual([method, url, 400, expect.stringContaining(message)]);
    }
    expect((await client.get('/api/sites')).json()).toEqual([expect.objectContaining({ id: a.id, name: 'A', named: true })]);
  });
});
