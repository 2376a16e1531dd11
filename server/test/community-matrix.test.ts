import { Client, describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { seedFlights } from './helpers/flights';

type Pilot = Awaited<ReturnType<typeof signedInClient>>;
const STATES = ['private', 'link', 'public', 'removed', 'marked'] as const;
type State = (typeof STATES)[number];
const DAY = '2024-07-14';
const LAUNCH = { takeoffLat: 46.6801, takeoffLon: 7.6502, takeoffLocation: 'Wimmis', localDate: DAY };
const tokensOf = (list: { token: string }[]) => list.map((f) => f.token);
/** Each state's flight takes off in a zone of its own, so an answer that carries a flight's time zone names it. */
const ZONES: Record<State, string> = { private: 'America/Denver', link: 'Asia/Tokyo', public: 'Europe/Vienna', removed: 'Australia/Perth', marked: 'Africa/Nairobi' };
const SAILPLANE_ZONE = 'Europe/Berlin';

/**
 * Who sees what (docs/community.md): the owner, another pilot, a follower, a pilot the owner blocked
 * and an anonymous visitor against a flight in each state, on every public endpoint. Only a public
 * flight is listed or open to comments and likes; a link flight opens by its link only; everything
 * else is an unknown token. The blocked pilot reads what everyone reads but may not comment or like
 * (told so truthfully on a public flight; an unknown token elsewhere). The owner also flew a public
 * sailplane flight that day (docs/aircraft-category.md): it ranks among sailplanes only, never at the
 * paragliding place, and the public pilot page counts public flights only, whatever the aircraft.
 */
describeEachDatabase('community visibility matrix', (kind) => {
  let ctx: TestContext;
  let owner: Pilot;
  let follower: Pilot;
  let other: Pilot;
  let blocked: Pilot;
  let witness: Pilot;
  let witnessToken: string;
  let placeId: string;
  const flights = {} as Record<State, { id: number; token: string; startTime: string }>;
  let sailplane: { id: number; token: string };
  let unknownBody: string;

  beforeAll(async () => {
    ctx = await startTestApp(kind, { PUBLIC_URL: 'https://logbook.example' }, { workers: false });
    const db = ctx.services.database.db;
    [owner, follower, other, blocked, witness] = [await signedInClient(ctx), await signedInClient(ctx), await signedInClient(ctx), await signedInClient(ctx), await signedInClient(ctx)];
    await db.updateTable('users').set({ displayName: 'Anna Owner', publicPage: 1, acceptsFollowers: 1 }).where('id', '=', owner.user.id).execute();
    expect((await follower.client.put(`/api/pilots/${owner.user.username}/follow`)).json()).toMatchObject({ following: true, followers: 1 });
    // The blocked pilot followed the owner too; the block ends it.
    expect((await blocked.client.put(`/api/pilots/${owner.user.username}/follow`)).json()).toMatchObject({ following: true, followers: 2 });
    expect((await owner.client.put(`/api/pilots/${blocked.user.username}/block`)).json()).toEqual({ blocked: true });

    const [w] = await seedFlights(db, witness.user.id, [{ startTime: `${DAY}T09:00:00.000Z`, ...LAUNCH, takeoffLat: 46.681 }]);
    await witness.client.request('PATCH', `/api/FlightDetail/${w}`, { visibility: 'public' });
    witnessToken = (await witness.client.get(`/api/FlightDetail/${w}/share`)).json().share.token;
    placeId = (await new Client(ctx.app).get(`/api/public/flights/${witnessToken}`)).json().place.id;

    const ids = await seedFlights(db, owner.user.id, STATES.map((state, i) => ({ startTime: `${DAY}T1${i}:00:00.000Z`, ...LAUNCH, xcPoints: 10 + i, flightTime: 600 * (i + 1), timeZone: ZONES[state] })));
    for (const [i, state] of STATES.entries()) {
      const id = ids[i]!;
      await owner.client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: 'public' });
      const token = (await owner.client.get(`/api/FlightDetail/${id}/share`)).json().share.token as string;
      if (state === 'private' || state === 'link') await owner.client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: state });
      if (state === 'removed') await owner.client.put(`/api/FlightDetail/${id}/removaldate`, { removalDate: '2024-07-15T00:00:00Z' });
      if (state === 'marked') await owner.client.put(`/api/FlightDetail/${id}/removalreason`, { removalReason: 2 });
      flights[state] = { id, token, startTime: `${DAY}T1${i}:00:00.000Z` };
    }
    // The sailplane: later that day from the same launch, public, the most points of all.
    const [sid] = await seedFlights(db, owner.user.id, [{ startTime: `${DAY}T16:00:00.000Z`, ...LAUNCH, xcPoints: 100, flightTime: 7200, timeZone: SAILPLANE_ZONE, detectedCategory: 'sailplane' }]);
    expect((await owner.client.put(`/api/FlightDetail/${sid}/category`, { category: 'sailplane' })).json()).toMatchObject({ category: 'sailplane' });
    await owner.client.request('PATCH', `/api/FlightDetail/${sid}`, { visibility: 'public' });
    sailplane = { id: sid!, token: (await owner.client.get(`/api/FlightDetail/${sid}/share`)).json().share.token };
    unknownBody = (await new Client(ctx.app).get('/api/public/flights/NoSuchTokenAtAllXXXXXXXXXXXXXXXX')).body;
  });
  afterAll(() => ctx.close());

  const flightTimeOf = (state: State) => 600 * (STATES.indexOf(state) + 1);
  const viewers = () => ({ owner: owner.client, other: other.client, follower: follower.client, blocked: blocked.client, anonymous: new Client(ctx.app) });

  describe.each(STATES)('a %s flight', (state) => {
    const listed = state === 'public';
    const opens = state === 'public' || state === 'link';

    it.each(['owner', 'other', 'follower', 'blocked', 'anonymous'] as const)('as seen by the %s', async (who) => {
      const client = viewers()[who];
      const { token, id } = flights[state];
      const gone = (res: { statusCode: number; body: string }) => {
        expect(res.statusCode).toBe(404);
        expect(res.body).toBe(unknownBody);
      };

      // The flight's page by its link
      const page = await client.get(`/api/public/flights/${token}`);
      if (opens) expect(page.json()).toMatchObject({ visibility: state, place: listed ? { id: placeId, name: 'Wimmis' } : null });
      else gone(page);

      // Its place: the day and the season's best (a paragliding place: the sailplane is never there)
      const day = (await client.get(`/api/places/${placeId}/days/${DAY}`)).json();
      expect(tokensOf(day.flights).includes(token)).toBe(listed);
      expect(tokensOf(day.flights)).not.toContain(sailplane.token);
      expect(tokensOf((await client.get(`/api/places/${placeId}`)).json().best).includes(token)).toBe(listed);

      // Who flew here today: its own panel, and in another flight's
      const nearby = await client.get(`/api/public/flights/${token}/nearby`);
      if (listed) expect(tokensOf(nearby.json().sameDay)).toContain(witnessToken);
      else gone(nearby);
      const witnessDay = tokensOf((await client.get(`/api/public/flights/${witnessToken}/nearby`)).json().sameDay);
      expect(witnessDay.includes(token)).toBe(listed);
      expect(witnessDay).not.toContain(sailplane.token);

      // The pilot page: its flights, totals and years count public flights only (the sailplane is public too),
      // and name no time or zone of a flight that is not public.
      const pilotPage = (await client.get(`/api/public/pilots/${owner.user.username}`)).json();
      expect(tokensOf(pilotPage.flights).includes(token)).toBe(listed);
      expect(pilotPage.totals).toMatchObject({ totalFlights: 2, totalHours: flightTimeOf('public') + 7200, firstFlight: flights.public.startTime, firstFlightTimeZone: ZONES.public, lastFlightTimeZone: SAILPLANE_ZONE });
      expect(pilotPage.years).toEqual([expect.objectContaining({ year: 2024, totalFlights: 2 })]);
      expect(JSON.stringify(pilotPage).includes(ZONES[state])).toBe(listed);
      expect(JSON.stringify(pilotPage).includes(flights[state].startTime)).toBe(listed);

      // The season rankings, per aircraft category: the paragliding one (the default) counts this flight
      // when it is public; the sailplane counts among sailplanes only.
      const ranked = async (query: string) => ((await client.get(`/api/rankings?season=2024${query}`)).json() as { flights: { token: string }[] }[]).flatMap((row) => tokensOf(row.flights));
      const paragliding = await ranked('');
      const gliding = await ranked('&category=sailplane');
      expect(paragliding.includes(token)).toBe(listed);
      expect(paragliding).toEqual(await ranked('&category=paraglider'));
      expect(paragliding).not.toContain(sailplane.token);
      expect(gliding).toEqual([sailplane.token]);
      expect(tokensOf((await client.get(`/api/rankings?season=2024&place=${placeId}`)).json().flatMap((row: { flights: { token: string }[] }) => row.flights)).includes(token)).toBe(listed);
      expect(tokensOf(pilotPage.flights)).toContain(sailplane.token);

      // Comments and likes
      const comments = await client.get(`/api/public/flights/${token}/comments`);
      const likes = await client.get(`/api/public/flights/${token}/likes`);
      if (listed) {
        expect(comments.statusCode).toBe(200);
        expect(likes.statusCode).toBe(200);
        expect([comments.json().blockedByPilot, likes.json().blockedByPilot]).toEqual([who === 'blocked', who === 'blocked']);
      } else {
        gone(comments);
        gone(likes);
      }
      const commented = await client.post(`/api/public/flights/${token}/comments`, { body: `from ${who}` });
      const liked = await client.put(`/api/public/flights/${token}/like`);
      if (who === 'anonymous') {
        expect([commented.statusCode, liked.statusCode]).toEqual([401, 401]);
      } else if (listed && who === 'blocked') {
        expect([commented.statusCode, commented.json().message, liked.statusCode]).toEqual([403, "You can't comment on this pilot's flights.", 403]);
      } else if (listed) {
        expect([commented.statusCode, liked.statusCode]).toEqual([201, 200]);
      } else {
        gone(commented);
        gone(liked);
      }

      // The feed (of every signed-in viewer; only the follower follows the owner)
      if (who !== 'anonymous') {
        const feed = (await client.get('/api/feed')).json();
        expect(tokensOf(feed.flights).includes(token)).toBe(listed && who === 'follower');
      }

      // The owner's own view: everything but a removed flight
      if (who === 'owner') {
        expect((await client.get(`/api/FlightDetail/${id}`)).statusCode).toBe(state === 'removed' ? 404 : 200);
        expect((await client.get(`/api/FlightDetail/${id}/nearby`)).statusCode).toBe(state === 'removed' ? 404 : 200);
      } else if (who !== 'anonymous') {
        expect((await client.get(`/api/FlightDetail/${id}`)).statusCode).toBe(404);
        expect((await client.get(`/api/FlightDetail/${id}/nearby`)).statusCode).toBe(404);
      }
    });
  });

  it('no answer carries an email, an internal id or a file name', async () => {
    const anon = new Client(ctx.app);
    const { token } = flights.public;
    const bodies = await Promise.all(
      [`/api/public/flights/${token}`, `/api/public/flights/${token}/nearby`, `/api/public/flights/${token}/comments`, `/api/public/flights/${token}/likes`, `/api/places/${placeId}`, `/api/places/${placeId}/days/${DAY}`, `/api/public/pilots/${owner.user.username}`].map(
        async (url) => (await anon.get(url)).body,
      ),
    );
    bodies.push((await follower.client.get('/api/feed')).body);
    for (const body of bodies) {
      for (const secret of [owner.user.email, follower.user.email, other.user.email, '"userId"', '"flightId"', '"authorId"', '.igc', '"id":' + flights.public.id + ',']) expect(body).not.toContain(secret);
    }
  });
});

describeEachDatabase('switching a flight to private', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind, { PUBLIC_URL: 'https://logbook.example' }, { workers: false });
  });
  afterAll(() => ctx.close());

  it('hides it everywhere at once, and its place with it when no other public flight is there', async () => {
    const db = ctx.services.database.db;
    const [a, b, c] = [await signedInClient(ctx), await signedInClient(ctx), await signedInClient(ctx)];
    await db.updateTable('users').set({ publicPage: 1, acceptsFollowers: 1 }).where('id', 'in', [a.user.id, c.user.id]).execute();
    await b.client.put(`/api/pilots/${a.user.username}/follow`);
    const [id] = await seedFlights(db, a.user.id, [{ startTime: `${DAY}T10:00:00.000Z`, ...LAUNCH, takeoffLat: 45.9, takeoffLon: 6.9, takeoffLocation: 'Planfait' }]);
    await a.client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: 'public' });
    const token = (await a.client.get(`/api/FlightDetail/${id}/share`)).json().share.token;
    const [cId] = await seedFlights(db, c.user.id, [{ startTime: `${DAY}T11:00:00.000Z`, ...LAUNCH, takeoffLat: 45.9005, takeoffLon: 6.9, takeoffLocation: 'Planfait' }]);

    const anon = new Client(ctx.app);
    const place = (await anon.get(`/api/public/flights/${token}`)).json().place.id;
    const comment = (await b.client.post(`/api/public/flights/${token}/comments`, { body: 'Nice climb!' })).json();
    await b.client.put(`/api/public/flights/${token}/like`);
    // Read everything once, so any cache would hold it.
    const urls = [`/api/public/flights/${token}`, `/api/public/flights/${token}/nearby`, `/api/public/flights/${token}/comments`, `/api/public/flights/${token}/likes`, `/api/places/${place}`, `/api/places/${place}/days/${DAY}`];
    for (const url of urls) expect((await b.client.get(url)).statusCode).toBe(200);
    expect(tokensOf((await b.client.get('/api/feed')).json().flights)).toEqual([token]);
    expect(tokensOf((await anon.get(`/api/public/pilots/${a.user.username}`)).json().flights)).toEqual([token]);
    expect((await a.client.get('/api/FlightDetail')).json()[0].visibility).toBe('public');

    expect((await a.client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: 'private' })).json().visibility).toBe('private');

    for (const client of [b.client, anon]) for (const url of urls) expect((await client.get(url)).statusCode).toBe(404);
    expect((await b.client.get('/api/feed')).json().flights).toEqual([]);
    expect((await anon.get(`/api/public/pilots/${a.user.username}`)).json().flights).toEqual([]);
    expect((await a.client.get('/api/FlightDetail')).json()[0].visibility).toBe('private');
    expect((await b.client.put(`/api/comments/${comment.id}`, { body: 'edited' })).statusCode).toBe(404);
    expect((await b.client.post(`/api/comments/${comment.id}/report`, { reason: 'spam' })).statusCode).toBe(404);

    // Another pilot's public flight there makes the place public again, without the private one.
    await c.client.request('PATCH', `/api/FlightDetail/${cId}`, { visibility: 'public' });
    const placed = (await anon.get(`/api/places/${place}`)).json();
    expect(placed).toMatchObject({ id: place, name: 'Planfait', pilotCount: 1, flightCount: 1 });
    expect(tokensOf((await anon.get(`/api/places/${place}/days/${DAY}`)).json().flights)).not.toContain(token);
  });
});
