import { generateIgc, type Recording } from '../../scripts/synthetic-igc';
import { Client, describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { seedFlights } from './helpers/flights';
import { uploadAndWait } from './helpers/upload';

type Pilot = Awaited<ReturnType<typeof signedInClient>>;
const tokensOf = (list: { token: string }[]) => list.map((f) => f.token);

describeEachDatabase('places shared by pilots', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind, {}, { workers: false });
  });
  afterAll(() => ctx.close());
  const db = () => ctx.services.database.db;
  const anon = () => new Client(ctx.app);

  /** A pilot's flight taking off at (lat, lon), public unless told, with its token. */
  async function flight(pilot: Pilot, seed: Parameters<typeof seedFlights>[2][number], visibility: 'public' | 'private' | 'link' = 'public') {
    const [id] = await seedFlights(db(), pilot.user.id, [seed]);
    await pilot.client.request('PATCH', `/api/FlightDetail/${id}`, { visibility });
    const token = visibility === 'private' ? '' : ((await pilot.client.get(`/api/FlightDetail/${id}/share`)).json().share.token as string);
    return { id: id!, token };
  }
  const placeOf = async (token: string) => (await anon().get(`/api/public/flights/${token}`)).json().place as { id: string; name: string };

  it('groups the takeoffs of all pilots within a few hundred metres, named by most pilots, with an opaque id', async () => {
    const [a, b, c, secretive] = [await signedInClient(ctx), await signedInClient(ctx), await signedInClient(ctx), await signedInClient(ctx)];
    await db().updateTable('users').set({ publicPage: 1, displayName: 'Bea' }).where('id', '=', b.user.id).execute();
    const base = { takeoffLat: 47.1, takeoffLon: 9.3, takeoffLocation: 'Amden' };
    const fa1 = await flight(a, { startTime: '2024-05-01T10:00:00.000Z', site: 'Nord Start', ...base, xcPoints: 30 });
    const fa2 = await flight(a, { startTime: '2024-05-02T10:00:00.000Z', site: 'Nord Start', ...base, xcPoints: 5 });
    const fb = await flight(b, { startTime: '2024-05-01T11:00:00.000Z', site: 'Mattstock', ...base, takeoffLat: 47.1015, xcPoints: 50, flightTime: 5400, distance: 33 });
    const fc = await flight(c, { startTime: '2024-05-01T12:00:00.000Z', site: 'Mattstock', ...base, takeoffLon: 9.302 });
    // A private flight's site name counts for nothing, however often it is flown.
    for (let i = 0; i < 3; i++) await flight(secretive, { startTime: `2024-05-0${i + 1}T09:00:00.000Z`, site: 'Secret Spot', ...base }, 'private');
    await db().updateTable('sites').set({ named: 1 }).where('userId', 'in', [a.user.id, b.user.id, c.user.id, secretive.user.id]).execute();
    // 1.5 km away: another place, named after its town when no pilot named the site.
    const far = await flight(c, { startTime: '2024-05-01T13:00:00.000Z', ...base, takeoffLat: 47.1135, takeoffLocation: 'Arvenbüel' });

    const place = await placeOf(fa1.token);
    expect(place.id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    for (const f of [fa2, fb, fc]) expect((await placeOf(f.token)).id).toBe(place.id);
    expect(place.name).toBe('Mattstock');
    expect(await placeOf(far.token)).toEqual({ id: expect.not.stringMatching(place.id), name: 'Arvenbüel' });

    const page = (await anon().get(`/api/places/${place.id}`)).json();
    expect(page).toMatchObject({ id: place.id, name: 'Mattstock', pilotCount: 3, flightCount: 4, season: 2024, days: [{ date: '2024-05-02', count: 1 }, { date: '2024-05-01', count: 3 }] });
    expect(page.latitude).toBeCloseTo(47.1004, 3);
    expect(tokensOf(page.best)).toEqual([fb.token, fa1.token, fa2.token, fc.token]);

    const day = (await anon().get(`/api/places/${place.id}/days/2024-05-01`)).json();
    expect(day.place).toEqual(place);
    expect(day.flights).toEqual([
      { token: fa1.token, pilot: { name: a.user.username, username: null }, startTime: '2024-05-01T10:00:00.000Z', timeZone: 'Europe/Zurich', flightTime: 3600, distance: 10, xcPoints: 30, flightCode: null },
      { token: fb.token, pilot: { name: 'Bea', username: b.user.username }, startTime: '2024-05-01T11:00:00.000Z', timeZone: 'Europe/Zurich', flightTime: 5400, distance: 33, xcPoints: 50, flightCode: null },
      { token: fc.token, pilot: { name: c.user.username, username: null }, startTime: '2024-05-01T12:00:00.000Z', timeZone: 'Europe/Zurich', flightTime: 3600, distance: 10, xcPoints: null, flightCode: null },
    ]);
    expect((await anon().get(`/api/places/${place.id}/days/2024-06-01`)).json().flights).toEqual([]);
  });

  it('answers an unknown place and one of private flights only with the same 404, and a bad day with 400', async () => {
    const pilot = await signedInClient(ctx);
    const f = await flight(pilot, { startTime: '2024-05-01T10:00:00.000Z', takeoffLat: 45.5, takeoffLon: 6.5, takeoffLocation: 'Nowhere' });
    const place = await placeOf(f.token);
    await pilot.client.request('PATCH', `/api/FlightDetail/${f.id}`, { visibility: 'private' });
    const gone = await anon().get(`/api/places/${place.id}`);
    const unknown = await anon().get('/api/places/AAAAAAAAAAAAAAAA');
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toBe(unknown.body);
    expect(gone.json()).toEqual({ message: 'This place does not exist or has no public flights.' });
    expect((await anon().get(`/api/places/${place.id}/days/2024-05-01`)).body).toBe(unknown.body);
    expect((await anon().get(`/api/places/${place.id}/days/May-1`)).statusCode).toBe(400);
  });
});

/** Two glides that cross at right angles at the same height about 09:07, both from the ground at 09:00; then each thermals there. */
const START = '2024-07-20T09:00:00Z';
const METRES_LAT = 111_320;
const launchA = { latitude: 46.6, longitude: 7.8 };
const crossing = { latitude: launchA.latitude + 3000 / METRES_LAT, longitude: launchA.longitude };
const glide = (latitude: number, longitude: number, heading: number, altitude: number, start = START): Recording => ({
  start,
  latitude,
  longitude,
  altitude,
  seed: Math.round(latitude * 1000 + heading),
  phases: [
    { kind: 'ground', seconds: 120 },
    // Short glides: a long straight one is the XC solver's slowest case (docs/architecture.md).
    { kind: 'glide', seconds: 300, heading, speedKmh: 36, sinkMs: 1.0 },
    { kind: 'thermal', seconds: 600, climbMs: 1.5, direction: 'left' },
    { kind: 'ground', seconds: 120 },
  ],
});
const westOfCrossing = crossing.longitude - 3000 / (METRES_LAT * Math.cos((crossing.latitude * Math.PI) / 180));

describeEachDatabase('who flew here today', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
  });
  afterAll(() => ctx.close());

  async function uploaded(pilot: Pilot, rec: Recording) {
    await uploadAndWait(ctx, pilot.client, [{ name: 'f.igc', data: Buffer.from(generateIgc(rec)) }]);
    const [f] = (await pilot.client.get('/api/FlightDetail')).json();
    expect(f.status).toBe('Completed');
    await pilot.client.put('/api/FlightDetail/visibility', { visibility: 'public' });
    return { id: f.id as number, token: (await pilot.client.get(`/api/FlightDetail/${f.id}/share`)).json().share.token as string };
  }

  it('lists the same day at the same place, and who flew within 200 m and 100 m of height in the same minute', async () => {
    const [a, b, c, d] = [await signedInClient(ctx), await signedInClient(ctx), await signedInClient(ctx), await signedInClient(ctx)];
    const fa = await uploaded(a, glide(launchA.latitude, launchA.longitude, 0, 2000));
    const fb = await uploaded(b, glide(crossing.latitude, westOfCrossing, 90, 2000));
    // The same crossing 300 m higher: seen, but not "flew with".
    const fd = await uploaded(d, glide(crossing.latitude, westOfCrossing, 90, 2300));
    // From A's launch three hours later: the same day, never in the air together.
    const fc = await uploaded(c, glide(launchA.latitude, launchA.longitude, 180, 2000, '2024-07-20T12:00:00Z'));

    const near = (await new Client(ctx.app).get(`/api/public/flights/${fa.token}/nearby`)).json();
    expect(tokensOf(near.sameDay)).toEqual([fc.token]);
    expect(tokensOf(near.flewWith)).toEqual([fb.token]);
    expect(['2024-07-20T09:06:00.000Z', '2024-07-20T09:07:00.000Z']).toContain(near.flewWith[0].metAt);
    // The pilot's own page asks by flight id and sees the same; so does B of A.
    expect((await a.client.get(`/api/FlightDetail/${fa.id}/nearby`)).json()).toEqual(near);
    expect(tokensOf((await new Client(ctx.app).get(`/api/public/flights/${fb.token}/nearby`)).json().flewWith)).toEqual([fa.token]);
    expect(tokensOf((await new Client(ctx.app).get(`/api/public/flights/${fd.token}/nearby`)).json().flewWith)).toEqual([]);

    // A private flight is in nobody's panel, and its own panel still works for its pilot.
    await b.client.put('/api/FlightDetail/visibility', { visibility: 'private' });
    expect((await new Client(ctx.app).get(`/api/public/flights/${fa.token}/nearby`)).json().flewWith).toEqual([]);
    const own = (await b.client.get(`/api/FlightDetail/${fb.id}/nearby`)).json();
    expect(tokensOf(own.flewWith)).toEqual([fa.token]);
  });
});
