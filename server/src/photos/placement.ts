import type { PHOTO_PLACEMENTS } from '../../../contract/sharing';
import type { TrackPoint } from '../../../contract/uploads';

/** A capture time this far before takeoff or after landing still places the photo on the track. */
export const PLACEMENT_MARGIN_MS = 30 * 60_000;

/** What a photo's EXIF says about when and where it was taken (raw, as the file holds it). */
export interface PhotoFacts {
  /** EXIF DateTimeOriginal, "YYYY:MM:DD HH:MM:SS", a wall time. */
  dateTimeOriginal: string | null;
  /** EXIF OffsetTimeOriginal, "+HH:MM": the wall time's offset from UTC. */
  offsetTimeOriginal: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** The flight a photo is placed on: its takeoff and landing (ISO UTC), its zone, and its stored track. */
export interface PlacementFlight {
  startTime: string | null;
  endTime: string | null;
  timeZone: string | null;
  /** Empty for a flight without a track. */
  track: TrackPoint[];
}

export interface Placement {
  /** The capture instant, ISO UTC. */
  takenAt: string | null;
  latitude: number | null;
  longitude: number | null;
  placement: (typeof PHOTO_PLACEMENTS)[number];
}

const WALL_TIME = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;
const OFFSET = /^([+-])(\d{2}):?(\d{2})$/;

/** The wall time as if it were UTC, in ms; null when it is not a real date (cameras write "0000:00:00 00:00:00"). */
function wallTimeMs(text: string): number | null {
  const m = WALL_TIME.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const d = new Date(ms);
  // Date.UTC rolls 2024-02-31 over to March: a date that does not survive the round trip is not real.
  if (year < 1900 || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return null;
  return ms;
}

function offsetMs(text: string): number | null {
  const m = OFFSET.exec(text.trim());
  if (!m) return null;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  if (minutes > 14 * 60) return null;
  return (m[1] === '-' ? -1 : 1) * minutes * 60_000;
}

/** How far the zone's wall clock is ahead of UTC at an instant. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const n = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant a wall time in a zone stands for (the earlier one when clocks go back). */
function wallTimeInZone(wall: number, timeZone: string): number | null {
  try {
    const first = wall - zoneOffsetMs(wall, timeZone);
    return wall - zoneOffsetMs(first, timeZone);
  } catch {
    return null; // not a zone Intl knows
  }
}

/**
 * The capture instant in ms: the EXIF wall time with its offset, else read in the flight's zone;
 * null without a usable time (or without an offset and without a zone).
 */
export function captureInstant(facts: PhotoFacts, timeZone: string | null): number | null {
  const wall = facts.dateTimeOriginal === null ? null : wallTimeMs(facts.dateTimeOriginal);
  if (wall === null) return null;
  const offset = facts.offsetTimeOriginal === null ? null : offsetMs(facts.offsetTimeOriginal);
  if (offset !== null) return wall - offset;
  return timeZone ? wallTimeInZone(wall, timeZone) : null;
}

/** A real position: cameras without a fix write 0/0. */
const usablePosition = (lat: number | null, lon: number | null): lat is number =>
  lat !== null && lon !== null && Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && !(lat === 0 && lon === 0);

/** The fix whose time is nearest the instant, among fixes that have a time (the track is in time order). */
function nearestFix(track: TrackPoint[], instant: number): TrackPoint | undefined {
  const timed = track.filter((p): p is TrackPoint & { timestamp: number } => p.timestamp !== undefined);
  if (!timed.length) return undefined;
  let lo = 0;
  let hi = timed.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (timed[mid]!.timestamp < instant) lo = mid + 1;
    else hi = mid;
  }
  const after = timed[lo]!;
  const before = timed[lo - 1];
  return before && instant - before.timestamp <= after.timestamp - instant ? before : after;
}

/** The flight's span: takeoff and landing, else the track's first and last fix. */
function flightSpan(flight: PlacementFlight): [number, number] | null {
  const times = flight.track.map((p) => p.timestamp).filter((t): t is number => t !== undefined);
  const start = flight.startTime ? Date.parse(flight.startTime) : times[0];
  const end = flight.endTime ? Date.parse(flight.endTime) : times[times.length - 1];
  return start === undefined || end === undefined || Number.isNaN(start) || Number.isNaN(end) ? null : [start, end];
}

/**
 * Where a photo sits on the flight: at the fix nearest its capture time when that time lies within
 * the flight (with PLACEMENT_MARGIN_MS either side), else at its EXIF position, else nowhere.
 */
export function placePhoto(facts: PhotoFacts, flight: PlacementFlight): Placement {
  const instant = captureInstant(facts, flight.timeZone);
  const takenAt = instant === null ? null : new Date(instant).toISOString();
  const span = flightSpan(flight);
  if (instant !== null && span && instant >= span[0] - PLACEMENT_MARGIN_MS && instant <= span[1] + PLACEMENT_MARGIN_MS) {
    const fix = nearestFix(flight.track, instant);
    if (fix) return { takenAt, latitude: fix.latitude, longitude: fix.longitude, placement: 'time' };
  }
  if (usablePosition(facts.latitude, facts.longitude)) return { takenAt, latitude: facts.latitude, longitude: facts.longitude!, placement: 'position' };
  return { takenAt, latitude: null, longitude: null, placement: 'none' };
}
