import { generateIgc, type Recording } from '../../scripts/synthetic-igc';
import { Client, describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { seedFlights } from './helpers/flights';
import { uploadAndWait, uploadFlight } from './helpers/upload';

type Pilot = Awaited<ReturnType<typeof signedInClient>>;

const flight = (start: string, longitude: number, seed: number): Recording => ({
  start,
  latitude: 46.6,
  longitude,
  altitude: 1500,
  seed,
  phases: [
    { kind: 'ground', seconds: 60 },
    { kind: 'glide', seconds: 240, heading: 90, speedKmh: 36, sinkMs: 1.0 },
    { kind: 'thermal', seconds: 300, climbMs: 2, direction: 'left' },
    { kind: 'glide', seconds: 240, heading: 0, speedKmh: 36, sinkMs: 1.1 },
    { kind: 'ground', seconds: 60 },
  ],
});
const igc = (rec: Recording) => ({ name: `${rec.seed}.igc`, data: Buffer.from(generateIgc(rec)) });

/**
 * Going private keeps the flight's address for when it is made public again, unless the pilot asks for
 * a new link (docs/sharing.md); "publish after I review" keeps new flights private in a review list
 * until the pilot publishes them (docs/community.md).
 */
describeEachDatabase('going private and publishing after review', (kind) => {
  let ctx: TestContext;
  let anna: Pilot;
  let ben: Pilot;
  const anon = () => new Client(ctx.app);
  const db = () => ctx.services.database.db;
  const tokenOf = async (pilot: Pilot, id: number) => (await pilot.client.get(`/api/FlightDetail/${id}/share`)).json().share?.token as string | undefined;
  const unknownBody = async () => (await anon().get('/api/public/flights/NoSuchTokenAtAllXXXXXXXXXXXXXXXX')).body;

  beforeAll(async () => {
    ctx = await startTestApp(kind, { PUBLIC_URL: 'https://logbook.example' });
    [anna, ben] = [await signedInClient(ctx), await signedInClient(ctx)];
    await db().updateTable('users').set({ displayName: 'Anna', publicPage: 1, acceptsFollowers: 1 }).where('id', '=', anna.user.id).execute();
    expect((await ben.client.put(`/api/pilots/${anna.user.username}/follow`)).statusCode).toBe(200);
  });
  afterAll(() => ctx.close());

  describe('going private', () => {
    let id: number;
    let token: string;
    beforeAll(async () => {
      [id] = await seedFlights(db(), anna.user.id, [{ startTime: '2024-06-01T10:00:00.000Z', takeoffLat: 46.6, takeoffLon: 7.7, takeoffLocation: 'Wimmis' }]);
      await anna.client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: 'public' });
      token = (await tokenOf(anna, id))!;
    });
    // The review tests below count Anna's public flights.
    afterAll(() => anna.client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: 'private' }));

    it('stops the link at once and brings the same address back when the flight is public again', async () => {
      expect((await anna.client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: 'private' })).json().visibility).toBe('private');
      const gone = await anon().get(`/api/public/flights/${token}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.body).toBe(await unknownBody());
      // The pilot's share dialog shows no link for a private flight.
      expect((await anna.client.get(`/api/FlightDetail/${id}/share`)).json()).toEqual({ share: null });

      await anna.client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: 'public' });
      expect(await tokenOf(anna, id)).toBe(token);
      expect((await anon().get(`/api/public/flights/${token}`)).json()).toMatchObject({ visibility: 'public', pilot: { name: 'Anna' } });
      // Sharing by link again (the share dialog) brings back the same address too.
      await anna.client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: 'private' });
      expect((await anna.client.post(`/api/FlightDetail/${id}/share`, {})).json().token).toBe(token);
    });

    it('keeps the tokens when many flights are made private at once', async () => {
      await anna.client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: 'public' });
      expect((await anna.client.put('/api/FlightDetail/visibility', { visibility: 'private', year: 2024 })).json().changed).toBeGreaterThan(0);
      expect((await anon().get(`/api/public/flights/${token}`)).statusCode).toBe(404);
      await anna.client.put('/api/FlightDetail/visibility', { visibility: 'public', year: 2024 });
      expect((await anon().get(`/api/public/flights/${token}`)).statusCode).toBe(200);
    });

    it('makes a new address when the pilot asks for a new link; the old one never opens again', async () => {
      const res = await anna.client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: 'private', newLink: true });
      expect(res.statusCode).toBe(200);
      await anna.client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: 'public' });
      const fresh = (await tokenOf(anna, id))!;
      expect(fresh).not.toBe(token);
      expect((await anon().get(`/api/public/flights/${token}`)).body).toBe(await unknownBody());
      expect((await anon().get(`/api/public/flights/${fresh}`)).statusCode).toBe(200);
      token = fresh;
    });

    it('refuses a new link without going private, and another pilot’s flight, changing nothing', async () => {
      const bad = await anna.client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: 'public', newLink: true });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain('newLink goes only with visibility private.');
      expect((await anna.client.request('PATCH', `/api/FlightDetail/${id}`, { newLink: true })).statusCode).toBe(400);
      const foreign = await ben.client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: 'private', newLink: true });
      expect(foreign.statusCode).toBe(404);
      expect(await tokenOf(anna, id)).toBe(token);
      expect((await anon().get(`/api/public/flights/${token}`)).statusCode).toBe(200);
    });
  });

  describe('publish after I review', () => {
    let waiting: number[];
    let benToken: string;
    beforeAll(async () => {
      const set = await anna.client.put('/api/profile/community', { defaultVisibility: 'review' });
      expect(set.json()).toEqual({ defaultVisibility: 'review', commentDigest: true, trackDownload: false });
      // Ben flies the same place and day in public: the place, its day and his nearby exist.
      const benFlight = await uploadFlight(ctx, ben.client, igc(flight('2024-07-20T10:00:00Z', 7.8, 11)), 'public');
      benToken = (await tokenOf(ben, benFlight.id))!;
      await uploadAndWait(ctx, anna.client, [igc(flight('2024-07-20T10:05:00Z', 7.8005, 12)), igc(flight('2024-07-21T10:05:00Z', 7.8005, 13)), igc(flight('2024-07-22T10:05:00Z', 7.8005, 14))]);
      waiting = ((await anna.client.get('/api/FlightDetail/review')).json().flights as { id: number }[]).map((f) => f.id);
    }, 240_000);

    it('lists the new analysed flights, newest first, private and without a link', async () => {
      const { flights } = (await anna.client.get('/api/FlightDetail/review')).json();
      expect(flights).toHaveLength(3);
      expect(flights.map((f: { startTime: string }) => f.startTime.slice(0, 10))).toEqual(['2024-07-22', '2024-07-21', '2024-07-20']);
      expect(flights[0]).toMatchObject({ status: 'Completed', flightTime: expect.any(Number), place: expect.any(String) });
      for (const id of waiting) {
        expect((await anna.client.get(`/api/FlightDetail/${id}`)).json().visibility).toBe('private');
        expect(await tokenOf(anna, id)).toBeUndefined();
      }
      // Not in anyone else's list.
      expect((await ben.client.get('/api/FlightDetail/review')).json()).toEqual({ flights: [] });
    });

    it('keeps a waiting flight out of every public answer', async () => {
      const place = (await anon().get(`/api/public/flights/${benToken}`)).json().place;
      const day = (await anon().get(`/api/places/${place.id}/days/2024-07-20`)).json();
      expect(day.flights.map((f: { token: string }) => f.token)).toEqual([benToken]);
      const nearby = (await anon().get(`/api/public/flights/${benToken}/nearby`)).json();
      expect(nearby.sameDay).toEqual([]);
      expect(nearby.flewWith).toEqual([]);
      expect((await anon().get(`/api/places/${place.id}`)).json()).toMatchObject({ pilotCount: 1, flightCount: 1 });
      expect((await anon().get(`/api/public/pilots/${anna.user.username}`)).json().flights).toEqual([]);
      expect((await ben.client.get('/api/feed')).json().flights).toEqual([]);
      const ranking = (await anon().get('/api/rankings?season=2024')).json();
      expect(JSON.stringify(ranking)).not.toContain('Anna');
      expect((await ben.client.get(`/api/compare?f=${waiting[0]}`)).statusCode).toBe(404);
      expect((await anon().get(`/api/public/flights/${benToken}/comments`)).statusCode).toBe(200);
    });

    it('publishes one flight with one click; it leaves the list and shows publicly', async () => {
      const res = await anna.client.post('/api/FlightDetail/review', { flightId: waiting[2], visibility: 'public' });
      expect(res.json()).toEqual({ changed: 1 });
      expect((await anna.client.get('/api/FlightDetail/review')).json().flights.map((f: { id: number }) => f.id)).toEqual(waiting.slice(0, 2));
      const token = (await tokenOf(anna, waiting[2]!))!;
      expect((await anon().get(`/api/public/flights/${token}`)).json().visibility).toBe('public');
      expect((await anon().get(`/api/public/flights/${benToken}/nearby`)).json().sameDay.map((f: { token: string }) => f.token)).toEqual([token]);
      expect((await ben.client.get('/api/feed')).json().flights.map((f: { token: string }) => f.token)).toEqual([token]);
    });

    it('refuses another pilot’s flight, a flight that does not wait and a bad decision, changing nothing', async () => {
      const foreign = await ben.client.post('/api/FlightDetail/review', { flightId: waiting[0], visibility: 'public' });
      expect(foreign.statusCode).toBe(404);
      expect((await anna.client.post('/api/FlightDetail/review', { flightId: waiting[2], visibility: 'public' })).statusCode).toBe(404);
      const bad = await anna.client.post('/api/FlightDetail/review', { visibility: 'link' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain('Visibility must be public or private.');
      expect((await anna.client.get('/api/FlightDetail/review')).json().flights).toHaveLength(2);
      expect((await anna.client.get(`/api/FlightDetail/${waiting[0]}`)).json().visibility).toBe('private');
    });

    it('keeps one private for good and publishes all the others at once', async () => {
      expect((await anna.client.post('/api/FlightDetail/review', { flightId: waiting[1], visibility: 'private' })).json()).toEqual({ changed: 1 });
      expect((await anna.client.post('/api/FlightDetail/review', { visibility: 'public' })).json()).toEqual({ changed: 1 });
      expect((await anna.client.get('/api/FlightDetail/review')).json().flights).toEqual([]);
      expect((await anna.client.get(`/api/FlightDetail/${waiting[1]}`)).json().visibility).toBe('private');
      expect((await anna.client.get(`/api/FlightDetail/${waiting[0]}`)).json().visibility).toBe('public');
      // The pilot page lists the two published flights now.
      expect((await anon().get(`/api/public/pilots/${anna.user.username}`)).json().flights).toHaveLength(2);
    });

    it('refuses an unknown default', async () => {
      const bad = await anna.client.put('/api/profile/community', { defaultVisibility: 'later' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain('Default visibility must be private, link, public or review.');
      expect((await anna.client.get('/api/profile/community')).json().defaultVisibility).toBe('review');
    });
  });
});
