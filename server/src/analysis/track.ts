import { bearingDegOf, distanceKmOf } from './geo';
import type { Fix, LatLon, TrackPoint } from './types';

/**
 * A track as structure-of-arrays (flyXC's runtime track is the model): one typed array per quantity,
 * the unit in each name. About 36 bytes a fix instead of an object of five boxed numbers (~100 bytes),
 * and the form the stored binary track decodes to (track/codec.ts).
 */
export interface Track {
  /** Milliseconds since the Unix epoch (UTC), as the analysis keeps fix times. */
  timesMs: Float64Array;
  /** WGS84 degrees, north positive. */
  latitudesDeg: Float64Array;
  /** WGS84 degrees, east positive. */
  longitudesDeg: Float64Array;
  /** Pressure altitude in metres; null when no fix has one, NaN for a fix without one. */
  baroAltitudesM: Float64Array | null;
  /** GNSS altitude in metres; null when no fix has one, NaN for a fix without one. */
  gpsAltitudesM: Float64Array | null;
}

/** Number of fixes in a track. */
export const trackLength = (track: Track) => track.timesMs.length;

function optionalColumn(points: TrackPoint[], read: (p: TrackPoint) => number | undefined): Float64Array | null {
  if (!points.some((p) => read(p) !== undefined)) return null;
  const column = new Float64Array(points.length);
  points.forEach((p, i) => (column[i] = read(p) ?? NaN));
  return column;
}

/** The typed-array form of a list of points (a point without a time gets NaN). */
export function trackFromPoints(points: TrackPoint[]): Track {
  const n = points.length;
  const timesMs = new Float64Array(n);
  const latitudesDeg = new Float64Array(n);
  const longitudesDeg = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const p = points[i]!;
    timesMs[i] = p.timestamp ?? NaN;
    latitudesDeg[i] = p.latitude;
    longitudesDeg[i] = p.longitude;
  }
  return { timesMs, latitudesDeg, longitudesDeg, baroAltitudesM: optionalColumn(points, (p) => p.baroAltitude), gpsAltitudesM: optionalColumn(points, (p) => p.gpsAltitude) };
}

/** The points of the API (contract/uploads TrackPoint), built only where an answer is serialised. */
export function trackPoints(track: Track): TrackPoint[] {
  const { timesMs, latitudesDeg, longitudesDeg, baroAltitudesM, gpsAltitudesM } = track;
  const points: TrackPoint[] = new Array(timesMs.length);
  for (let i = 0; i < timesMs.length; i++) {
    const p: TrackPoint = { latitude: latitudesDeg[i]!, longitude: longitudesDeg[i]! };
    const baro = baroAltitudesM?.[i];
    const gps = gpsAltitudesM?.[i];
    if (baro !== undefined && !Number.isNaN(baro)) p.baroAltitude = baro;
    if (gps !== undefined && !Number.isNaN(gps)) p.gpsAltitude = gps;
    if (!Number.isNaN(timesMs[i]!)) p.timestamp = timesMs[i]!;
    points[i] = p;
  }
  return points;
}

/** The typed-array form of cleaned fixes (a missing altitude is null in a fix, NaN here). */
export function trackFromFixes(fixes: readonly Fix[]): Track {
  const n = fixes.length;
  const timesMs = new Float64Array(n);
  const latitudesDeg = new Float64Array(n);
  const longitudesDeg = new Float64Array(n);
  let baro: Float64Array | null = null;
  let gps: Float64Array | null = null;
  for (let i = 0; i < n; i++) {
    const f = fixes[i]!;
    timesMs[i] = f.time;
    latitudesDeg[i] = f.latitude;
    longitudesDeg[i] = f.longitude;
    if (f.baroAltitude !== null) (baro ??= new Float64Array(n).fill(NaN))[i] = f.baroAltitude;
    if (f.gpsAltitude !== null) (gps ??= new Float64Array(n).fill(NaN))[i] = f.gpsAltitude;
  }
  return { timesMs, latitudesDeg, longitudesDeg, baroAltitudesM: baro, gpsAltitudesM: gps };
}

/** The fixes of a track at these indexes, in their order (a column no kept fix has becomes null). */
export function pickFixes(track: Track, indexes: ArrayLike<number>): Track {
  const n = indexes.length;
  const pick = (column: Float64Array) => {
    const out = new Float64Array(n);
    for (let k = 0; k < n; k++) out[k] = column[indexes[k]!]!;
    return out;
  };
  const optional = (column: Float64Array | null) => {
    if (!column) return null;
    const out = pick(column);
    return out.some((v) => !Number.isNaN(v)) ? out : null;
  };
  return { timesMs: pick(track.timesMs), latitudesDeg: pick(track.latitudesDeg), longitudesDeg: pick(track.longitudesDeg), baroAltitudesM: optional(track.baroAltitudesM), gpsAltitudesM: optional(track.gpsAltitudesM) };
}

/** A missing value (NaN) as undefined, so `??` falls through as it does on the API's points. */
export const present = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? undefined : v);

/** Great-circle km between fixes i and j (geo.ts distanceKm, the same arithmetic). */
export const distanceAt = (t: Track, i: number, j: number) => distanceKmOf(t.latitudesDeg[i]!, t.longitudesDeg[i]!, t.latitudesDeg[j]!, t.longitudesDeg[j]!);

/** Initial bearing from fix i to fix j (geo.ts bearingDeg). */
export const bearingAt = (t: Track, i: number, j: number) => bearingDegOf(t.latitudesDeg[i]!, t.longitudesDeg[i]!, t.latitudesDeg[j]!, t.longitudesDeg[j]!);

/** Whether any fix has a pressure altitude above 0 (then the analysis reads heights from it). */
export function hasBaroAt(t: Track): boolean {
  const baro = t.baroAltitudesM;
  if (!baro) return false;
  for (let i = 0; i < baro.length; i++) if (baro[i]! > 0) return true;
  return false;
}

/** Fix i's height: pressure altitude when `useBaro`, else GPS, falling back to the other, else 0. */
export function altitudeAt(t: Track, i: number, useBaro: boolean): number {
  const baro = present(t.baroAltitudesM?.[i]);
  const gps = present(t.gpsAltitudesM?.[i]);
  return (useBaro ? baro : gps) ?? gps ?? baro ?? 0;
}

/** Fix i's position. */
export const positionAt = (t: Track, i: number): LatLon => ({ latitude: t.latitudesDeg[i]!, longitude: t.longitudesDeg[i]! });

/** Fixes start..end (inclusive) as views of the same columns; an altitude column none of them has is null. */
export function sliceTrack(t: Track, start: number, end: number): Track {
  const view = (column: Float64Array) => column.subarray(start, end + 1);
  const optional = (column: Float64Array | null) => {
    if (!column) return null;
    const v = view(column);
    return v.some((x) => !Number.isNaN(x)) ? v : null;
  };
  return { timesMs: view(t.timesMs), latitudesDeg: view(t.latitudesDeg), longitudesDeg: view(t.longitudesDeg), baroAltitudesM: optional(t.baroAltitudesM), gpsAltitudesM: optional(t.gpsAltitudesM) };
}

/** The fixes of a track as objects (tests and benches that hold fixes; the analysis does not). */
export function fixesOf(t: Track): Fix[] {
  const fixes: Fix[] = new Array(t.timesMs.length);
  for (let i = 0; i < fixes.length; i++) {
    fixes[i] = { time: t.timesMs[i]!, latitude: t.latitudesDeg[i]!, longitude: t.longitudesDeg[i]!, baroAltitude: present(t.baroAltitudesM?.[i]) ?? null, gpsAltitude: present(t.gpsAltitudesM?.[i]) ?? null };
  }
  return fixes;
}

/** A track, or fixes converted once (the entry points tests call with fixes). */
export const asTrack = (source: Track | readonly Fix[]): Track => (Array.isArray(source) ? trackFromFixes(source as readonly Fix[]) : (source as Track));
