/**
 * Season rankings over 1,000 pilots × 200 public scored flights, all in one season (the worst case:
 * every flight is in the window), answered by the service the route calls: the whole ranking, and
 * filtered by place, wing class and a 50-pilot club. The target is 200 ms per answer.
 * `npm run bench:rankings` (SQLite) or `DATABASE_URL=postgres://… npm run bench:rankings`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { migrate, nowIso, openDatabase } from '../server/src/db';
import { rankingsService } from '../server/src/rankings/service';

const PILOTS = 1000;
const FLIGHTS_PER_PILOT = 200;
const PLACES = 50;
const RUNS = 5;
const TARGET_MS = 200;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-rankings-'));
  const handle = openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL });
  await migrate(handle);
  const { db } = handle;
  const tag = Date.now().toString(36);
  const t0 = performance.now();

  const places: { id: number; publicId: string; latitude: number; longitude: number }[] = [];
  for (let i = 0; i < PLACES; i++) {
    const p = { publicId: randomBytes(12).toString('base64url'), latitude: 45 + i * 0.05, longitude: 6 + i * 0.05, createdAt: nowIso() };
    places.push({ ...p, id: (await db.insertInto('places').values(p).returning('id').executeTakeFirstOrThrow()).id });
  }
  const users: number[] = [];
  for (let i = 0; i < PILOTS; i += 500) {
    const rows = Array.from({ length: Math.min(500, PILOTS - i) }, (_, k) => ({
      email: `rank${tag}${i + k}@bench.local`, username: `rank${tag}${i + k}`, passwordHash: null, displayName: `Pilot ${i + k}`, role: 'User', preferredLanguage: null,
      emailVerifiedAt: nowIso(), authProvider: 'local', providerSubject: null, profilePictureUrl: null, createdAt: nowIso(), publicPage: (i + k) % 2,
    }));
    users.push(...(await db.insertInto('users').values(rows).returning('id').execute()).map((r) => r.id));
  }
  const classes = ['EN A', 'EN B', 'EN C', 'EN D', 'CCC', 'Tandem'];
  const gliders = new Map<number, number>();
  for (let i = 0; i < users.length; i += 500) {
    const rows = users.slice(i, i + 500).map((userId, k) => ({ userId, manufacturer: 'Bench', model: 'Wing', size: 'M', gliderClass: classes[(i + k) % classes.length]!, inUseFrom: null, inUseUntil: null, notes: null, lastCheck: null, checkIntervalMonths: null, checkIntervalHours: null, createdAt: nowIso() }));
    for (const g of await db.insertInto('gliders').values(rows).returning(['id', 'userId']).execute()) gliders.set(g.userId, g.id);
  }
  let seed = 7;
  const next = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  for (const [u, userId] of users.entries()) {
    const rows = Array.from({ length: FLIGHTS_PER_PILOT }, (_, j) => {
      const place = places[(u + j) % PLACES]!;
      const start = new Date(Date.UTC(2024, 0, 1) + j * 1.8 * 86_400_000 + 36_000_000).toISOString();
      return {
        userId, igcFileId: null, segmentIndex: 0, status: 'Completed', startTime: start, localDate: start.slice(0, 10), localYear: 2024, localMonth: Number(start.slice(5, 7)),
        flightTime: 3600, xcPoints: Math.round(next() * 20000) / 100, takeoffLat: place.latitude, takeoffLon: place.longitude, gliderId: gliders.get(userId)!, source: 'manual' as const,
        createdAt: nowIso(), visibility: 'public' as const, scoringRules: 'XContest',
      };
    });
    const ids = (await db.insertInto('flights').values(rows).returning('id').execute()).map((r) => r.id);
    await db.insertInto('flightShares').values(ids.map((flightId) => ({ flightId, userId, token: randomBytes(24).toString('base64url'), includeNotes: 0, includePhotos: 0, createdAt: nowIso() }))).execute();
    await db.insertInto('flightPlaces').values(ids.map((flightId, j) => ({ flightId, placeId: places[(u + j) % PLACES]!.id }))).execute();
  }
  const club = await db.insertInto('clubs').values({ slug: `bench-${tag}`, name: 'Bench club', createdAt: nowIso() }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('clubMembers').values(users.slice(0, 50).map((userId) => ({ clubId: club.id, userId, role: 'member' as const, joinedAt: nowIso() }))).execute();
  // PostgreSQL plans from statistics; a freshly filled table has none until autovacuum runs.
  if (handle.dialect === 'postgres') await sql`analyze`.execute(db);
  console.log(`seeded ${PILOTS} pilots × ${FLIGHTS_PER_PILOT} public flights on ${handle.dialect} in ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);

  if (process.env.BENCH_PROFILE) {
    const repo = await import('../server/src/rankings/repository');
    const rows = await repo.seasonBestFlights(db, { season: 2024, league: 'XContest', category: 'paraglider', instanceLeague: 'XContest' });
    const steps: [string, () => Promise<unknown>][] = [
      ['stamp', () => repo.flightsStamp(db)],
      ['tokens', () => repo.tokensOfListed(db, rows.map((r) => r.id))],
      ['names', () => repo.pilotNames(db, users)],
      ['place check', () => repo.placeHasListedFlight(db, places[3]!.id)],
      ['versions', () => repo.pilotVersions(db)],
      ['one pilot', () => repo.seasonBestFlights(db, { season: 2024, league: 'XContest', category: 'paraglider', instanceLeague: 'XContest' }, [users[0]!])],
      ['one pilot, one place', () => repo.seasonBestFlights(db, { season: 2024, league: 'XContest', category: 'paraglider', instanceLeague: 'XContest', placeId: places[3]!.id }, [users[0]!])],
      ['tokens of one pilot', () => import('../server/src/privacy').then((v) => v.ensureTokens(db, users[0]!))],
      ['stamp again', () => repo.flightsStamp(db)],
      ['one pilot unplaced', () => import('../server/src/places/repository').then((p) => p.unplacedListedFlightsOf(db, users[0]!))],
      ['unplaced flights', () => import('../server/src/places/repository').then((p) => p.unplacedListedFlights(db))],
    ];
    for (const [l, f] of steps) {
      const t = performance.now();
      await f();
      console.log(l, (performance.now() - t).toFixed(0));
    }
  }
  // A change as the re-scoring job makes it: a new score on one flight, then "flights changed" bumps the pilot's data version.
  const changed = await db.selectFrom('flights').select('id').where('userId', '=', users[0]!).orderBy('id').limit(1).executeTakeFirstOrThrow();
  let rescored = 0;
  const rescoreOne = async () => {
    await db.updateTable('flights').set({ xcPoints: 100 + (rescored++ % 100) }).where('id', '=', changed.id).execute();
    await db.updateTable('users').set((eb) => ({ dataVersion: eb('dataVersion', '+', 1) })).where('id', '=', users[0]!).execute();
  };
  const bumpMany = async () => {
    await db.updateTable('users').set((eb) => ({ dataVersion: eb('dataVersion', '+', 1) })).where('id', 'in', users.slice(0, 250)).execute();
  };
  const rankings = rankingsService({ database: { db }, config: { scoringRules: 'XContest' } });
  const base = { season: 2024, league: 'XContest' };
  /** Label, what is measured, and what happens before each measured run (not timed). */
  const cases: [string, () => Promise<unknown[]>, (() => Promise<void>)?][] = [
    ['whole season', () => rankings.ranking(base)],
    ['one place', () => rankings.ranking({ ...base, place: places[3]!.publicId })],
    ['wing class EN B', () => rankings.ranking({ ...base, gliderClass: 'EN B' })],
    ['club of 50', () => rankings.ranking({ ...base, clubId: club.id })],
    ['whole season, just after a pilot’s flight was re-scored', () => rankings.ranking(base), rescoreOne],
    ['wing class EN B, just after a pilot’s flight was re-scored', () => rankings.ranking({ ...base, gliderClass: 'EN B' }), rescoreOne],
    ['one place, just after a pilot’s flight was re-scored', () => rankings.ranking({ ...base, place: places[3]!.publicId }), rescoreOne],
    // Reference in the same process: more pilots changed than the service updates one by one, so it computes the season whole, as every change did before.
    ['reference: whole season computed whole (250 pilots changed)', () => rankings.ranking(base), bumpMany],
  ];
  console.log(`mean of ${RUNS} runs after one warm-up; reference: ≤ ${TARGET_MS} ms\n\n| ranking | ms | rows |\n|---|---|---|`);
  for (const [label, run, before] of cases) {
    await before?.();
    await run();
    let total = 0;
    let n = 0;
    for (let k = 0; k < RUNS; k++) {
      await before?.();
      const t = performance.now();
      n = (await run()).length;
      total += performance.now() - t;
    }
    console.log(`| ${label} | ${(total / RUNS).toFixed(0)} | ${n} |`);
  }

  await db.deleteFrom('clubs').where('id', '=', club.id).execute();
  await db.deleteFrom('users').where('id', 'in', users).execute();
  await db.deleteFrom('places').where('id', 'in', places.map((p) => p.id)).execute();
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
