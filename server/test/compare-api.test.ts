import { generateIgc, type Recording } from '../../scripts/synthetic-igc';
import { Client, describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { uploadFlight } from './helpers/upload';

type Pilot = Awaited<ReturnType<typeof signedInClient>>;

const day = (start: string, longitude: number, seed: number): Recording => ({
  start,
  latitude: 46.6,
  longitude,
  altitude: 1500,
  seed,
  phases: [
    { kind: 'ground', seconds: 60 },
    { kind: 'glide', seconds: 240, heading: 90, speedKmh: 36, sinkMs: 1.0 },
    { kind: 'thermal', seconds: 420, climbMs: 2, direction: 'left' },
    { kind: 'glide', seconds: 300, heading: 0, speedKmh: 36, sinkMs: 1.1 },
    { kind: 'ground', seconds: 60 },
  ],
});

describeEachDatabase('compare and replay', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
  });
  afterAll(() => ctx.close());
  const anon = () => new Client(ctx.app);

  async function upload(pilot: Pilot, rec: Recording, visibility: 'public' | 'private' | 'link') {
    const { id } = await uploadFlight(ctx, pilot.client, { name: `${rec.seed}.igc`, data: Buffer.from(generateIgc(rec)) }, visibility);
    const token = visibility === 'private' ? '' : ((await pilot.client.get(`/api/FlightDetail/${id}/share`)).json().share.token as string);
    return { id, token };
  }

  let a: Pilot, b: Pilot, c: Pilot;
  let aOwn: { id: number; token: string }, bPublic: { id: number; token: string }, cPublic: { id: number; token: string }, cLink: { id: number; token: string }, bOtherDay: { id: number; token: string };
  beforeAll(async () => {
    [a, b, c] = [await signedInClient(ctx), await signedInClient(ctx), await signedInClient(ctx)];
    await ctx.services.database.db.updateTable('users').set({ displayName: 'Bea', publicPage: 1 }).where('id', '=', b.user.id).execute();
    aOwn = await upload(a, day('2024-07-20T10:00:00Z', 7.8, 1), 'private');
    bPublic = await upload(b, day('2024-07-20T10:05:00Z', 7.81, 2), 'public');
    cPublic = await upload(c, day('2024-07-20T10:20:00Z', 7.82, 3), 'public');
    cLink = await upload(c, day('2024-07-20T13:00:00Z', 7.83, 4), 'link');
    bOtherDay = await upload(b, day('2024-07-25T11:00:00Z', 7.84, 5), 'public');
  }, 240_000);

  it("puts the pilot's own flight and others' public flights on one clock timeline, with low-resolution tracks", async () => {
    const res = await a.client.get(`/api/compare?f=${aOwn.id},${bPublic.token},${cPublic.token}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.alignment).toBe('clock');
    // The own flight is private: the page is not shareable.
    expect(body.shareable).toBe(false);
    expect(body.flights.map((f: { ref: string; token: string | null; colourIndex: number; pilot: unknown }) => [f.ref, f.token, f.colourIndex, f.pilot])).toEqual([
      [String(aOwn.id), null, 0, { name: a.user.username, username: null }],
      [bPublic.token, bPublic.token, 1, { name: 'Bea', username: b.user.username }],
      [cPublic.token, cPublic.token, 2, { name: c.user.username, username: null }],
    ]);
    const [fa, fb, fc] = body.flights;
    expect(fa.offset).toBe(0);
    expect(fb.offset).toBe((Date.parse(fb.startTime) - Date.parse(fa.startTime)) / 1000);
    expect(fc.offset).toBeGreaterThan(fb.offset);
    for (const f of body.flights) {
      const n = f.track.t.length;
      expect(n).toBeGreaterThan(10);
      expect(n).toBeLessThanOrEqual(1000);
      expect([f.track.lat.length, f.track.lon.length, f.track.alt.length]).toEqual([n, n, n]);
      expect(f.track.t[0]).toBe(0);
      expect(f.track.t.every((t: number, i: number) => i === 0 || t >= f.track.t[i - 1])).toBe(true);
    }
    expect(JSON.stringify(body)).not.toMatch(/email|fileName|originalFilename|userId/);
  });

  it('is shareable when every flight is public, and aligns flights of different days by takeoff', async () => {
    const shared = (await anon().get(`/api/compare?f=${bPublic.token},${cPublic.token}`)).json();
    expect(shared).toMatchObject({ alignment: 'clock', shareable: true });
    const days = (await anon().get(`/api/compare?f=${bPublic.token},${bOtherDay.token}`)).json();
    expect(days.alignment).toBe('takeoff');
    expect(days.flights.map((f: { offset: number }) => f.offset)).toEqual([0, 0]);
    // The pilot's own public flight by id carries its token, so the page can be shared.
    expect((await b.client.get(`/api/compare?f=${bPublic.id},${cPublic.token}`)).json()).toMatchObject({ shareable: true, flights: [{ token: bPublic.token }, { token: cPublic.token }] });
  });

  it("answers another pilot's private, link-only or removed flight exactly like an unknown one", async () => {
    const unknown = await a.client.get(`/api/compare?f=${bPublic.token},AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`);
    expect(unknown.statusCode).toBe(404);
    expect((await a.client.get(`/api/compare?f=${bPublic.token},${cLink.token}`)).body).toBe(unknown.body);
    // C's link-only flight opens for C, who owns it.
    expect((await c.client.get(`/api/compare?f=${cLink.token}`)).statusCode).toBe(200);
    // Another pilot's flight id is not in A's logbook; a visitor has no own flights.
    const notMine = await a.client.get(`/api/compare?f=${bPublic.id}`);
    expect(notMine.statusCode).toBe(404);
    expect((await a.client.get('/api/compare?f=99999999')).body).toBe(notMine.body);
    expect((await anon().get(`/api/compare?f=${aOwn.id}`)).statusCode).toBe(401);
    // Made private, then removed: both gone for everybody else at once.
    await b.client.request('PATCH', `/api/FlightDetail/${bPublic.id}`, { visibility: 'private' });
    expect((await anon().get(`/api/compare?f=${bPublic.token}`)).statusCode).toBe(404);
    await b.client.request('PATCH', `/api/FlightDetail/${bPublic.id}`, { visibility: 'public' });
    const token = (await b.client.get(`/api/FlightDetail/${bPublic.id}/share`)).json().share.token as string;
    expect((await anon().get(`/api/compare?f=${token}`)).statusCode).toBe(200);
    await b.client.request('PUT', `/api/FlightDetail/${bPublic.id}/removalreason`, { removalReason: 99 });
    const removed = await anon().get(`/api/compare?f=${token}`);
    expect(removed.statusCode).toBe(404);
    expect(removed.body).toBe((await anon().get('/api/compare?f=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).body);
  });

  it('refuses more than ten flights, none, or a malformed one with 400', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `tok${i}abcdefgh`).join(',');
    const res = await anon().get(`/api/compare?f=${eleven}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('at most 10');
    for (const q of ['', '?f=', '?f=,,', '?f=a<b>', '?f=12.5']) expect([q, (await anon().get(`/api/compare${q}`)).statusCode]).toEqual([q, 400]);
  });
});
