import { pickFixes, present, trackFromPoints, trackLength, type Track } from './track';
import type { TrackPoint } from './types';

// A module binding: jest's sandbox looks each global up slowly (docs/testing.md, "Globals in jest's sandbox").
const Math = globalThis.Math;

/** Low-resolution tracks keep at most this many points. */
export const LOW_RES_MAX_POINTS = 1000;

/**
 * Douglas-Peucker importance of every fix (the tolerance at which it would be dropped), then the
 * `max` most important, as indexes in track order: the shape survives, and the highest fix is always
 * kept so the height profile keeps its peak. Null when the track has no more than `max` fixes.
 */
export function simplifyIndexes(track: Track, max = LOW_RES_MAX_POINTS): Int32Array | null {
  const n = trackLength(track);
  if (n <= max) return null;
  const { latitudesDeg: lat, longitudesDeg: lon, baroAltitudesM: baro, gpsAltitudesM: gps } = track;
  const kx = 111_320 * Math.cos((lat[0]! * Math.PI) / 180);
  const ky = 111_320;
  // Perpendicular distance of fix p from segment a-b in a local flat projection (metres).
  const offset = (p: number, a: number, b: number) => {
    const ax = lon[a]! * kx, ay = lat[a]! * ky;
    const dx = lon[b]! * kx - ax, dy = lat[b]! * ky - ay;
    const px = lon[p]! * kx - ax, py = lat[p]! * ky - ay;
    const len2 = dx * dx + dy * dy;
    const t = len2 ? Math.max(0, Math.min(1, (px * dx + py * dy) / len2)) : 0;
    return Math.hypot(px - t * dx, py - t * dy);
  };
  const importance = new Float64Array(n);
  importance[0] = importance[n - 1] = Infinity;
  const stack: number[] = [0, n - 1];
  while (stack.length) {
    const hi = stack.pop()!;
    const lo = stack.pop()!;
    let best = -1;
    let bestD = -1;
    for (let i = lo + 1; i < hi; i++) {
      const d = offset(i, lo, hi);
      if (d > bestD) {
        bestD = d;
        best = i;
      }
    }
    if (best < 0) continue;
    importance[best] = Math.min(bestD, Math.min(importance[lo]!, importance[hi]!));
    stack.push(lo, best, best, hi);
  }
  const height = (i: number) => present(baro?.[i]) ?? present(gps?.[i]) ?? 0;
  let peak = 0;
  for (let i = 0; i < n; i++) if (height(i) > height(peak)) peak = i;
  importance[peak] = Infinity;
  const threshold = importance.slice().sort()[n - max]!;
  const out = new Int32Array(max);
  let kept = 0;
  for (let i = 0; i < n && kept < max; i++) if (importance[i]! >= threshold) out[kept++] = i;
  return out.subarray(0, kept);
}

/** The low-resolution track: at most `max` of the track's fixes (simplifyIndexes). */
export function simplifyTrackArrays(track: Track, max = LOW_RES_MAX_POINTS): Track {
  const indexes = simplifyIndexes(track, max);
  return indexes ? pickFixes(track, indexes) : track;
}

/** The same selection on the API's points (for readers that hold points). */
export function simplifyTrack(points: TrackPoint[], max = LOW_RES_MAX_POINTS): TrackPoint[] {
  const indexes = simplifyIndexes(trackFromPoints(points), max);
  return indexes ? Array.from(indexes, (i) => points[i]!) : points;
}
