import type { FlightPhases } from '../../contract/phases';
import { generateIgc, type Recording } from '../../scripts/synthetic-igc';
import { Client, describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { uploadFlight } from './helpers/upload';

type Pilot = Awaited<ReturnType<typeof signedInClient>>;

const BOX = '7.5,46.4,8.3,46.9';
const SIZE = 0.01; // the cell size of a box 0.8 degrees wide (contract/thermals.ts)

/** A day from (lat, lon): a glide, then thermals of the given climbs with glides between, then landing. */
const day = (start: string, latitude: number, longitude: number, climbs: number[], seed: number): Recording => ({
  start,
  latitude,
  longitude,
  altitude: 1500,
  seed,
  phases: [
    { kind: 'ground', seconds: 120 },
    { kind: 'glide', seconds: 240, heading: 90, speedKmh: 36, sinkMs: 1.0 },
    ...climbs.flatMap((climbMs, i) => [
      { kind: 'thermal' as const, seconds: 420, climbMs, direction: i % 2 ? ('right' as const) : ('left' as const) },
      { kind: 'glide' as const, seconds: 300, heading: 45, speedKmh: 38, sinkMs: 1.1 },
    ]),
    { kind: 'glide', seconds: 600, heading: 180, speedKmh: 36, sinkMs: 1.2 },
    { kind: 'ground', seconds: 120 },
  ],
});

const localHourMonth = (iso: string, timeZone: string) => {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, month: 'numeric', hour: 'numeric', hourCycle: 'h23' }).formatToParts(new Date(iso));
  return { hour: Number(parts.find((p) => p.type === 'hour')!.value) % 24, month: Number(parts.find((p) => p.type === 'month')!.value) };
};

describeEachDatabase('thermal maps', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
  });
  afterAll(() => ctx.close());
  const anon = () => new Client(ctx.app);
  const db = () => ctx.services.database.db;

  /** Uploads one day; answers the flight's id, its phases, takeoff and time zone as stored. */
  async function upload(pilot: Pilot, rec: Recording, visibility: 'public' | 'private') {
    const f = await uploadFlight(ctx, pilot.client, { name: `${rec.start.slice(0, 10)}-${rec.seed}.igc`, data: Buffer.from(generateIgc(rec)) }, visibility);
    expect(f.status).toBe('Completed');
    const phases = (await pilot.client.get(`/api/FlightDetail/${f.id}/phases`)).json() as FlightPhases;
    const row = await db().selectFrom('flights').select(['takeoffLat', 'takeoffLon', 'timeZone', 'startTime']).where('id', '=', f.id).executeTakeFirstOrThrow();
    return { id: f.id, phases, ...row };
  }
  type Uploaded = Awaited<ReturnType<typeof upload>>;

  /** The expected map, aggregated plainly from the flights' own phases (not from the server's spots). */
  function plainCells(flights: Uploaded[], filter: { months?: number[]; hours?: number[] } = {}) {
    const cells = new Map<string, { cy: number; cx: number; climbs: number[]; hours: Map<number, number[]>; failed: number }>();
    const cell = (lat: number, lon: number) => {
      const cy = Math.floor(lat / SIZE), cx = Math.floor(lon / SIZE);
      const key = `${cy}:${cx}`;
      if (!cells.has(key)) cells.set(key, { cy, cx, climbs: [], hours: new Map(), failed: 0 });
      return cells.get(key)!;
    };
    const keep = (t: { hour: number; month: number }) => (!filter.months || filter.months.includes(t.month)) && (!filter.hours || filter.hours.includes(t.hour));
    for (const f of flights) {
      for (const t of f.phases.thermals) {
        const at = localHourMonth(t.startTime, f.timeZone!);
        if (!keep(at)) continue;
        const c = cell(t.latitude, t.longitude);
        c.climbs.push(t.averageClimb);
        c.hours.set(at.hour, [...(c.hours.get(at.hour) ?? []), t.averageClimb]);
      }
      const nearLaunch = f.phases.thermals.some((t) => Math.hypot((t.latitude - f.takeoffLat!) * 111.2, (t.longitude - f.takeoffLon!) * 111.2 * Math.cos((t.latitude * Math.PI) / 180)) <= 3);
      if (!nearLaunch && keep(localHourMonth(f.startTime!, f.timeZone!))) cell(f.takeoffLat!, f.takeoffLon!).failed++;
    }
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    return [...cells.values()]
      .sort((a, b) => a.cy - b.cy || a.cx - b.cx)
      .map((c) => {
        const best = [...c.hours].map(([hour, xs]) => ({ hour, avg: mean(xs), n: xs.length })).sort((a, b) => b.avg - a.avg || b.n - a.n || a.hour - b.hour)[0];
        return {
          latitude: (c.cy + 0.5) * SIZE,
          longitude: (c.cx + 0.5) * SIZE,
          count: c.climbs.length,
          averageClimb: c.climbs.length ? mean(c.climbs) : null,
          bestHour: best?.hour ?? null,
          failedLaunches: c.failed,
        };
      });
  }

  function expectSameCells(actual: { latitude: number; longitude: number; count: number; averageClimb: number | null; bestHour: number | null; failedLaunches: number }[], expected: ReturnType<typeof plainCells>) {
    expect(actual.map((c) => [c.count, c.bestHour, c.failedLaunches])).toEqual(expected.map((c) => [c.count, c.bestHour, c.failedLaunches]));
    actual.forEach((c, i) => {
      expect(c.latitude).toBeCloseTo(expected[i]!.latitude, 5);
      expect(c.longitude).toBeCloseTo(expected[i]!.longitude, 5);
      if (expected[i]!.averageClimb === null) expect(c.averageClimb).toBeNull();
      else expect(c.averageClimb).toBeCloseTo(expected[i]!.averageClimb!, 2);
    });
  }

  let a: Pilot, b: Pilot;
  let aPublic: Uploaded, aPrivate: Uploaded, bPublic: Uploaded, bSled: Uploaded;
  beforeAll(async () => {
    [a, b] = [await signedInClient(ctx), await signedInClient(ctx)];
    aPublic = await upload(a, day('2024-07-20T09:30:00Z', 46.6, 7.8, [1.5, 2.5], 11), 'public');
    aPrivate = await upload(a, day('2024-06-02T11:00:00Z', 46.62, 7.82, [3.0], 12), 'private');
    bPublic = await upload(b, day('2024-07-21T12:00:00Z', 46.605, 7.805, [0.8, 1.2], 13), 'public');
    // A sled ride: no thermal at all, so its launch counts as one that found nothing.
    bSled = await upload(b, day('2024-07-22T08:00:00Z', 46.7, 8.0, [], 14), 'public');
  }, 240_000);

  it('maps the public flights of everyone, equal to a plain aggregation of their thermals, with launches that found nothing', async () => {
    expect(aPublic.phases.thermals.length).toBe(2);
    expect(bSled.phases.thermals).toEqual([]);
    const map = (await anon().get(`/api/thermals?scope=public&bbox=${BOX}`)).json();
    expect(map.scope).toBe('public');
    expect(map.cellSize).toBe(SIZE);
    expectSameCells(map.cells, plainCells([aPublic, bPublic, bSled]));
    expect(map.cells.reduce((s: number, c: { failedLaunches: number }) => s + c.failedLaunches, 0)).toBeGreaterThanOrEqual(1);
  });

  it("shows a pilot's own map with private flights to them only, and filters by month and hour", async () => {
    const mine = (await a.client.get(`/api/thermals?scope=mine&bbox=${BOX}`)).json();
    expectSameCells(mine.cells, plainCells([aPublic, aPrivate]));
    const june = (await a.client.get(`/api/thermals?scope=mine&bbox=${BOX}&months=6`)).json();
    expectSameCells(june.cells, plainCells([aPublic, aPrivate], { months: [6] }));
    expect(june.cells.length).toBeGreaterThan(0);
    const hours = (await anon().get(`/api/thermals?scope=public&bbox=${BOX}&hours=11,12,13,14`)).json();
    expectSameCells(hours.cells, plainCells([aPublic, bPublic, bSled], { hours: [11, 12, 13, 14] }));
    // The private flight is on nobody else's map: B's own map and the public map lack its thermals.
    const total = (cells: { count: number }[]) => cells.reduce((s, c) => s + c.count, 0);
    expect(total((await b.client.get(`/api/thermals?scope=mine&bbox=${BOX}`)).json().cells)).toBe(bPublic.phases.thermals.length);
    expect(total((await anon().get(`/api/thermals?scope=public&bbox=${BOX}&months=6`)).json().cells)).toBe(0);
  });

  it('drops a flight from the public map as soon as it is private', async () => {
    await b.client.request('PATCH', `/api/FlightDetail/${bPublic.id}`, { visibility: 'private' });
    const map = (await anon().get(`/api/thermals?scope=public&bbox=${BOX}`)).json();
    expectSameCells(map.cells, plainCells([aPublic, bSled]));
    await b.client.request('PATCH', `/api/FlightDetail/${bPublic.id}`, { visibility: 'public' });
  });

  it('exports the hotspots as a .cup that parses (name, code, country, lat, lon, elev, style) and as KML', async () => {
    const res = await a.client.get(`/api/thermals.cup?scope=mine&bbox=${BOX}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('thermals-mine.cup');
    const lines = res.body.trim().split(/\r\n/);
    const header = lines[0]!.split(',');
    expect(header.slice(0, 7)).toEqual(['name', 'code', 'country', 'lat', 'lon', 'elev', 'style']);
    const rows = lines.slice(1).map((l) => l.match(/("[^"]*"|[^,]*)(,|$)/g)!.map((v) => v.replace(/,$/, '').replace(/^"|"$/g, '')));
    const cells = plainCells([aPublic, aPrivate]).filter((c) => c.count > 0);
    expect(rows.length).toBe(cells.length);
    const parseDeg = (v: string, digits: number) => (Number(v.slice(0, digits)) + Number(v.slice(digits, -1)) / 60) * (/[SW]$/.test(v) ? -1 : 1);
    for (const [i, r] of rows.entries()) {
      expect(r[0]).toMatch(/^T\d{3} \d+\.\dm\/s$/);
      expect(r[1]).toBe(`T${String(i + 1).padStart(3, '0')}`);
      expect(r[2]).toBe('');
      expect(r[3]).toMatch(/^\d{4}\.\d{3}[NS]$/);
      expect(r[4]).toMatch(/^\d{5}\.\d{3}[EW]$/);
      expect(r[5]).toMatch(/^\d+m$/);
      expect(r[6]).toBe('1');
      const lat = parseDeg(r[3]!, 2), lon = parseDeg(r[4]!, 3);
      // Each waypoint lies in one of the cells with thermals.
      expect(cells.some((c) => Math.abs(c.latitude - lat) <= SIZE / 2 + 1e-4 && Math.abs(c.longitude - lon) <= SIZE / 2 + 1e-4)).toBe(true);
    }
    const kml = await a.client.get(`/api/thermals.kml?scope=mine&bbox=${BOX}`);
    expect(kml.statusCode).toBe(200);
    expect(kml.body.match(/<Placemark>/g)!.length).toBe(cells.length);
    expect(kml.body).toMatch(/<coordinates>7\.\d+,46\.\d+,\d+<\/coordinates>/);
  });

  it('refuses bad input with a clear 400, and the own map without a session with 401', async () => {
    for (const q of ['', 'bbox=1,2,3', 'bbox=8,46,7,47', 'bbox=0,0,30,10', 'bbox=a,b,c,d', `bbox=${BOX}&months=13`, `bbox=${BOX}&hours=24`, `bbox=${BOX}&hours=x`, `bbox=${BOX}&scope=all`]) {
      const res = await anon().get(`/api/thermals?${q}`);
      expect([q, res.statusCode]).toEqual([q, 400]);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await anon().get(`/api/thermals?scope=mine&bbox=${BOX}`)).statusCode).toBe(401);
    expect((await anon().get(`/api/thermals.cup?scope=mine&bbox=${BOX}`)).statusCode).toBe(401);
  });
  it('privacy matrix: owner, other pilot and visitor against each visibility, on the public and the own map', async () => {
    // A flight of its own away from BOX, so only it is in MATRIX_BOX.
    const MATRIX_BOX = '8.8,47.0,9.4,47.4';
    const c = await signedInClient(ctx);
    const f = await upload(c, day('2024-08-03T10:00:00Z', 47.2, 9.0, [2.0, 1.4], 21), 'public');
    const n = f.phases.thermals.length;
    expect(n).toBe(2);
    const thermalsIn = async (client: Client, scope: 'mine' | 'public') => {
      const res = await client.get(`/api/thermals?scope=${scope}&bbox=${MATRIX_BOX}`);
      return res.statusCode === 200 ? (res.json().cells as { count: number }[]).reduce((s, x) => s + x.count, 0) : res.statusCode;
    };
    const setState = async (state: string) => {
      const visibility = state === 'link' || state === 'private' ? state : 'public';
      await db().updateTable('flights').set({ removalReason: null, removalDate: null }).where('id', '=', f.id).execute();
      expect((await c.client.request('PATCH', `/api/FlightDetail/${f.id}`, { visibility })).statusCode).toBe(200);
      // Marked for review: a reason without a date; removed: a reason with a date (docs/product.md, Removal).
      const removal = state === 'marked' ? { removalReason: 2, removalDate: null } : state === 'removed' ? { removalReason: 2, removalDate: new Date().toISOString() } : { removalReason: null, removalDate: null };
      await db().updateTable('flights').set(removal).where('id', '=', f.id).execute();
    };
    const seen: Record<string, unknown[]> = {};
    for (const state of ['public', 'link', 'private', 'marked', 'removed', 'public again']) {
      await setState(state === 'public again' ? 'public' : state);
      seen[state] = [await thermalsIn(c.client, 'mine'), await thermalsIn(c.client, 'public'), await thermalsIn(a.client, 'mine'), await thermalsIn(a.client, 'public'), await thermalsIn(anon(), 'public'), await thermalsIn(anon(), 'mine')];
    }
    // Columns: owner mine, owner public, other mine, other public, visitor public, visitor mine.
    expect(seen).toEqual({
      public: [n, n, 0, n, n, 401],
      link: [n, 0, 0, 0, 0, 401],
      private: [n, 0, 0, 0, 0, 401],
      marked: [n, 0, 0, 0, 0, 401],
      removed: [0, 0, 0, 0, 0, 401],
      'public again': [n, n, 0, n, n, 401],
    });
    // The exports follow the same rule: a visitor's public .cup has the flight's hotspots only while it is public.
    await setState('private');
    const cupRows = async () => (await anon().get(`/api/thermals.cup?scope=public&bbox=${MATRIX_BOX}`)).body.trim().split(/\r\n/).length - 1;
    expect(await cupRows()).toBe(0);
    await setState('public');
    expect(await cupRows()).toBeGreaterThan(0);
    expect((await anon().get(`/api/thermals.kml?scope=mine&bbox=${MATRIX_BOX}`)).statusCode).toBe(401);
  }, 120_000);
});

/** Visitors' map reads share the public budget per address with share links and pilot pages (docs/sharing.md). */
describeEachDatabase('thermal maps under the public rate limit', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind, { PUBLIC_RATE_LIMIT_PER_IP: '3', PUBLIC_RATE_LIMIT_WINDOW_SECONDS: '120', TRUST_PROXY: 'true' }, { workers: false });
  });
  afterAll(() => ctx.close());
  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  it('answers 429 with Retry-After once a visitor has used the budget across the map and its exports', async () => {
    const visitor = new Client(ctx.app);
    const codes = [];
    for (const path of ['/api/thermals', '/api/thermals.cup', '/api/thermals.kml', '/api/thermals'])
      codes.push((await visitor.request('GET', `${path}?scope=public&bbox=${BOX}`, undefined, from('198.51.100.7'))).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const refused = await visitor.request('GET', `/api/thermals?scope=public&bbox=${BOX}`, undefined, from('198.51.100.7'));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['cache-control']).toBe('no-store');
    // Counted before the input is read: a bad query from the same address is refused the same way.
    expect((await visitor.request('GET', '/api/thermals?scope=all', undefined, from('198.51.100.7'))).statusCode).toBe(429);
    expect((await visitor.request('GET', `/api/thermals?scope=public&bbox=${BOX}`, undefined, from('198.51.100.8'))).statusCode).toBe(200);
  });
});
