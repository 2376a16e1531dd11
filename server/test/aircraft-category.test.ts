import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from '../src/app';
import { categoryFromHeader, wingClassFromName } from '../src/analysis';
import { Client, describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { seedFlights } from './helpers/flights';
import { uploadFlight } from './helpers/upload';

// docs/aircraft-category.md. The sailplane recording is igc-parser's fixture 654G6NG1.IGC (MIT; its
// header: "HFGTYGliderType:ASG-29E (18m)", "HFCCLCompetitionClass:Club"; server/test/fixtures/igc/SOURCES.md).
const SAILPLANE_IGC = readFileSync(resolve(__dirname, 'fixtures/igc/654G6NG1.IGC'));

describe('aircraft category and wing class from real IGC headers', () => {
  it.each([
    [{ gliderType: 'ASG-29E (18m)', competitionClass: 'Club' }, 'sailplane'],
    [{ gliderType: 'LS 8-18', competitionClass: null }, 'sailplane'],
    [{ gliderType: 'ASW28', competitionClass: 'Standard' }, 'sailplane'],
    [{ gliderType: 'JS1C 21m', competitionClass: 'open' }, 'sailplane'],
    [{ gliderType: 'Advance Alpha 6 26', competitionClass: null }, 'paraglider'],
    [{ gliderType: 'Delta 2 S', competitionClass: 'Paraglider (Standard)' }, 'paraglider'],
    [{ gliderType: 'Aeros Discus 14', competitionClass: null }, 'hang_glider'],
    [{ gliderType: 'Wills Wing T2C 144', competitionClass: null }, 'hang_glider'],
    // Real headers of the corpus (corpus/flare-timing, corpus/hang-glider): a Litespeed by its size alone, the U2 by the maker's initials.
    [{ gliderType: ' rx 3.5', competitionClass: ' None' }, 'hang_glider'],
    [{ gliderType: 'WW U2             ', competitionClass: null }, 'hang_glider'],
    [{ gliderType: 'Gin RX 3', competitionClass: null }, 'paraglider'],
    [{ gliderType: 'Hubschrauber', competitionClass: null }, 'other'],
    [{ gliderType: null, competitionClass: '18-metre' }, 'sailplane'],
    [{ gliderType: null, competitionClass: null, recorder: 'LXNAV LXNAV,LX8080' }, 'sailplane'],
    [{ gliderType: 'NKN', competitionClass: 'NIL', recorder: "XSR Syride, SYS'Nav V3" }, null],
  ])('%j is %s', (header, category) => {
    expect(categoryFromHeader(header)).toBe(category);
  });

  it.each([
    ['Advance Alpha 6 26', 'EN A'],
    ['ADVANCE EPSILON 9 - 25', 'EN B'],
    ['Advance Sigma 11', 'EN C'],
    ['Advance Omega X-Alps 3', 'CCC'],
    ['OZONE Buzz Z6 MS', 'EN B'],
    ['Ozone Enzo 3', 'CCC'],
    ['NIVUK-KOYOT5', 'EN A'],
    ['Paraglider EN C', 'EN C'],
    ['ASG-29E (18m)', null],
    ['Gin Atlas', 'EN B'],
    ['Atlas', null],
  ])('%s is in class %s', (name, gliderClass) => {
    expect(wingClassFromName(name)).toBe(gliderClass);
  });
});

describeEachDatabase('aircraft categories in rankings, places and thermal maps', (kind) => {
  let ctx: TestContext;
  const db = () => ctx.services.database.db;
  const anon = () => new Client(ctx.app);
  let glider: Awaited<ReturnType<typeof signedInClient>>;
  let paraglider: Awaited<ReturnType<typeof signedInClient>>;
  let sailplaneFlight: number;
  let sailplaneSeason: number;

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    glider = await signedInClient(ctx);
    paraglider = await signedInClient(ctx);
    await db().updateTable('users').set({ publicPage: 1 }).where('id', 'in', [glider.user.id, paraglider.user.id]).execute();
    const uploaded = await uploadFlight(ctx, glider.client, { name: '654G6NG1.IGC', data: SAILPLANE_IGC }, 'public');
    sailplaneFlight = uploaded.id;
    const row = await db().selectFrom('flights').select(['localYear', 'xcPoints']).where('id', '=', sailplaneFlight).executeTakeFirstOrThrow();
    sailplaneSeason = row.localYear!;
    expect(row.xcPoints).toBeGreaterThan(0);
    // A paraglider pilot of the same season, elsewhere.
    const [pg] = await seedFlights(db(), paraglider.user.id, [{ startTime: `${sailplaneSeason}-06-01T10:00:00.000Z`, takeoffLat: 46.7, takeoffLon: 7.9, xcPoints: 20, gliderType: 'Ozone Rush 6', detectedCategory: 'paraglider', detectedWingClass: 'EN B' }]);
    expect((await paraglider.client.request('PATCH', `/api/FlightDetail/${pg}`, { visibility: 'public' })).statusCode).toBe(200);
  }, 120_000);
  afterAll(() => ctx.close());

  const ranking = async (query: string) => {
    const res = await anon().get(`/api/rankings?season=${sailplaneSeason}&${query}`);
    expect(res.statusCode).toBe(200);
    return (res.json() as { pilot: { username: string | null }; points: number }[]).map((r) => r.pilot.username);
  };

  it('reads a sailplane from its IGC header and keeps it out of the paragliding ranking', async () => {
    const own = await glider.client.get(`/api/FlightDetail/${sailplaneFlight}/category`);
    expect(own.json()).toEqual({ category: 'sailplane', source: 'igc', detected: 'sailplane' });
    expect(await ranking('')).toEqual([paraglider.user.username]);
    expect(await ranking('category=paraglider')).toEqual([paraglider.user.username]);
    expect(await ranking('category=sailplane')).toEqual([glider.user.username]);
    expect((await anon().get('/api/rankings?category=balloon')).statusCode).toBe(400);
  });

  it('makes a gliding place, never a paragliding one', async () => {
    const token = (await db().selectFrom('flightShares').select('token').where('flightId', '=', sailplaneFlight).executeTakeFirstOrThrow()).token;
    const placeId = (await anon().get(`/api/public/flights/${token}`)).json().place.id as string;
    expect((await anon().get(`/api/places/${placeId}`)).json().category).toBe('sailplane');
    const paragliding = (await anon().get(`/api/rankings/places?season=${sailplaneSeason}`)).json().places.map((p: { id: string }) => p.id);
    expect(paragliding).not.toContain(placeId);
    const gliding = (await anon().get(`/api/rankings/places?season=${sailplaneSeason}&category=sailplane`)).json().places.map((p: { id: string }) => p.id);
    expect(gliding).toEqual([placeId]);
    // A paragliding ranking at the gliding place is as unknown as a place without public flights.
    expect((await anon().get(`/api/rankings?season=${sailplaneSeason}&place=${placeId}`)).statusCode).toBe(404);
    expect(await ranking(`place=${placeId}&category=sailplane`)).toEqual([glider.user.username]);
  });

  it('adds its thermals to the sailplane thermal map only', async () => {
    const bbox = (await db().selectFrom('flights').select(['takeoffLat', 'takeoffLon']).where('id', '=', sailplaneFlight).executeTakeFirstOrThrow());
    const box = `${bbox.takeoffLon! - 2},${bbox.takeoffLat! - 2},${bbox.takeoffLon! + 2},${bbox.takeoffLat! + 2}`;
    const count = async (category: string) => ((await anon().get(`/api/thermals?bbox=${box}&category=${category}`)).json().cells as { count: number; failedLaunches: number }[]).reduce((n, c) => n + c.count + c.failedLaunches, 0);
    expect(await count('sailplane')).toBeGreaterThan(0);
    expect(await count('paraglider')).toBe(0);
    expect((await anon().get(`/api/thermals?bbox=${box}`)).json().cells).toEqual([]);
  });

  it("lets the pilot's wing and then the flight's own choice decide, and only on the pilot's own flights", async () => {
    const wing = await glider.client.post('/api/gliders', { manufacturer: 'Schleicher', model: 'ASG 29', gliderClass: 'Other', aircraftCategory: 'hang_glider' });
    expect(wing.statusCode).toBe(201);
    expect(wing.json().aircraftCategory).toBe('hang_glider');
    expect((await glider.client.put(`/api/gliders/${wing.json().id}/flights`, { flightIds: [sailplaneFlight] })).statusCode).toBe(200);
    expect((await glider.client.get(`/api/FlightDetail/${sailplaneFlight}/category`)).json()).toMatchObject({ category: 'hang_glider', source: 'wing' });
    expect(await ranking('category=hang_glider')).toEqual([glider.user.username]);
    expect(await ranking('category=sailplane')).toEqual([]);

    // Someone else's flight: 404, nothing changed; a category that does not exist: 400.
    expect((await paraglider.client.put(`/api/FlightDetail/${sailplaneFlight}/category`, { category: 'paraglider' })).statusCode).toBe(404);
    expect((await glider.client.put(`/api/FlightDetail/${sailplaneFlight}/category`, { category: 'kite' })).statusCode).toBe(400);
    expect((await anon().put(`/api/FlightDetail/${sailplaneFlight}/category`, { category: 'paraglider' })).statusCode).toBe(401);
    expect((await glider.client.get(`/api/FlightDetail/${sailplaneFlight}/category`)).json().category).toBe('hang_glider');

    const set = await glider.client.put(`/api/FlightDetail/${sailplaneFlight}/category`, { category: 'sailplane' });
    expect(set.json()).toEqual({ category: 'sailplane', source: 'flight', detected: 'sailplane' });
    expect(await ranking('category=sailplane')).toEqual([glider.user.username]);
    expect(await ranking('category=hang_glider')).toEqual([]);
    const back = await glider.client.put(`/api/FlightDetail/${sailplaneFlight}/category`, { category: null });
    expect(back.json()).toMatchObject({ category: 'hang_glider', source: 'wing' });
  });

  it('fills the wing class from the glider name the IGC gives; a linked wing overrides it', async () => {
    expect(await ranking('gliderClass=EN%20B')).toEqual([paraglider.user.username]);
    const pg = (await db().selectFrom('flights').select('id').where('userId', '=', paraglider.user.id).executeTakeFirstOrThrow()).id;
    const wing = (await paraglider.client.post('/api/gliders', { manufacturer: 'Ozone', model: 'Rush 6', gliderClass: 'EN C' })).json();
    await paraglider.client.put(`/api/gliders/${wing.id}/flights`, { flightIds: [pg] });
    expect(await ranking('gliderClass=EN%20B')).toEqual([]);
    expect(await ranking('gliderClass=EN%20C')).toEqual([paraglider.user.username]);
  });
});

describeEachDatabase('public totals and club members', (kind) => {
  let ctx: TestContext;
  const db = () => ctx.services.database.db;
  const anon = () => new Client(ctx.app);

  beforeAll(async () => {
    ctx = await startTestApp(kind, {}, { workers: false });
  });
  afterAll(() => ctx.close());

  it('counts only public flights on the pilot page, its yearly table and its preview', async () => {
    const pilot = await signedInClient(ctx);
    await db().updateTable('users').set({ publicPage: 1, displayName: 'Vera Visible' }).where('id', '=', pilot.user.id).execute();
    const ids = await seedFlights(db(), pilot.user.id, [
      { startTime: '2019-06-03T06:12:00.000Z', timeZone: 'America/Denver', flightTime: 7200, distance: 40 },
      { startTime: '2021-05-01T10:00:00.000Z', flightTime: 3600, distance: 15 },
      { startTime: '2022-07-01T10:00:00.000Z', flightTime: 1800, distance: 5 },
      { startTime: '2023-07-01T10:00:00.000Z', flightTime: 5400, distance: 70, removalReason: 2 },
    ]);
    await pilot.client.request('PATCH', `/api/FlightDetail/${ids[1]}`, { visibility: 'public' });
    await pilot.client.request('PATCH', `/api/FlightDetail/${ids[2]}`, { visibility: 'link' });
    await pilot.client.request('PATCH', `/api/FlightDetail/${ids[3]}`, { visibility: 'public' });
    const page = (await anon().get(`/api/public/pilots/${pilot.user.username}`)).json();
    expect(page.totals).toMatchObject({ totalFlights: 1, totalHours: 3600, totalDistance: 15, firstFlight: '2021-05-01T10:00:00.000Z', firstFlightTimeZone: 'Europe/Zurich' });
    expect(JSON.stringify(page)).not.toContain('America/Denver');
    expect(JSON.stringify(page)).not.toContain('2019-06-03');
    expect(page.years).toEqual([expect.objectContaining({ year: 2021, totalFlights: 1 })]);
    // The page a link preview opens, from an app build of one file (as server/test/sharing.test.ts does).
    const appDir = mkdtempSync(join(tmpdir(), 'flightlog-app-'));
    writeFileSync(join(appDir, 'index.html'), '<!doctype html><html><head><title>Flightlog</title></head><body></body></html>');
    const app = await buildApp(ctx.services, { appDir });
    const html = (await app.inject({ method: 'GET', url: `/pilots/${pilot.user.username}` })).body;
    await app.close();
    rmSync(appDir, { recursive: true, force: true });
    const description = /<meta property="og:description" content="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(description).toMatch(/\b1 flight\b/);
    expect(description).not.toMatch(/4 flights|3 flights|2 flights/);
    // The pilot's own statistics still count every flight they keep (the marked one too).
    expect((await pilot.client.get('/api/statistics/overall')).json().totalFlights).toBe(4);
  });

  it('shows visitors and non-members the members with a public page by name and the rest as a count', async () => {
    const [admin, open, quiet] = [await signedInClient(ctx), await signedInClient(ctx), await signedInClient(ctx)];
    const outsider = await signedInClient(ctx);
    await db().updateTable('users').set({ publicPage: 1, displayName: 'Olga Open' }).where('id', '=', open.user.id).execute();
    await db().updateTable('users').set({ displayName: 'Quentin Quiet' }).where('id', '=', quiet.user.id).execute();
    const slug = (await admin.client.post('/api/clubs', { name: 'Quiet Flyers' })).json().slug as string;
    const token = (await admin.client.post(`/api/clubs/${slug}/invite`)).json().token as string;
    for (const p of [open, quiet]) expect((await p.client.post('/api/clubs/join', { token })).statusCode).toBe(200);

    for (const viewer of [anon(), outsider.client]) {
      const club = (await viewer.get(`/api/clubs/${slug}`)).json();
      expect(club.members.map((m: { pilot: { displayName: string } }) => m.pilot.displayName)).toEqual(['Olga Open']);
      expect(club.otherMembers).toBe(2);
      expect(JSON.stringify(club)).not.toContain('Quentin');
      expect(JSON.stringify(club)).not.toContain(admin.user.username);
    }
    const own = (await quiet.client.get(`/api/clubs/${slug}`)).json();
    expect(own.members).toHaveLength(3);
    expect(own.otherMembers).toBe(0);
  });
});
