// A big logbook in seconds: analysed flights written straight into the tables (no IGC parsing), for
// `npm run demo -- --size N`, the big-logbook journey and bench. Deterministic for a given seed.
import { gzipSync } from 'node:zlib';
import type { Db } from '../db';
import { nowIso } from '../db';

/** Launch sites across the Alps: name, latitude, longitude, altitude of the takeoff (m), time zone. */
export const ALPINE_SITES: readonly [string, number, number, number, string][] = [
  ['Fiesch', 46.4094, 8.1355, 2220, 'Europe/Zurich'],
  ['Grindelwald First', 46.6594, 8.0543, 2170, 'Europe/Zurich'],
  ['Niesen', 46.6457, 7.6514, 2330, 'Europe/Zurich'],
  ['Engelberg Brunni', 46.8309, 8.4156, 1860, 'Europe/Zurich'],
  ['Verbier Savoleyres', 46.1122, 7.2417, 2350, 'Europe/Zurich'],
  ['Annecy Planfait', 45.8644, 6.1992, 1250, 'Europe/Paris'],
  ['Chamonix Plan Praz', 45.9327, 6.8572, 2000, 'Europe/Paris'],
  ['Saint-Hilaire du Touvet', 45.3087, 5.8872, 1000, 'Europe/Paris'],
  ['Passy Plaine-Joux', 45.9564, 6.7402, 1360, 'Europe/Paris'],
  ['Laragne Chabre', 44.3117, 5.8128, 1350, 'Europe/Paris'],
  ['Greifenburg Emberger Alm', 46.7711, 13.1522, 1800, 'Europe/Vienna'],
  ['Kössen Unterberg', 47.6367, 12.4142, 1500, 'Europe/Vienna'],
  ['Stubai Kreuzjoch', 47.1383, 11.2925, 2130, 'Europe/Vienna'],
  ['Zillertal Penken', 47.1697, 11.8236, 1800, 'Europe/Vienna'],
  ['Bassano Monte Grappa', 45.8225, 11.7697, 1050, 'Europe/Rome'],
  ['Feltre Avena', 46.0408, 11.8911, 1450, 'Europe/Rome'],
  ['Dolomites Col Rodella', 46.5061, 11.7589, 2400, 'Europe/Rome'],
  ['Tegelberg', 47.5597, 10.7586, 1720, 'Europe/Berlin'],
  ['Wallberg', 47.6617, 11.7878, 1620, 'Europe/Berlin'],
  ['Soča Kobala', 46.1636, 13.7183, 1100, 'Europe/Ljubljana'],
];

export interface SeedOptions {
  /** How many flights (default 10,000). */
  count?: number;
  /** The day of the last flight, YYYY-MM-DD (default yesterday). */
  until?: string;
  /** Years the flights spread over (default 10). */
  years?: number;
  /** Of every this many flights, one is marked for review (default 97). */
  markedEvery?: number;
  seed?: number;
}

export interface SeedResult {
  uploadTaskId: number;
  flightIds: number[];
  siteIds: number[];
}

/** mulberry32: a small deterministic generator, so two runs seed the same logbook. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY_MS = 86_400_000;

function localDate(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}

/** Flights gather in the flying season: a day of the year weighted towards April to September. */
function seasonDay(rnd: () => number): number {
  return rnd() < 0.85 ? 90 + Math.floor(rnd() * 183) : Math.floor(rnd() * 365);
}

interface Planned {
  site: number;
  startMs: number;
  flightTime: number;
  distance: number;
  marked: boolean;
}

function plan(count: number, until: string, years: number, markedEvery: number, rnd: () => number): Planned[] {
  const end = Date.parse(`${until}T00:00:00Z`);
  const firstYear = new Date(end).getUTCFullYear() - years + 1;
  const flights: Planned[] = [];
  for (let i = 0; i < count; i++) {
    const year = firstYear + Math.floor(rnd() * years);
    let day = Date.UTC(year, 0, 1) + seasonDay(rnd) * DAY_MS;
    if (day > end) day = end - Math.floor(rnd() * 300) * DAY_MS;
    // Takeoff between 09:00 and 16:00 UTC; most flights short, a few long cross-countries.
    const startMs = day + (9 * 60 + Math.floor(rnd() * 420)) * 60_000;
    const long = rnd() < 0.12;
    const flightTime = Math.round(long ? 7200 + rnd() * 18000 : 600 + rnd() * 4800);
    const distance = Math.round((long ? 20 + rnd() * 160 : 1 + rnd() * 15) * 1000) / 1000;
    flights.push({ site: Math.floor(Math.pow(rnd(), 1.6) * ALPINE_SITES.length), startMs, flightTime, distance, marked: i % markedEvery === markedEvery - 1 });
  }
  return flights.sort((a, b) => a.startMs - b.startMs);
}

/** A short straight track from the takeoff, enough for the map and the height graph. */
function track(lat: number, lon: number, altitude: number, startMs: number, flightTime: number, distanceKm: number) {
  const points = Array.from({ length: 12 }, (_, k) => {
    const f = k / 11;
    return {
      latitude: lat - (distanceKm / 111) * f * 0.7,
      longitude: lon + (distanceKm / 111) * f * 0.7,
      gpsAltitude: Math.round(altitude + 400 * Math.sin(f * Math.PI) - 800 * f),
      baroAltitude: Math.round(altitude + 400 * Math.sin(f * Math.PI) - 800 * f),
      timestamp: startMs + Math.round(flightTime * 1000 * f),
    };
  });
  const packed = gzipSync(JSON.stringify(points));
  return { path: packed, pathLowRes: packed, features: gzipSync('[]') };
}

const BATCH = 400;

async function inBatches<T>(rows: T[], insert: (batch: T[]) => Promise<void>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/**
 * Gives the pilot `count` analysed flights over `years` years at ~20 Alpine sites, all from one
 * upload task (one file per flight, as a zip of a flying life). Callers call flightsChanged after.
 */
export async function seedLogbook(db: Db, userId: number, opts: SeedOptions = {}): Promise<SeedResult> {
  const count = opts.count ?? 10_000;
  const until = opts.until ?? new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);
  const rnd = random(opts.seed ?? 13);
  const flights = plan(count, until, opts.years ?? 10, opts.markedEvery ?? 97, rnd);
  const created = nowIso();

  return db.transaction().execute(async (trx) => {
    const siteIds: number[] = [];
    for (const [name, latitude, longitude] of ALPINE_SITES) {
      const row = await trx.insertInto('sites').values({ userId, name, latitude, longitude, named: 1 }).returning('id').executeTakeFirstOrThrow();
      siteIds.push(row.id);
    }
    const task = await trx
      .insertInto('uploadTasks')
      .values({ userId, uploadDate: created, filename: `logbook-${count}-flights.zip`, fileSize: count * 180_000, status: 'Completed', errorMessage: null, estimatedFlightCount: count, processedFlightCount: count, duplicateFlightCount: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();

    const fileIds: number[] = [];
    await inBatches(flights, async (batch) => {
      const rows = batch.map((f) => ({
        uploadTaskId: task.id,
        userId,
        originalFilename: `${new Date(f.startMs).toISOString().slice(0, 10)}-${ALPINE_SITES[f.site]![0].replace(/\W+/g, '-')}-${fileIds.length + batch.indexOf(f) + 1}.igc`,
        fileSize: 40_000 + Math.round(f.flightTime * 60),
        sha256: null,
        status: 'Completed',
        reason: null,
        content: null,
        attempts: 1,
        createdAt: created,
      }));
      const ids = await trx.insertInto('igcFiles').values(rows).returning('id').execute();
      fileIds.push(...ids.map((r) => r.id));
    });

    const flightIds: number[] = [];
    await inBatches(
      flights.map((f, i) => ({ f, i })),
      async (batch) => {
        const rows = batch.map(({ f, i }) => {
          const [name, lat, lon, altitude, timeZone] = ALPINE_SITES[f.site]!;
          const startTime = new Date(f.startMs).toISOString();
          const date = localDate(startTime, timeZone);
          const landKm = f.distance * 0.7;
          return {
            userId,
            igcFileId: fileIds[i]!,
            segmentIndex: 0,
            status: 'Completed',
            errorMessage: null,
            startTime,
            endTime: new Date(f.startMs + f.flightTime * 1000).toISOString(),
            timeZone,
            localDate: date,
            localYear: Number(date.slice(0, 4)),
            localMonth: Number(date.slice(5, 7)),
            flightTime: f.flightTime,
            distance: f.distance,
            xcDistance: f.distance,
            xcPoints: f.distance,
            flightCode: 'free_flight',
            groundDistance: Math.round(f.distance * 1.3 * 1000) / 1000,
            xcSpeed: Math.round((f.distance / (f.flightTime / 3600)) * 10) / 10,
            maxAltitude: altitude + Math.round(200 + (f.flightTime / 25_000) * 1800),
            maxHeight: Math.round(200 + (f.flightTime / 25_000) * 1800),
            startHeight: altitude,
            elevationGain: Math.round((f.flightTime / 25_000) * 6000),
            maxLift: Math.round((1 + (f.flightTime / 25_000) * 5) * 10) / 10,
            maxSink: -Math.round((1.5 + (f.flightTime / 25_000) * 4) * 10) / 10,
            leftCircles: Math.round(f.flightTime / 300),
            rightCircles: Math.round(f.flightTime / 400),
            gliderType: 'Ozone Rush 6',
            takeoffLocation: name,
            landingLocation: name,
            takeoffLat: lat,
            takeoffLon: lon,
            landingLat: lat - (landKm / 111) * 0.7,
            landingLon: lon + (landKm / 111) * 0.7,
            siteId: siteIds[f.site]!,
            fingerprint: `seed-${userId}-${i}`,
            removalReason: f.marked ? 5 : null,
            removalDate: null,
            createdAt: created,
          };
        });
        const ids = await trx.insertInto('flights').values(rows).returning('id').execute();
        flightIds.push(...ids.map((r) => r.id));
      },
    );

    await inBatches(
      flights.map((f, i) => ({ f, i })),
      async (batch) => {
        const rows = batch.map(({ f, i }) => {
          const [, lat, lon, altitude] = ALPINE_SITES[f.site]!;
          return { flightId: flightIds[i]!, ...track(lat, lon, altitude, f.startMs, f.flightTime, f.distance), phases: null };
        });
        await trx.insertInto('flightTracks').values(rows).execute();
      },
    );
    return { uploadTaskId: task.id, flightIds, siteIds };
  });
}
