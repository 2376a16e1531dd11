import { clockTime, heightSeries, nearestPoint, UNTIMED_SPACING_MS } from '../height-data';

describe('height series', () => {
  it('keeps points with a nonzero altitude or a timestamp, remembering their track index', () => {
    const s = heightSeries([
      { latitude: 0, longitude: 0, baroAltitude: 1000, gpsAltitude: 1010, timestamp: 1_000 },
      { latitude: 0, longitude: 0 },
      { latitude: 0, longitude: 0, baroAltitude: 0, gpsAltitude: 0, timestamp: 2_000 },
      { latitude: 0, longitude: 0, baroAltitude: 1200, gpsAltitude: 1190, timestamp: 3_000 },
    ]);
    expect(s.points.map((p) => p.index)).toEqual([0, 2, 3]);
    expect(s.points.map((p) => p.x)).toEqual([1_000, 2_000, 3_000]);
    expect(s.timed).toBe(true);
  });

  it('spaces untimed points 10 s apart', () => {
    const s = heightSeries([
      { latitude: 0, longitude: 0, gpsAltitude: 500 },
      { latitude: 0, longitude: 0, gpsAltitude: 600 },
      { latitude: 0, longitude: 0, gpsAltitude: 700 },
    ]);
    expect(s.points.map((p) => p.x)).toEqual([0, UNTIMED_SPACING_MS, 2 * UNTIMED_SPACING_MS]);
    expect(s.timed).toBe(false);
  });

  it('draws a line only when some point has a value above 0', () => {
    const gpsOnly = heightSeries([{ latitude: 0, longitude: 0, gpsAltitude: 500, timestamp: 0 }]);
    expect(gpsOnly.hasBaro).toBe(false);
    expect(gpsOnly.hasGps).toBe(true);
  });

  it('ranges Y over the drawn values with a margin of 5 % of their span, at least 10 m, never below 0', () => {
    const at = (baroAltitude: number, gpsAltitude?: number) => ({ latitude: 0, longitude: 0, baroAltitude, gpsAltitude, timestamp: 0 });
    expect(heightSeries([at(1210, 1220), at(1790, 1780)]).yDomain).toEqual([1181, 1819]);
    expect(heightSeries([at(1000, 2000)]).yDomain).toEqual([950, 2050]);
    // A missing altitude comes as 0 and is not drawn, so it does not stretch the range.
    expect(heightSeries([at(1500, 0), at(1500, 0)]).yDomain).toEqual([1490, 1510]);
    expect(heightSeries([at(4), at(300)]).yDomain).toEqual([0, 314.8]);
    expect(heightSeries([]).yDomain).toEqual([0, 10]);
  });

  it('finds the nearest point to an x position', () => {
    const { points } = heightSeries([0, 10, 20, 30].map((t, i) => ({ latitude: 0, longitude: 0, gpsAltitude: 100 + i, timestamp: t * 1000 })));
    expect(nearestPoint(points, 14_000)?.index).toBe(1);
    expect(nearestPoint(points, 16_000)?.index).toBe(2);
    expect(nearestPoint(points, -5)?.index).toBe(0);
    expect(nearestPoint(points, 99_000)?.index).toBe(3);
    expect(nearestPoint([], 0)).toBeNull();
  });

  it('formats clock time HH:MM:SS in the flight time zone', () => {
    const t = Date.UTC(2024, 6, 14, 9, 5, 7);
    expect(clockTime(t, 'UTC')).toBe('09:05:07');
    expect(clockTime(t, 'Europe/Zurich')).toBe('11:05:07');
    expect(clockTime(t, null, false)).toBe('09:05');
  });
});
