import type { CsvImportAnswer } from '../../../contract/exports';
import { isTimeZone, manualFlightBody } from '../../../contract/flights';
import { REMOVAL_REASONS, removalReasonCode } from '../../../contract/rules';
import { timeZoneAt } from '../analysis';
import type { Glider, Site } from '../db';
import { fold } from '../db';
import type { ManualBody } from '../logbook';
import { gliderName } from '../gliders';
import { distanceKmOf } from '../analysis';
import { JOIN } from '../ingest';
import { RowError, type CsvLayout, type ImportRow, type RowPlace } from './formats';

/** What the rows are matched against: the pilot's visible takeoffs (ISO UTC) with their durations, sites and wings. */
export interface LogbookSnapshot {
  startTimes: { startTime: string; flightTime: number | null; distance: number | null }[];
  /** The pilot's visible flights with a track: a row of the same flight joins one (docs/import.md, merge rule). */
  trackFlights: { id: number; startTime: string; takeoffLat: number | null; takeoffLon: number | null }[];
  sites: Site[];
  gliders: Glider[];
}

/** A site a planned flight uses: one of the pilot's (with its id), or one to create (id given when stored). */
export interface PlannedSite {
  id?: number;
  name: string;
  latitude: number;
  longitude: number;
}

/** A wing a planned flight uses: one of the pilot's, or one to create from its name. */
export interface PlannedGlider {
  id?: number;
  name: string;
}

export interface PlannedFlight {
  body: ManualBody;
  /** The review flag the row carries (our own export's `review`), stored as the flight's removal reason. */
  removalReason?: number;
  launch: PlannedSite;
  landing?: PlannedSite;
  glider?: PlannedGlider;
}

/** Every row decided against one snapshot: what to store, and the answer's counts. */
export interface ImportPlan {
  snapshot: LogbookSnapshot;
  newSites: PlannedSite[];
  newGliders: PlannedGlider[];
  flights: PlannedFlight[];
  /** Rows that are a track flight of the logbook: what they give that flight. */
  merges: { flightId: number; notes: string | null; launch: PlannedSite; glider?: PlannedGlider }[];
  duplicates: number;
  refused: CsvImportAnswer['refused'];
  /** Indexes of unmapped columns that hold a value in an imported row. */
  skipped: Set<number>;
}

/** Rows decided between two yields to the event loop, so that other requests are served meanwhile. */
const ROWS_PER_TURN = 250;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Names compare folded (accents and case ignored) with runs of spaces as one. */
const nameKey = (name: string) => fold(name.trim().replace(/\s+/g, ' '));
/**
 * A flight the logbook already holds: the same takeoff instant, duration and distance. Two flights may
 * share a takeoff minute (the same flight from two instruments, kept as Similar on upload), so the
 * minute alone does not make a duplicate; our export gives the second, the duration and the distance.
 */
const flightKey = (ms: number, flightTime: number | null | undefined, distance: number | null | undefined) =>
  `${new Date(ms).toISOString().slice(0, 19)}|${flightTime ?? ''}|${distance == null ? '' : distance.toFixed(3)}`;
/**
 * What an import stores beyond what a pilot types by hand (docs/validation.md, "CSV round trip"):
 * our own upload stored flights over a day and over 1,000 km, and they must come back.
 */
export const IMPORT_LIMITS = { maxFlightTimeS: 7 * 86_400, maxDistanceKm: 10_000 };
/** The review flags the analysis and the upload set, the ones an export carries back. */
const { Duplicate, ShortFlight, NoFlight, GondolaRide, CarDrive, InsufficientHeightDifference, Similar } = REMOVAL_REASONS;
const REVIEW_FLAGS = new Set<number>([Duplicate, ShortFlight, NoFlight, GondolaRide, CarDrive, InsufficientHeightDifference, Similar]);
const hasPosition = (p: RowPlace): p is Required<RowPlace> => p.latitude !== undefined && p.longitude !== undefined;
// A known site as the manual-flight body names it: by id when stored, else as an earlier row of the file created it (already valid).
const placeOf = ({ name, latitude, longitude }: PlannedSite) => ({ name, latitude, longitude });
const launchField = (s: PlannedSite) => (s.id !== undefined ? { siteId: s.id } : { site: placeOf(s) });
const landingField = (s: PlannedSite) => (s.id !== undefined ? { landingSiteId: s.id } : { landingSite: placeOf(s) });

const wallClocks = new Map<string, Intl.DateTimeFormat>();
/** The wall clock of a zone (one formatter per zone: making one costs more than using it); throws for an unknown zone. */
function wallClockOf(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
  if (!format) wallClocks.set(timeZone, (format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })));
  return format;
}

/** The instant of a wall-clock time in a zone (the zone's offset at that moment, found in two steps). */
export function zonedInstant(date: string, time: string, timeZone: string): number {
  const wall = Date.parse(`${date}T${time}Z`);
  const offsetAt = (ms: number) => {
    const parts = wallClockOf(timeZone).formatToParts(new Date(ms));
    const v = (type: string) => Number(parts.find((p) => p.type === type)!.value);
    return Date.UTC(v('year'), v('month') - 1, v('day'), v('hour'), v('minute'), v('second')) - ms;
  };
  const first = wall - offsetAt(wall);
  return wall - offsetAt(first);
}

/** An IANA stand-in for a fixed offset: Etc/GMT-2 is two hours east of UTC. */
function fixedZone(minutes: number | undefined): string | undefined {
  if (minutes === undefined || minutes % 60 !== 0) return undefined;
  const hours = minutes / 60;
  return hours === 0 ? 'UTC' : `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
}

/**
 * Decides every row of the file against the pilot's logbook without writing: a duplicate, a refusal
 * with its reason, or a flight with its sites and wing (existing, or created by an earlier row of the
 * file). Rows are decided in file order, so a later row finds what an earlier one creates.
 */
export async function planImport(layout: CsvLayout, columnCount: number, rows: string[][], snapshot: LogbookSnapshot): Promise<ImportPlan> {
  const plan: ImportPlan = { snapshot, newSites: [], newGliders: [], flights: [], merges: [], duplicates: 0, refused: [], skipped: new Set() };
  const joined = new Set<number>();
  const taken = new Set(snapshot.startTimes.map((t) => flightKey(Date.parse(t.startTime), t.flightTime, t.distance)));
  const sites = new Map<string, PlannedSite>();
  for (const s of snapshot.sites) if (!sites.has(nameKey(s.name))) sites.set(nameKey(s.name), s);
  const gliders = new Map<string, PlannedGlider>(snapshot.gliders.map((g) => [nameKey(gliderName(g)), { id: g.id, name: gliderName(g) }]));

  /** The pilot's site of that name, or what to create; a name without a position cannot be placed. */
  const siteFor = (p: RowPlace, what: string) => {
    const existing = sites.get(nameKey(p.name));
    if (existing) return { existing };
    if (!hasPosition(p)) throw new RowError(`${what} site "${p.name}" is not one of your sites and the row gives no coordinates: add the site first (Sites page), then import the file again.`);
    return { create: p };
  };
  /** A site the row creates, unless an earlier site of the row (its launch) has that name. */
  const created = (site: PlannedSite) => {
    const key = nameKey(site.name);
    const known = sites.get(key);
    if (known) return known;
    const planned = { ...site };
    sites.set(key, planned);
    plan.newSites.push(planned);
    return planned;
  };

  const decide = (cells: string[]) => {
    const r: ImportRow = layout.read(cells);
    // A row already in the logbook (same takeoff, same duration) is a duplicate whatever else it says.
    if (r.startMs !== undefined && taken.has(flightKey(r.startMs, r.flightTime, r.distance))) return 'duplicate';
    if (!r.launch) throw new RowError('The row has no launch site.');
    const launch = siteFor(r.launch, 'Launch');
    const landing = r.landing && siteFor(r.landing, 'Landing');
    const position = launch.existing ?? launch.create;
    const timeZone = r.timeZone ?? (position ? timeZoneAt(position) : undefined) ?? fixedZone(r.utcOffsetMinutes) ?? 'UTC';
    if (!isTimeZone(timeZone)) throw new RowError('Unknown time zone.');
    const startMs =
      r.startMs ?? (r.utcOffsetMinutes !== undefined ? Date.parse(`${r.local!.date}T${r.local!.time}Z`) - r.utcOffsetMinutes * 60_000 : zonedInstant(r.local!.date, r.local!.time, timeZone));
    if (Number.isNaN(startMs)) throw new RowError('The takeoff date or time is not valid.');
    if (taken.has(flightKey(startMs, r.flightTime, r.distance))) return 'duplicate';
    const review = r.review ? removalReasonCode(r.review) : null;
    if (r.review && (review === null || !REVIEW_FLAGS.has(review))) throw new RowError(`review "${r.review}" is not a review flag of this logbook.`);
    // Checked with the hand-entry rules, except the length and distance, which an import takes as far as IMPORT_LIMITS.
    if (!Number.isInteger(r.flightTime) || r.flightTime < 1 || r.flightTime > IMPORT_LIMITS.maxFlightTimeS) throw new RowError(Number.isInteger(r.flightTime) ? 'Duration must be between 1 second and 7 days.' : 'Duration must be whole seconds.');
    if (r.distance !== undefined && !(r.distance >= 0 && r.distance <= IMPORT_LIMITS.maxDistanceKm)) throw new RowError('Distance must be 0 to 10,000 km.');
    const parsed = manualFlightBody.safeParse({
      startTime: new Date(startMs).toISOString(),
      timeZone,
      flightTime: Math.min(r.flightTime, 86_400),
      ...(launch.existing ? launchField(launch.existing) : { site: launch.create }),
      ...(landing?.existing ? landingField(landing.existing) : landing?.create ? { landingSite: landing.create } : {}),
      ...(r.notes !== null ? { notes: r.notes } : {}),
      ...(r.distance !== undefined ? { distance: Math.min(r.distance, 1000) } : {}),
    });
    if (!parsed.success) throw new RowError(parsed.error.issues[0]!.message);
    // The sites travel as planned sites (their ids are known once stored), not in the body.
    const { site, landingSite, siteId: _siteId, landingSiteId: _landingSiteId, ...checked } = parsed.data;
    const body = { ...checked, flightTime: r.flightTime, ...(r.distance !== undefined ? { distance: r.distance } : {}) };
    const flight: PlannedFlight = { body, launch: launch.existing ?? created(site!), ...(review ? { removalReason: review } : {}) };
    if (landing) flight.landing = landing.existing ?? created(landingSite!);
    if (r.glider) flight.glider = gliderFor(r.glider);
    // The same flight as one with a track (takeoff within two minutes, same place): the row joins it.
    const track = snapshot.trackFlights.find(
      (t) =>
        !joined.has(t.id) &&
        Math.abs(Date.parse(t.startTime) - startMs) <= JOIN.maxTakeoffGapS * 1000 &&
        (t.takeoffLat === null || t.takeoffLon === null || !hasPosition(flight.launch) || distanceKmOf(t.takeoffLat, t.takeoffLon, flight.launch.latitude, flight.launch.longitude) <= JOIN.maxLaunchKm),
    );
    if (track) {
      joined.add(track.id);
      plan.merges.push({ flightId: track.id, notes: r.notes, launch: flight.launch, ...(flight.glider ? { glider: flight.glider } : {}) });
      return 'merged';
    }
    plan.flights.push(flight);
    taken.add(flightKey(startMs, r.flightTime, r.distance));
    cells.forEach((c, i) => {
      if (i < columnCount && !layout.mapped.has(i) && c.trim() !== '' && c.trim() !== 'null') plan.skipped.add(i);
    });
    return 'imported';
  };

  /** The pilot's wing of that name, else one to create (once per name in the file). */
  const gliderFor = (name: string) => {
    const key = nameKey(name);
    let glider = gliders.get(key);
    if (!glider) {
      gliders.set(key, (glider = { name: name.trim().replace(/\s+/g, ' ') }));
      plan.newGliders.push(glider);
    }
    return glider;
  };

  for (const [index, cells] of rows.entries()) {
    if (index % ROWS_PER_TURN === ROWS_PER_TURN - 1) await nextTurn();
    const row = index + 2; // as a spreadsheet numbers it: the header is row 1
    if (cells.every((c) => c.trim() === '')) continue;
    try {
      const decided = decide(cells);
      if (decided === 'duplicate') plan.duplicates += 1;
    } catch (err) {
      if (!(err instanceof RowError)) throw err;
      plan.refused.push({ row, message: err.message });
    }
  }
  return plan;
}
