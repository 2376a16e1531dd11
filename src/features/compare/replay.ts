// The replay's arithmetic, free of React and OpenLayers: tracks on the shared timeline, where each
// pilot is at a moment (interpolated between fixes), and who leads.
import type { CompareAnswer, CompareFlight } from '../../../contract/compare';

/** Speeds the replay offers (times real time). */
export const REPLAY_SPEEDS = [1, 5, 10, 20, 50, 100, 200] as const;
export const DEFAULT_SPEED = 50;
/** The tail behind each marker, in seconds of flight. */
export const TAIL_SECONDS = 180;

export interface ReplayTrack {
  flight: CompareFlight;
  /** The pilot's name, with the date where one pilot flies twice (`flightLabels`). */
  label: string;
  /** Seconds on the shared timeline, ascending. */
  times: Float64Array;
  lat: Float64Array;
  lon: Float64Array;
  alt: Float64Array;
}

export function prepareTracks(answer: CompareAnswer, labels: ReadonlyMap<string, string> = new Map()): ReplayTrack[] {
  return answer.flights
    .filter((f) => f.track.t.length > 0)
    .map((flight) => ({
      flight,
      label: labels.get(flight.ref) ?? flight.pilot.name,
      times: Float64Array.from(flight.track.t, (t) => t + flight.offset),
      lat: Float64Array.from(flight.track.lat),
      lon: Float64Array.from(flight.track.lon),
      alt: Float64Array.from(flight.track.alt),
    }));
}

/** The first and last second any flight is in the air. */
export function timelineOf(tracks: readonly ReplayTrack[]): { start: number; end: number } {
  if (!tracks.length) return { start: 0, end: 0 };
  return { start: Math.min(...tracks.map((t) => t.times[0]!)), end: Math.max(...tracks.map((t) => t.times[t.times.length - 1]!)) };
}

/** Where on its track a flight is at `time`: the fix before (i) and the fraction to the next (f), clamped to the ends. */
export interface TrackPosition {
  i: number;
  f: number;
  state: 'waiting' | 'flying' | 'landed';
}

export function positionAt(times: Float64Array, time: number): TrackPosition {
  const n = times.length;
  if (time < times[0]!) return { i: 0, f: 0, state: 'waiting' };
  if (time >= times[n - 1]! && n > 1) return { i: n - 1, f: 0, state: 'landed' };
  if (n === 1) return { i: 0, f: 0, state: 'landed' };
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! <= time) lo = mid;
    else hi = mid;
  }
  const span = times[hi]! - times[lo]!;
  return { i: lo, f: span > 0 ? (time - times[lo]!) / span : 0, state: 'flying' };
}

/** A value of one of the track's arrays at a position. */
export const valueAt = (values: ArrayLike<number>, p: TrackPosition) => (p.f > 0 ? values[p.i]! + (values[p.i + 1]! - values[p.i]!) * p.f : values[p.i]!);

const toRad = Math.PI / 180;
/** Great-circle distance in km. */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * toRad;
  const dLon = (lon2 - lon1) * toRad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * toRad) * Math.cos(lat2 * toRad) * Math.sin(dLon / 2) ** 2;
  return 12742 * Math.asin(Math.min(1, Math.sqrt(a)));
}

export interface Standing {
  flight: CompareFlight;
  label: string;
  state: TrackPosition['state'];
  altitude: number;
  /** Straight distance from the flight's takeoff, km. */
  distance: number;
  /** Behind the leader in distance (km, ≥ 0) and height relative to the leader (m, negative: lower). */
  distanceGap: number;
  heightGap: number;
  leader: boolean;
}

/**
 * Everyone at `time`, the leader first: the leader is the pilot furthest from their own takeoff (the
 * coach's "who got furthest"); ties go to the higher pilot. A pilot not yet in the air never leads;
 * before anyone flies there is no leader. Gaps are to the leader.
 */
export function standingsAt(tracks: readonly ReplayTrack[], time: number): Standing[] {
  const rows = tracks.map((t) => {
    const p = positionAt(t.times, time);
    return {
      flight: t.flight,
      label: t.label,
      state: p.state,
      altitude: valueAt(t.alt, p),
      distance: distanceKm(t.lat[0]!, t.lon[0]!, valueAt(t.lat, p), valueAt(t.lon, p)),
    };
  });
  const started = (r: (typeof rows)[number]) => (r.state === 'waiting' ? 0 : 1);
  const sorted = [...rows].sort((a, b) => started(b) - started(a) || b.distance - a.distance || b.altitude - a.altitude);
  const leader = sorted[0]?.state === 'waiting' ? undefined : sorted[0];
  return sorted.map((r) => ({ ...r, distanceGap: leader ? leader.distance - r.distance : 0, heightGap: leader ? r.altitude - leader.altitude : 0, leader: r === leader }));
}

/** Clock time of a timeline second: seconds from the earliest start, as an ISO instant (clock alignment) or elapsed time. */
export function timelineZero(answer: CompareAnswer): number {
  return Math.min(...answer.flights.map((f) => Date.parse(f.startTime) - f.offset * 1000));
}
