import { scoreFlight } from '../../src/analysis/scoring';
import { trackFromPoints } from '../../src/analysis/track';
import { unwrapLongitudes, wrapLongitude } from '../../src/analysis/geo';

// Tracks across the antimeridian (179.9° E to 179.9° W) score at their true size: the same as the
// same track moved off it (docs/scoring.md, "Across the antimeridian").

const LAT = -16.5; // Fiji
const kmLon = 1 / (111.32 * Math.cos((LAT * Math.PI) / 180));
const kmLat = 1 / 110.6;

/** Fixes every ~100 m along corners given in km east and north of (lat, lon), longitudes wrapped. */
function track(corners: [number, number][], lon: number) {
  const points = [];
  let t = Date.UTC(2024, 5, 1, 22);
  for (let c = 0; c + 1 < corners.length; c++) {
    const [ax, ay] = corners[c]!;
    const [bx, by] = corners[c + 1]!;
    const steps = Math.max(1, Math.round(Math.hypot(bx - ax, by - ay) * 10));
    for (let s = 0; s < steps; s++) {
      const u = s / steps;
      points.push({ latitude: LAT + (ay + (by - ay) * u) * kmLat, longitude: wrapLongitude(lon + (ax + (bx - ax) * u) * kmLon), timestamp: (t += 10_000) });
    }
  }
  const [x, y] = corners.at(-1)!;
  points.push({ latitude: LAT + y * kmLat, longitude: wrapLongitude(lon + x * kmLon), timestamp: t + 10_000 });
  return trackFromPoints(points);
}

const LINE: [number, number][] = [
  [-7, 0],
  [7, 0],
];
// about 55 km around, closed within 300 m
const TRIANGLE: [number, number][] = [
  [-9, -6],
  [9, -6],
  [0, 10],
  [-8.8, -5.9],
];

describe('across the antimeridian', () => {
  it('makes longitudes continuous only where a step crosses it', () => {
    const plain = new Float64Array([7, 7.1, 7.2]);
    expect(unwrapLongitudes(plain)).toBe(plain);
    expect(Array.from(unwrapLongitudes(new Float64Array([179.9, -179.95, -179.9, 179.95])))).toEqual([179.9, expect.closeTo(180.05, 9), expect.closeTo(180.1, 9), expect.closeTo(179.95, 9)]);
  });

  it.each([
    ['a 14 km line', LINE, 13.9, 14.1],
    ['a 55 km triangle', TRIANGLE, 54, 56],
  ] as const)('scores %s at its true size, as off the antimeridian', (_name, corners, lo, hi) => {
    const across = track(corners, 180);
    // it does cross: longitudes on both sides
    expect(Math.max(...across.longitudesDeg)).toBeGreaterThan(179.9);
    expect(Math.min(...across.longitudesDeg)).toBeLessThan(-179.9);
    const score = scoreFlight(across, 'XContest');
    const moved = scoreFlight(track(corners, 20), 'XContest');
    expect(score.xcDistance).toBeGreaterThan(lo);
    expect(score.xcDistance).toBeLessThan(hi);
    expect(score.xcPoints).toBeCloseTo(moved.xcPoints, 1);
    expect(score.flightCode).toBe(moved.flightCode);
    // the stored turnpoints are real positions, in [−180, 180)
    for (const f of score.features) for (const p of f.geometry.points) expect(Math.abs(p.longitude)).toBeLessThanOrEqual(180);
  });
});
