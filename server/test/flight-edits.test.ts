import { describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { seedFlights } from './helpers/flights';

const wing = { manufacturer: 'Gin', model: 'Bonanza 3', size: 'M', gliderClass: 'EN C' };

describeEachDatabase('flight edits', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind, {}, { workers: false });
  });
  afterAll(() => ctx.close());
  const db = () => ctx.services.database.db;
  const stored = (id: number) => db().selectFrom('flights').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('sets notes, wing, launch and landing site, each by itself, and null clears', async () => {
    const { client, user } = await signedInClient(ctx);
    const [id] = await seedFlights(db(), user.id, [{ startTime: '2024-06-01T09:00:00.000Z', site: 'Fiesch' }]);
    const g = (await client.post('/api/gliders', wing)).json();
    const landing = (await client.post('/api/sites', { name: 'Fiesch landing', latitude: 46.4, longitude: 8.13 })).json();
    const notes = 'Strong wind at 14h.\nLanded <b>early</b> & safe.';

    const res = await client.request('PATCH', `/api/FlightDetail/${id}`, { notes });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, notes, gliderId: null, siteName: 'Fiesch' });

    const linked = (await client.request('PATCH', `/api/flightdetail/${id}`, { gliderId: g.id, landingSiteId: landing.id })).json();
    expect(linked).toMatchObject({ notes, gliderId: g.id, gliderName: 'Gin Bonanza 3 M', landingSiteId: landing.id, landingSiteName: 'Fiesch landing' });
    expect(await stored(id!)).toMatchObject({ gliderSetByPilot: 1, landingSiteSetByPilot: 1, siteSetByPilot: 0 });

    const [listed] = (await client.get('/api/FlightDetail')).json();
    expect(listed).toMatchObject({ id, notes, gliderName: 'Gin Bonanza 3 M', landingSiteName: 'Fiesch landing', source: 'igc' });

    const moved = (await client.request('PATCH', `/api/FlightDetail/${id}`, { siteId: landing.id })).json();
    expect(moved).toMatchObject({ siteId: landing.id, siteName: 'Fiesch landing', takeoffLocation: 'Fiesch' });

    const cleared = (await client.request('PATCH', `/api/FlightDetail/${id}`, { notes: null, gliderId: null, siteId: null })).json();
    expect(cleared).toMatchObject({ notes: null, gliderId: null, gliderName: null, siteId: null, siteName: null, landingSiteId: landing.id });
    expect(await stored(id!)).toMatchObject({ gliderSetByPilot: 1, siteSetByPilot: 1 });
  });

  it('keeps 10,000 characters of notes and refuses one more, changing nothing', async () => {
    const { client, user } = await signedInClient(ctx);
    const [id] = await seedFlights(db(), user.id, [{ startTime: '2024-06-01T09:00:00.000Z' }]);
    const long = 'é'.repeat(10_000);
    expect((await client.request('PATCH', `/api/FlightDetail/${id}`, { notes: long })).json().notes).toBe(long);
    const res = await client.request('PATCH', `/api/FlightDetail/${id}`, { notes: `${long}x` });
    expect([res.statusCode, res.json().message]).toEqual([400, 'notes: Notes must be at most 10000 characters.']);
    expect((await stored(id!)).notes).toBe(long);
  });

  it('refuses an empty or malformed body', async () => {
    const { client, user } = await signedInClient(ctx);
    const [id] = await seedFlights(db(), user.id, [{ startTime: '2024-06-01T09:00:00.000Z' }]);
    const empty = await client.request('PATCH', `/api/FlightDetail/${id}`, {});
    expect([empty.statusCode, empty.json().message]).toEqual([400, 'Nothing to change: send notes, gliderId, siteId, landingSiteId or visibility.']);
    const bad = await client.request('PATCH', `/api/FlightDetail/${id}`, { gliderId: 'one' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'gliderId: gliderId must be an id.']);
  });

  it("answers 404 for another pilot's flight, wing or site and changes nothing", async () => {
    const owner = await signedInClient(ctx);
    const [ownerFlight] = await seedFlights(db(), owner.user.id, [{ startTime: '2024-06-01T09:00:00.000Z', site: 'Mine' }]);
    const ownerGlider = (await owner.client.post('/api/gliders', wing)).json();
    const ownerSite = (await owner.client.get('/api/sites')).json()[0];
    const other = await signedInClient(ctx);
    const [otherFlight] = await seedFlights(db(), other.user.id, [{ startTime: '2024-06-02T09:00:00.000Z' }]);

    const onTheirs = await other.client.request('PATCH', `/api/FlightDetail/${ownerFlight}`, { notes: 'mine now' });
    expect([onTheirs.statusCode, onTheirs.json().message]).toEqual([404, 'Flight not found.']);
    const glider = await other.client.request('PATCH', `/api/FlightDetail/${otherFlight}`, { gliderId: ownerGlider.id });
    expect([glider.statusCode, glider.json().message]).toEqual([404, 'Glider not found.']);
    const site = await other.client.request('PATCH', `/api/FlightDetail/${otherFlight}`, { notes: 'x', siteId: ownerSite.id });
    expect([site.statusCode, site.json().message]).toEqual([404, 'Site not found.']);
    expect(await stored(otherFlight!)).toMatchObject({ notes: null, gliderId: null, siteId: null });
    expect(await stored(ownerFlight!)).toMatchObject({ notes: null });
  });

  it('bumps the notes version once per note saved, so a cached list shows it', async () => {
    const { client, user } = await signedInClient(ctx);
    const [id] = await seedFlights(db(), user.id, [{ startTime: '2024-06-01T09:00:00.000Z' }]);
    await client.get('/api/FlightDetail');
    const version = async () => (await db().selectFrom('users').select('notesVersion').where('id', '=', user.id).executeTakeFirstOrThrow()).notesVersion;
    const before = await version();
    await client.request('PATCH', `/api/FlightDetail/${id}`, { notes: 'Cached?' });
    expect(await version()).toBe(before + 1);
    expect((await client.get('/api/FlightDetail')).json()[0].notes).toBe('Cached?');
  });
});
