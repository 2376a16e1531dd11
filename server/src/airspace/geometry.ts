/**
 * Spherical helpers for airspace shapes. Shapes are rings of [longitude, latitude] stored flat
 * (lon0, lat0, lon1, lat1, …), closed (the last point repeats the first).
 */

export const EARTH_RADIUS_M = 6_371_000;
export const METRES_PER_NM = 1852;
export const METRES_PER_FOOT = 0.3048;
const RAD = Math.PI / 180;

/** The point at a distance (metres) and true bearing (degrees) from a start point. */
export function destination(lat: number, lon: number, bearingDeg: number, metres: number): [number, number] {
  const d = metres / EARTH_RADIUS_M;
  const b = bearingDeg * RAD;
  const p1 = lat * RAD;
  const p2 = Math.asin(Math.sin(p1) * Math.cos(d) + Math.cos(p1) * Math.sin(d) * Math.cos(b));
  const l2 = lon * RAD + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(p1), Math.cos(d) - Math.sin(p1) * Math.sin(p2));
  return [p2 / RAD, ((((l2 / RAD) + 540) % 360) - 180)];
}

/** Great-circle distance in metres. */
export function distanceM(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dp = (lat2 - lat1) * RAD;
  const dl = (lon2 - lon1) * RAD;
  const a = Math.sin(dp / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dl / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Initial true bearing (degrees, 0..360) from the first point to the second. */
export function bearingDeg(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const p1 = lat1 * RAD;
  const p2 = lat2 * RAD;
  const dl = (lon2 - lon1) * RAD;
  const y = Math.sin(dl) * Math.cos(p2);
  const x = Math.cos(p1) * Math.sin(p2) - Math.sin(p1) * Math.cos(p2) * Math.cos(dl);
  return ((Math.atan2(y, x) / RAD) + 360) % 360;
}

/** Whether (lon, lat) lies inside the closed ring (even-odd rule, planar in degrees: shapes are small against the globe). */
export function insideRing(ring: ArrayLike<number>, lon: number, lat: number): boolean {
  let inside = false;
  const n = ring.length;
  for (let i = 0, j = n - 2; i < n; j = i, i += 2) {
    const xi = ring[i]!, yi = ring[i + 1]!, xj = ring[j]!, yj = ring[j + 1]!;
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * Distance in metres from (lon, lat) to the nearest edge of the ring, in a local flat projection
 * around the point (exact enough for the few kilometres a penetration measures).
 */
export function distanceToRingM(ring: ArrayLike<number>, lon: number, lat: number): number {
  const kx = Math.cos(lat * RAD) * RAD * EARTH_RADIUS_M;
  const ky = RAD * EARTH_RADIUS_M;
  let best = Infinity;
  for (let i = 0; i + 3 < ring.length; i += 2) {
    const ax = (ring[i]! - lon) * kx, ay = (ring[i + 1]! - lat) * ky;
    const bx = (ring[i + 2]! - lon) * kx, by = (ring[i + 3]! - lat) * ky;
    const dx = bx - ax, dy = by - ay;
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
    const px = ax + t * dx, py = ay + t * dy;
    const d2 = px * px + py * py;
    if (d2 < best) best = d2;
  }
  return Math.sqrt(best);
}

/** [minLon, minLat, maxLon, maxLat] of a ring. */
export function ringBounds(ring: ArrayLike<number>): [number, number, number, number] {
  let w = Infinity, s = Infinity, e = -Infinity, n = -Infinity;
  for (let i = 0; i < ring.length; i += 2) {
    const x = ring[i]!, y = ring[i + 1]!;
    if (x < w) w = x;
    if (x > e) e = x;
    if (y < s) s = y;
    if (y > n) n = y;
  }
  return [w, s, e, n];
}
