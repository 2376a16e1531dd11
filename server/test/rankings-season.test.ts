import { Client, describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import * as rankingsRepo from '../src/rankings/repository';
import { seedFlights } from './helpers/flights';

type Pilot = Awaited<ReturnType<typeof signedInClient>>;
type State = 'public' | 'private' | 'link' | 'removed' | 'marked';
interface Seeded {
  id: number;
  pilot: Pilot;
  points: number | null;
  year: number;
  league: string | null;
  gliderClass: string | null;
  launch: 'north' | 'south';
  state: State;
  token?: string;
}
interface Row {
  rank: number;
  pilot: { displayName: string; username: string | null };
  points: number;
  flights: { token: string; points: number; date: string }[];
}

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const LAUNCHES = { north: { takeoffLat: 47.1, takeoffLon: 9.3, takeoffLocation: 'Amden' }, south: { takeoffLat: 46.2, takeoffLon: 7.1, takeoffLocation: 'Verbier' } };
const hundredths = (v: number) => Math.round(v * 100);

/**
 * The ranking an organiser would make by hand from the flights: public ones of the season and league
 * (unscored flights carry the instance's league), each pilot's six best add up, ties by the best single flight.
 */
function expectedRanking(flights: Seeded[], f: { season: number; league: string; launch?: 'north' | 'south'; gliderClass?: string; pilots?: Pilot[] }) {
  const counted = flights.filter(
    (x) =>
      x.state === 'public' &&
      x.year === f.season &&
      (x.points ?? 0) > 0 &&
      (x.league ?? 'XContest') === f.league &&
      (f.launch === undefined || x.launch === f.launch) &&
      (f.gliderClass === undefined || x.gliderClass === f.gliderClass) &&
      (f.pilots === undefined || f.pilots.includes(x.pilot)),
  );
  const byPilot = new Map<Pilot, Seeded[]>();
  for (const x of counted) byPilot.set(x.pilot, [...(byPilot.get(x.pilot) ?? []), x]);
  const rows = [...byPilot.entries()].map(([pilot, list]) => {
    const best = [...list].sort((a, b) => b.points! - a.points!).slice(0, 6);
    return { pilot, best, sum: hundredths(best.reduce((s, x) => s + x.points!, 0)), top: hundredths(best[0]!.points!) };
  });
  rows.sort((a, b) => b.sum - a.sum || b.top - a.top);
  return rows.map((r) => ({ username: r.pilot.user.username, points: r.sum / 100, top: r.top, flightPoints: r.best.map((x) => x.points) }));
}

describeEachDatabase('season rankings', (kind) => {
  let ctx: TestContext;
  const db = () => ctx.services.database.db;
  const anon = () => new Client(ctx.app);
  let pilots: Pilot[] = [];
  const flights: Seeded[] = [];
  let northPlace: string;

  beforeAll(async () => {
    ctx = await startTestApp(kind, {}, { workers: false });
    const next = random(kind === 'sqlite' ? 24 : 42);
    for (let i = 0; i < 7; i++) pilots.push(await signedInClient(ctx));
    // Every pilot's page is public here, so rows can be matched by username; the privacy test checks the other case.
    await db().updateTable('users').set({ publicPage: 1 }).where('id', 'in', pilots.map((p) => p.user.id)).execute();
    for (const pilot of pilots) {
      const wings = [];
      for (const gliderClass of ['EN B', 'EN D']) {
        wings.push(
          await db()
            .insertInto('gliders')
            .values({ userId: pilot.user.id, manufacturer: 'Ozone', model: gliderClass, size: 'M', gliderClass, inUseFrom: null, inUseUntil: null, notes: null, lastCheck: null, checkIntervalMonths: null, checkIntervalHours: null, createdAt: '2024-01-01T00:00:00Z' })
            .returning(['id', 'gliderClass'])
            .executeTakeFirstOrThrow(),
        );
      }
      const count = 4 + Math.floor(next() * 9);
      const seeds = [];
      for (let j = 0; j < count; j++) {
        const year = next() < 0.8 ? 2024 : 2023;
        const day = String(1 + Math.floor(next() * 28)).padStart(2, '0');
        const wing = next() < 0.15 ? null : wings[next() < 0.5 ? 0 : 1]!;
        const launch = next() < 0.6 ? 'north' : 'south';
        const r = next();
        const state: State = r < 0.6 ? 'public' : r < 0.7 ? 'private' : r < 0.8 ? 'link' : r < 0.9 ? 'removed' : 'marked';
        const points = next() < 0.1 ? null : Math.round(next() * 15000) / 100;
        const league = next() < 0.15 ? 'FFVL' : next() < 0.5 ? 'XContest' : null;
        seeds.push({ year, launch, state, points, league, gliderClass: wing?.gliderClass ?? null, seed: { startTime: `${year}-06-${day}T10:${String(j).padStart(2, '0')}:00.000Z`, ...LAUNCHES[launch], xcPoints: points, scoringRules: league, gliderId: wing?.id ?? null } });
      }
      const ids = await seedFlights(db(), pilot.user.id, seeds.map((s) => s.seed));
      for (const [j, s] of seeds.entries()) flights.push({ id: ids[j]!, pilot, points: s.points, year: s.year, league: s.league, gliderClass: s.gliderClass, launch: s.launch as 'north' | 'south', state: s.state });
    }
    // A tie on points broken by the best single flight, and a full tie (same rank).
    const [t1, t2, t3, t4] = [await signedInClient(ctx), await signedInClient(ctx), await signedInClient(ctx), await signedInClient(ctx)];
    await db().updateTable('users').set({ publicPage: 1 }).where('id', 'in', [t1, t2, t3, t4].map((p) => p.user.id)).execute();
    for (const [pilot, points] of [
      [t1, [40, 30, 30]],
      [t2, [50, 25, 25]],
      [t3, [45, 30, 25]],
      [t4, [45, 25, 30]],
    ] as const) {
      const ids = await seedFlights(db(), pilot.user.id, points.map((p, j) => ({ startTime: `2024-07-0${j + 1}T10:00:00.000Z`, ...LAUNCHES.south, xcPoints: p })));
      ids.forEach((id, j) => flights.push({ id, pilot, points: points[j]!, year: 2024, league: null, gliderClass: null, launch: 'south', state: 'public' }));
    }
    pilots = [...pilots, t1, t2, t3, t4];

    // Visibility through the API, as pilots set it; removal and review marks directly (they are the admin's and the analysis' business).
    for (const f of flights) {
      if (f.state !== 'private') await f.pilot.client.request('PATCH', `/api/FlightDetail/${f.id}`, { visibility: f.state === 'link' ? 'link' : 'public' });
      if (f.state === 'removed') await db().updateTable('flights').set({ removalReason: 1, removalDate: '2024-12-01T00:00:00Z' }).where('id', '=', f.id).execute();
      if (f.state === 'marked') await db().updateTable('flights').set({ removalReason: 2 }).where('id', '=', f.id).execute();
    }
    const shares = await db().selectFrom('flightShares').select(['flightId', 'token']).execute();
    for (const s of shares) {
      const f = flights.find((x) => x.id === s.flightId);
      if (f) f.token = s.token;
    }
    const someNorth = flights.find((f) => f.state === 'public' && f.launch === 'north')!;
    northPlace = (await anon().get(`/api/public/flights/${someNorth.token}`)).json().place.id;
  });
  afterAll(() => ctx.close());

  const get = async (query: string, client: Client = anon()) => {
    const res = await client.get(`/api/rankings?${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as Row[];
  };
  /** The answer against the hand-made ranking: order, rank, points and the very flights that count. */
  function expectSame(answer: Row[], expected: ReturnType<typeof expectedRanking>) {
    expect(answer.map((r) => r.pilot.username)).toEqual(expected.map((e) => e.username));
    expected.forEach((e, i) => {
      const row = answer[i]!;
      expect(row.points).toBeCloseTo(e.points, 2);
      expect(row.flights.map((f) => f.points)).toEqual(e.flightPoints);
      const previous = expected[i - 1];
      const tied = previous && hundredths(previous.points) === hundredths(e.points) && previous.top === e.top;
      expect(row.rank).toBe(tied ? answer[i - 1]!.rank : i + 1);
      for (const f of row.flights) {
        const flight = flights.find((x) => x.token === f.token)!;
        expect(flight).toMatchObject({ state: 'public', year: Number(f.date.slice(0, 4)) });
        expect(flight.pilot.user.username).toBe(e.username);
      }
    });
  }

  it('adds up each pilot’s six best public flights of the season and league, ties by the best single flight', async () => {
    // The generated logbooks leave something to rank in each season and league, and private flights to leave out.
    expect(expectedRanking(flights, { season: 2024, league: 'XContest' }).length).toBeGreaterThan(5);
    expect(expectedRanking(flights, { season: 2024, league: 'FFVL' }).length).toBeGreaterThan(1);
    expect(flights.filter((f) => f.state !== 'public' && f.year === 2024).length).toBeGreaterThan(5);
    for (const season of [2024, 2023]) {
      for (const league of ['XContest', 'FFVL']) expectSame(await get(`season=${season}&league=${league}`), expectedRanking(flights, { season, league }));
    }
    const ranking = await get('season=2024&league=XContest');
    const [t1, t2, t3, t4] = pilots.slice(-4).map((p) => ranking.find((r) => r.pilot.username === p.user.username)!);
    // 100 points each: the best single flight decides; 45 and 45 share the rank.
    expect(t2!.rank).toBeLessThan(t3!.rank);
    expect(t3!.rank).toBe(t4!.rank);
    expect(t4!.rank).toBeLessThan(t1!.rank);
  });

  it('filters by place, glider class and club', async () => {
    const season = 2024;
    const league = 'XContest';
    expectSame(await get(`season=${season}&place=${northPlace}`), expectedRanking(flights, { season, league, launch: 'north' }));
    for (const gliderClass of ['EN B', 'EN D']) expectSame(await get(`season=${season}&gliderClass=${encodeURIComponent(gliderClass)}`), expectedRanking(flights, { season, league, gliderClass }));
    expect(await get(`season=${season}&gliderClass=Tandem`)).toEqual([]);

    const [founder, member] = [pilots[0]!, pilots[3]!];
    const { slug } = (await founder.client.post('/api/clubs', { name: 'Ranking Club' })).json();
    const { token } = (await founder.client.post(`/api/clubs/${slug}/invite`)).json();
    expect((await member.client.post('/api/clubs/join', { token })).statusCode).toBe(200);
    expectSame(await get(`season=${season}&club=${slug}`), expectedRanking(flights, { season, league, pilots: [founder, member] }));
    expectSame(await get(`season=${season}&club=${slug}&place=${northPlace}&gliderClass=EN%20B`), expectedRanking(flights, { season, league, pilots: [founder, member], launch: 'north', gliderClass: 'EN B' }));
  });

  it('defaults to the signed-in pilot’s league, then the instance’s', async () => {
    const ffvlPilot = pilots[1]!;
    await db().updateTable('users').set({ scoringRules: 'FFVL' }).where('id', '=', ffvlPilot.user.id).execute();
    expectSame(await get('season=2024', ffvlPilot.client), expectedRanking(flights, { season: 2024, league: 'FFVL' }));
    expectSame(await get('season=2024'), expectedRanking(flights, { season: 2024, league: 'XContest' }));
  });

  it('follows the flights at once: made private, made public, re-scored, removed', async () => {
    const season = 2024;
    const league = 'XContest';
    const publicOne = flights.find((f) => f.state === 'public' && f.year === season && (f.league ?? 'XContest') === league && (f.points ?? 0) > 0)!;
    await publicOne.pilot.client.request('PATCH', `/api/FlightDetail/${publicOne.id}`, { visibility: 'private' });
    publicOne.state = 'private';
    expectSame(await get(`season=${season}`), expectedRanking(flights, { season, league }));
    const ranking = await get(`season=${season}`);
    expect(ranking.flatMap((r) => r.flights).map((f) => f.token)).not.toContain(publicOne.token);

    // A private flight with more points than anything: counted only once public.
    const [star] = [pilots[5]!];
    const [id] = await seedFlights(db(), star.user.id, [{ startTime: '2024-08-01T10:00:00.000Z', ...LAUNCHES.north, xcPoints: 999 }]);
    const starFlight: Seeded = { id: id!, pilot: star, points: 999, year: 2024, league: null, gliderClass: null, launch: 'north', state: 'private' };
    flights.push(starFlight);
    expect((await get(`season=${season}`))[0]!.flights.map((f) => f.points)).not.toContain(999);
    await star.client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: 'public' });
    starFlight.state = 'public';
    starFlight.token = (await star.client.get(`/api/FlightDetail/${id}/share`)).json().share.token;
    expectSame(await get(`season=${season}`), expectedRanking(flights, { season, league }));
    expect((await get(`season=${season}`))[0]!.pilot.username).toBe(star.user.username);

    // Re-scored (as the re-scoring job stores a new score): the ranking follows.
    await db().updateTable('flights').set({ xcPoints: 1.5 }).where('id', '=', id!).execute();
    await ctx.services.flightsChanged(star.user.id);
    starFlight.points = 1.5;
    expectSame(await get(`season=${season}`), expectedRanking(flights, { season, league }));

    // Removed by the pilot: gone.
    await star.client.put(`/api/FlightDetail/${id}/removaldate`, { removalDate: '2024-08-02T00:00:00Z' });
    await db().updateTable('flights').set({ removalReason: 1 }).where('id', '=', id!).where('removalReason', 'is', null).execute();
    starFlight.state = 'removed';
    expectSame(await get(`season=${season}`), expectedRanking(flights, { season, league }));
  });

  it('after a score or visibility change, computes again only that pilot, and every cached filter follows', async () => {
    const season = 2024;
    const league = 'XContest';
    const inLeague = (f: Seeded) => f.year === season && (f.league ?? 'XContest') === league;
    const cases = [
      { query: `season=${season}`, expected: () => expectedRanking(flights, { season, league }) },
      { query: `season=${season}&place=${northPlace}`, expected: () => expectedRanking(flights, { season, league, launch: 'north' }) },
      { query: `season=${season}&gliderClass=EN%20B`, expected: () => expectedRanking(flights, { season, league, gliderClass: 'EN B' }) },
    ];
    const check = async () => {
      for (const c of cases) expectSame(await get(c.query), c.expected());
    };
    await check(); // every filter is computed and kept
    const spy = jest.spyOn(rankingsRepo, 'seasonBestFlights');
    try {
      // Re-scored: a public flight from the north launch on an EN B wing jumps to the top of all three rankings.
      const rescored = flights.find((f) => f.state === 'public' && inLeague(f) && f.launch === 'north' && f.gliderClass === 'EN B')!;
      expect(rescored).toBeDefined();
      await db().updateTable('flights').set({ xcPoints: 500 }).where('id', '=', rescored.id).execute();
      await ctx.services.flightsChanged(rescored.pilot.user.id);
      rescored.points = 500;
      await check();
      expect((await get(`season=${season}&gliderClass=EN%20B`))[0]!.pilot.username).toBe(rescored.pilot.user.username);
      expect(spy).toHaveBeenCalledTimes(cases.length);
      for (const call of spy.mock.calls) expect(call[2]).toEqual([rescored.pilot.user.id]);
      spy.mockClear();

      // Made public through the API by another pilot: counted at once, and only that pilot computed again.
      const hidden = flights.find((f) => f.state === 'private' && inLeague(f) && (f.points ?? 0) > 0 && f.pilot !== rescored.pilot)!;
      expect(hidden).toBeDefined();
      await hidden.pilot.client.request('PATCH', `/api/FlightDetail/${hidden.id}`, { visibility: 'public' });
      hidden.state = 'public';
      hidden.token = (await hidden.pilot.client.get(`/api/FlightDetail/${hidden.id}/share`)).json().share.token;
      await check();
      expect(spy.mock.calls.length).toBeGreaterThan(0);
      for (const call of spy.mock.calls) expect(call[2]).toEqual([hidden.pilot.user.id]);
    } finally {
      spy.mockRestore();
    }
  });

  it('puts a flight made public into its place before the place ranking is answered', async () => {
    const season = 2024;
    const league = 'XContest';
    const pilot = pilots[4]!;
    const [id] = await seedFlights(db(), pilot.user.id, [{ startTime: '2024-09-01T10:00:00.000Z', ...LAUNCHES.north, xcPoints: 777 }]);
    const fresh: Seeded = { id: id!, pilot, points: 777, year: season, league: null, gliderClass: null, launch: 'north', state: 'private' };
    flights.push(fresh);
    expectSame(await get(`season=${season}&place=${northPlace}`), expectedRanking(flights, { season, league, launch: 'north' }));
    // In no place while private; making it public places it at once (derived data on write, docs/architecture.md).
    expect(await db().selectFrom('flightPlaces').select('flightId').where('flightId', '=', id!).executeTakeFirst()).toBeUndefined();
    await pilot.client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: 'public' });
    fresh.state = 'public';
    fresh.token = (await pilot.client.get(`/api/FlightDetail/${id}/share`)).json().share.token;
    expect(await db().selectFrom('flightPlaces').select('flightId').where('flightId', '=', id!).executeTakeFirst()).toEqual({ flightId: id });
    const answer = await get(`season=${season}&place=${northPlace}`);
    expect(answer[0]!.flights[0]).toMatchObject({ token: fresh.token, points: 777 });
    expectSame(answer, expectedRanking(flights, { season, league, launch: 'north' }));
  });

  it('shows names, never emails or row ids, and the username only for a published page', async () => {
    const shy = pilots[2]!;
    await db().updateTable('users').set({ publicPage: 0, displayName: 'Shy Pilot' }).where('id', '=', shy.user.id).execute();
    const res = await anon().get('/api/rankings?season=2024');
    expect(res.headers['cache-control']).toBe('no-store');
    const ranking = res.json() as Row[];
    const row = ranking.find((r) => r.pilot.displayName === 'Shy Pilot');
    if (expectedRanking(flights, { season: 2024, league: 'XContest' }).some((e) => e.username === shy.user.username)) expect(row?.pilot).toEqual({ displayName: 'Shy Pilot', username: null });
    expect(res.body).not.toContain(shy.user.username);
    for (const p of pilots) expect(res.body).not.toContain(p.user.email);
    expect(res.body).not.toMatch(/"(id|userId|flightId)"/);
    for (const r of ranking) expect(Object.keys(r).sort()).toEqual(['flights', 'pilot', 'points', 'rank']);
    await db().updateTable('users').set({ publicPage: 1, displayName: null }).where('id', '=', shy.user.id).execute();
  });

  it('refuses bad filters with 400, and answers an unknown place or club with 404', async () => {
    for (const q of ['season=abc', 'season=1800', 'league=Nope', 'gliderClass=EN%20E', 'club=Not%20A%20Slug']) {
      const res = await anon().get(`/api/rankings?${q}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const place = await anon().get('/api/rankings?place=AAAAAAAAAAAAAAAA');
    expect(place.statusCode).toBe(404);
    expect(place.body).toBe((await anon().get('/api/places/AAAAAAAAAAAAAAAA')).body);
    expect((await anon().get('/api/rankings?club=no-such-club')).json()).toEqual({ message: 'This club does not exist.' });
    expect(await get('season=1990')).toEqual([]);
  });
});
