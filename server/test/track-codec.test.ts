import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import type { TrackPoint } from '../../contract/uploads';
import { trackFromPoints, trackPoints, type Track } from '../src/analysis/track';
import { migrate, openDatabase, type DatabaseHandle } from '../src/db';
import { decodeTrack, encodeTrack, readTrackPoints } from '../src/track';
import { analysisThreads } from './helpers/analysis';
import { createPostgresDatabase, describeEachDatabase } from './helpers/app';

const FIXTURES = join(__dirname, 'fixtures/igc');

// The analysis runs in a real thread (helpers/analysis.ts), each recording once: tri.igc serves three tests.
const threads = analysisThreads();
afterAll(() => threads.close());
const analysed = new Map<string, ReturnType<typeof threads.analyse>>();
const analyseFixture = (name: string) => {
  if (!analysed.has(name)) analysed.set(name, threads.analyse(readFileSync(join(FIXTURES, name)), { scoringRules: 'XContest', filename: name }));
  return analysed.get(name)!;
};

/**
 * Points equal to what the stored form keeps: 1e-7 degrees, decimetres, whole milliseconds. Every point and
 * field is compared, and the ones that differ are listed in one assertion (an expect() per field of tens of
 * thousands of points cost seconds per track).
 */
function expectSameTrack(actual: TrackPoint[], expected: TrackPoint[]) {
  expect(actual).toHaveLength(expected.length);
  const differ: { index: number; field: string; expected: unknown; actual: unknown }[] = [];
  expected.forEach((p, i) => {
    const q = actual[i]!;
    const check = (field: string, same: boolean, want: unknown, got: unknown) => same || differ.push({ index: i, field, expected: want, actual: got });
    check('latitude', Math.abs(q.latitude - p.latitude) <= 5.1e-8, p.latitude, q.latitude);
    check('longitude', Math.abs(q.longitude - p.longitude) <= 5.1e-8, p.longitude, q.longitude);
    const timestamp = p.timestamp === undefined ? undefined : Math.round(p.timestamp);
    check('timestamp', Object.is(q.timestamp, timestamp), timestamp, q.timestamp);
    for (const key of ['baroAltitude', 'gpsAltitude'] as const) {
      if (p[key] === undefined) check(key, q[key] === undefined, undefined, q[key]);
      else check(key, Math.abs(q[key]! - p[key]!) <= 0.05 + 1e-9, p[key], q[key]);
    }
  });
  expect(differ.slice(0, 20)).toEqual([]);
}

/** The analysis answers typed arrays; the old stored form and the API hold points. */
const asPoints = (a: { track: Track; trackLowRes: Track }) => ({ path: trackPoints(a.track), pathLowRes: trackPoints(a.trackLowRes) });

describe('the stored track (binary typed-array columns)', () => {
  // The longest recording, two with odd fixes and a triangle: analysing every fixture here would double the suite's time.
  const files = ['654G6NG1.IGC', 'dup-fixes.igc', 'no_time_increment.igc', 'tri.igc'];

  it.each(files)('%s: every flight reads back as analysed, the low-resolution track too, in less room than gzip\'d JSON', async (name) => {
    const flights = (await analyseFixture(name)).map(asPoints);
    for (const a of flights) {
      const path = encodeTrack(trackFromPoints(a.path));
      const lowRes = encodeTrack(trackFromPoints(a.pathLowRes));
      expectSameTrack(await readTrackPoints(path), a.path);
      expectSameTrack(await readTrackPoints(lowRes), a.pathLowRes);
      const before = gzipSync(JSON.stringify(a.path)).length + gzipSync(JSON.stringify(a.pathLowRes)).length;
      if (a.path.length > 100) expect(path.length + lowRes.length).toBeLessThan(before * 0.5);
    }
  });

  const point = fc.record(
    {
      latitude: fc.double({ min: -90, max: 90, noNaN: true }),
      longitude: fc.double({ min: -180, max: 180, noNaN: true }),
      baroAltitude: fc.integer({ min: -500, max: 9000 }),
      gpsAltitude: fc.double({ min: -500, max: 9000, noNaN: true }),
      timestamp: fc.integer({ min: 0, max: 4e12 }),
    },
    { requiredKeys: ['latitude', 'longitude'] },
  );

  it('any list of points round-trips, with or without times and altitudes, and across large jumps', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(point, { maxLength: 60 }), async (points) => {
        expectSameTrack(await readTrackPoints(encodeTrack(trackFromPoints(points))), points);
      }),
      { numRuns: 300 },
    );
  });

  it('reads a track stored as gzip\'d JSON before migration 010', async () => {
    const points: TrackPoint[] = [{ latitude: 46.1, longitude: 7.2, gpsAltitude: 1500, timestamp: 1_720_944_000_000 }, { latitude: 46.2, longitude: 7.3, baroAltitude: 1600, timestamp: 1_720_944_001_000 }];
    const legacy = gzipSync(JSON.stringify(points));
    expect(await readTrackPoints(legacy)).toEqual(points);
  });

  it('refuses bytes that are no stored track', async () => {
    await expect(decodeTrack(Buffer.from('not a track'))).rejects.toThrow('Unknown stored track format.');
  });
});

describeEachDatabase('migration 010 converts stored tracks', (kind) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'flightlog-migrate-010-'));
    const pg = kind === 'postgres' ? await createPostgresDatabase() : undefined;
    handle = openDatabase({ dataDir, databaseUrl: pg?.url });
    cleanup = async () => {
      await handle.close();
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(() => cleanup());

  it('stores the track and the low-resolution track in binary, and reads both back as before', async () => {
    await migrate(handle, '009_community');
    const db = handle.db;
    const at = '2024-07-14T10:00:00.000Z';
    const user = await db.insertInto('users').values({ email: 'a@b.c', username: 'a', passwordHash: null, displayName: null, role: 'User', preferredLanguage: null, emailVerifiedAt: at, authProvider: 'local', providerSubject: null, profilePictureUrl: null, createdAt: at } as never).returning('id').executeTakeFirstOrThrow();
    const [a] = (await analyseFixture('tri.igc')).map(asPoints);
    const flights: number[] = [];
    for (let i = 0; i < 3; i++) {
      const flight = await db.insertInto('flights').values({ userId: user.id, igcFileId: null, segmentIndex: i, status: 'Completed', startTime: at, flightTime: 3600, createdAt: at } as never).returning('id').executeTakeFirstOrThrow();
      flights.push(flight.id);
      await db.insertInto('flightTracks').values({ flightId: flight.id, path: gzipSync(JSON.stringify(a!.path)), pathLowRes: gzipSync(JSON.stringify(a!.pathLowRes)), features: gzipSync('[]'), phases: null }).execute();
    }
    await migrate(handle);
    const rows = await db.selectFrom('flightTracks').select(['flightId', 'path', 'pathLowRes']).orderBy('flightId').execute();
    expect(rows.map((r) => r.flightId)).toEqual(flights);
    for (const row of rows) {
      expect(row.path.subarray(0, 3).toString()).toBe('FLT');
      expect(row.pathLowRes.subarray(0, 3).toString()).toBe('FLT');
      expectSameTrack(await readTrackPoints(row.path), a!.path);
      expectSameTrack(await readTrackPoints(row.pathLowRes), a!.pathLowRes);
    }
  });
});
