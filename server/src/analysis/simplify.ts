import type { TrackPoint } from './types';

/** Low-resolution tracks keep at most this many points. */
export const LOW_RES_MAX_POINTS = 1000;

/** Perpendicular distance of p from segment a-b in a local flat projection (metres). */
function offset(p: TrackPoint, a: TrackPoint, b: TrackPoint, kx: number): number {
  const ky = 111_320;
  const ax = a.longitude * kx, ay = a.latitude * ky;
  const dx = b.longitude * kx - ax, dy = b.latitude * ky - ay;
  const px = p.longitude * kx - ax, py = p.latitude * ky - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 ? Math.max(0, Math.min(1, (px * dx + py * dy) / len2)) : 0;
  return Math.hypot(px - t * dx, py - t * dy);
}

/**
 * Douglas-Peucker importance of every point (the tolerance at which it would be dropped), then the
 * `max` most important: the shape survives, and the highest point is always kept so the height
 * profile keeps its peak.
 */
export function simplifyTrack(points: TrackPoint[], max = LOW_RES_MAX_POINTS): TrackPoint[] {
  if (points.length <= max) return points;
  const kx = 111_320 * Math.cos(((points[0]!.latitude) * Math.PI) / 180);
  const importance = new Float64Array(points.length);
  importance[0] = importance[points.length - 1] = Infinity;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length) {
    const [lo, hi] = stack.pop()!;
    let best = -1;
    let bestD = -1;
    for (let i = lo + 1; i < hi; i++) {
      const d = offset(points[i]!, points[lo]!, points[hi]!, kx);
      if (d > bestD) {
        bestD = d;
        best = i;
      }
    }
    if (best < 0) continue;
    importance[best] = Math.min(bestD, Math.min(importance[lo] ?? Infinity, importance[hi] ?? Infinity));
    stack.push([lo, best], [best, hi]);
  }
  let peak = 0;
  points.forEach((p, i) => {
    if ((p.baroAltitude ?? p.gpsAltitude ?? 0) > (points[peak]!.baroAltitude ?? points[peak]!.gpsAltitude ?? 0)) peak = i;
  });
  importance[peak] = Infinity;
  const threshold = [...importance].sort((a, b) => b - a)[max - 1]!;
  const out: TrackPoint[] = [];
  for (let i = 0; i < points.length && out.length < max; i++) if (importance[i]! >= threshold) out.push(points[i]!);
  return out;
}
