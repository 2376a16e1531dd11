import type { Track } from '../analysis';
import { nowIso, type Db } from '../db';
import { decodeTrack, unpack } from '../track';
import { bumpDataVersion } from '../pilot';
import { checkTrack, indexShapes, type CheckResult, type CheckTrack, type ShapeSet } from './check';
import { unclearedCount } from './clearances';
import type { ParsedAirspace } from './openair';
import * as repo from './repository';
import { openTerrain, type Terrain } from './terrain';

/** Flights checked per round of the background re-check. */
const BATCH = 50;
/** How often the background re-check looks for queued flights when nobody woke it (another process may have queued them). */
const POLL_MS = 5_000;
/** Parsed files and indexed sets kept per process (a cache only: every process can rebuild them from the database). */
const KEPT_FILES = 32;
const KEPT_SETS = 8;

export function toCheckTrack(track: Track): CheckTrack {
  const n = track.timesMs.length;
  // The stored track marks a missing altitude NaN; the check asks for null.
  const orNull = (values: Float64Array | null) => Array.from({ length: n }, (_, i) => (values && !Number.isNaN(values[i]!) ? values[i]! : null));
  return { times: track.timesMs, latitudes: track.latitudesDeg, longitudes: track.longitudesDeg, gpsAltitudes: orNull(track.gpsAltitudesM), pressureAltitudes: orNull(track.baroAltitudesM) };
}

/** A small least-recently-used map. */
function lru<K, V>(size: number) {
  const m = new Map<K, V>();
  return {
    get(k: K): V | undefined {
      const v = m.get(k);
      if (v !== undefined) {
        m.delete(k);
        m.set(k, v);
      }
      return v;
    },
    set(k: K, v: V) {
      m.set(k, v);
      if (m.size > size) m.delete(m.keys().next().value!);
    },
  };
}

export type AirspaceChecks = ReturnType<typeof airspaceChecks>;

/**
 * Checking flights and keeping their checks current: `checkFlightAirspace` (the step the ingest
 * path calls), the queue of flights to re-check after a file change, and the background loop that
 * works it off in batches. The queue is a table, so any process may fill it and any may work it.
 */
export function airspaceChecks({ db, terrainDir }: { db: Db; terrainDir?: string }) {
  const terrain: Terrain | null = openTerrain(terrainDir);
  const files = lru<string, ParsedAirspace[]>(KEPT_FILES);
  const sets = lru<string, ShapeSet>(KEPT_SETS);

  /** A file's shapes, cached under its id and load time: a replaced file (docs/airspace.md) is read again by every process. */
  async function shapesOf(file: repo.FileVersion): Promise<ParsedAirspace[]> {
    const key = `${file.id}@${file.createdAt}`;
    let shapes = files.get(key);
    if (!shapes) {
      const blob = await repo.fileShapes(db, file.id);
      // A file removed since its id was read applies no more; not kept, so a later read finds what is there then.
      if (!blob) return [];
      shapes = await unpack<ParsedAirspace[]>(blob);
      files.set(key, shapes);
    }
    return shapes;
  }

  /** The indexed shapes of the files that apply to the pilot on a day (UTC). */
  async function shapeSet(userId: number, day: string): Promise<ShapeSet> {
    const versions = await repo.fileVersionsForDay(db, userId, day);
    const key = versions.map((f) => `${f.id}@${f.createdAt}`).join(',');
    let set = sets.get(key);
    if (!set) {
      const all: ParsedAirspace[] = [];
      for (const f of versions) all.push(...(await shapesOf(f)));
      set = indexShapes(all);
      sets.set(key, set);
    }
    return set;
  }

  type CheckedFlight = NonNullable<Awaited<ReturnType<typeof repo.flightForCheck>>>;

  /** Checks a loaded flight against a shape set and stores the result with the uncleared count. */
  async function checkAgainst(flight: CheckedFlight & { path: Buffer; startTime: string }, set: ShapeSet): Promise<CheckResult> {
    const result = checkTrack(toCheckTrack(await decodeTrack(flight.path)), set, terrain);
    const uncleared = unclearedCount(result.infringements, await repo.clearances(db, flight.id));
    await repo.storeCheck(db, flight.id, { checkedAt: nowIso(), trackKey: flight.trackKey, result: JSON.stringify(result) }, uncleared);
    return result;
  }

  const hasTrack = (flight: CheckedFlight | undefined): flight is CheckedFlight & { path: Buffer; startTime: string } => !!flight?.path && !!flight.startTime;

  /**
   * Checks one flight against the files valid on its takeoff date and stores the result with the
   * uncleared count. A flight without a track (added by hand, not analysed) is left unchecked.
   */
  async function checkFlightAirspace(flightId: number): Promise<CheckResult | null> {
    const flight = await repo.flightForCheck(db, flightId);
    if (!hasTrack(flight)) return null;
    const result = await checkAgainst(flight, await shapeSet(flight.userId, flight.startTime.slice(0, 10)));
    await bumpDataVersion(db, flight.userId);
    return result;
  }

  /**
   * Checks a batch of queued flights: the flights of one pilot on one day share the files that
   * apply, so those are looked up once per day, and each pilot's cached reads go stale once per batch.
   */
  async function checkBatch(batch: { flightId: number; queuedAt: string }[]): Promise<void> {
    const byDay = new Map<string, { flight: CheckedFlight & { path: Buffer; startTime: string }; queuedAt: string }[]>();
    const pilots = new Set<number>();
    for (const { flightId, queuedAt } of batch) {
      const flight = await repo.flightForCheck(db, flightId);
      if (!hasTrack(flight)) {
        await repo.unqueue(db, flightId, queuedAt);
        continue;
      }
      const key = `${flight.userId}|${flight.startTime.slice(0, 10)}`;
      byDay.set(key, [...(byDay.get(key) ?? []), { flight, queuedAt }]);
    }
    for (const group of byDay.values()) {
      const { userId, startTime } = group[0]!.flight;
      const set = await shapeSet(userId, startTime.slice(0, 10));
      for (const { flight } of group) await checkAgainst(flight, set);
      pilots.add(userId);
    }
    // The lists are told first, then the queue: a pilot who sees the waiting count reach 0 gets the new counts.
    for (const userId of pilots) await bumpDataVersion(db, userId);
    for (const group of byDay.values()) for (const { flight, queuedAt } of group) await repo.unqueue(db, flight.id, queuedAt);
  }

  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  /** Set when flights are queued: a run that already found the queue empty looks once more instead of leaving them to the next poll. */
  let woken = false;

  /** Works the queue off; answers how many flights were checked. */
  async function work(): Promise<number> {
    let done = 0;
    for (;;) {
      woken = false;
      const batch = await repo.pendingFlights(db, BATCH);
      if (batch.length === 0) {
        if (woken) continue;
        return done;
      }
      await checkBatch(batch);
      done += batch.length;
    }
  }
  const runOnce = (): Promise<number> => {
    if (!running) running = work().finally(() => (running = null));
    return running;
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      runOnce()
        .catch((err: unknown) => console.warn(`Airspace re-check failed: ${(err as Error).message}`))
        .finally(() => schedule(POLL_MS));
    }, ms);
    timer.unref();
  };
  const wake = () => {
    woken = true;
    schedule(0);
  };

  return {
    checkFlightAirspace,
    shapeSet,
    /** A file changed: every flight it applies to is queued (one pilot's, or null: everybody's). */
    async queueDays(userId: number | null, validFrom: string, validTo: string) {
      const next = new Date(Date.parse(`${validTo}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      await repo.queueFlightsInDays(db, userId, validFrom, next);
      wake();
    },
    /** The pilot's flights changed: new or re-analysed tracks are queued. */
    async queueChanged(userId: number) {
      await repo.queueUncheckedFlights(db, userId);
      wake();
    },
    /** Checks every queued flight now (tests, the command line); answers how many. */
    async drain(): Promise<number> {
      let total = 0;
      for (;;) {
        if (running) total += await running;
        const n = await runOnce();
        total += n;
        if (n === 0) return total;
      }
    },
    start() {
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}
