import type { TrackPoint } from './types';

/**
 * A track as structure-of-arrays (flyXC's runtime track is the model): one typed array per quantity,
 * the unit in each name. About 36 bytes a fix instead of an object of five boxed numbers (~100 bytes),
 * and the form the stored binary track decodes to (ingest/track-codec.ts).
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
