import type { CompareAnswer, CompareFlight } from '../../../../contract/compare';
import { positionAt, prepareTracks, standingsAt, timelineOf, valueAt } from '../replay';

const flight = (ref: string, name: string, offset: number, lat: number[], alt: number[]): CompareFlight => ({
  ref,
  token: ref,
  pilot: { name, username: null },
  colourIndex: 0,
  startTime: new Date(Date.UTC(2025, 6, 14, 10, 0, offset)).toISOString(),
  timeZone: 'UTC',
  offset,
  track: { t: lat.map((_, i) => i * 100), lat, lon: lat.map(() => 8), alt },
});

const answer: CompareAnswer = {
  alignment: 'clock',
  shareable: true,
  flights: [flight('A', 'Anna', 0, [46, 46.1, 46.2], [1000, 1500, 2000]), flight('B', 'Ben', 50, [46, 46.05, 46.3], [1000, 1200, 1800])],
};

test('the shared timeline runs from the first start to the last landing, each flight shifted by its offset', () => {
  const tracks = prepareTracks(answer);
  expect(timelineOf(tracks)).toEqual({ start: 0, end: 250 });
  expect([...tracks[1]!.times]).toEqual([50, 150, 250]);
});

test('a marker is interpolated between fixes, waits before its start and stays at its landing', () => {
  const times = Float64Array.from([0, 100, 200]);
  expect(positionAt(times, -5)).toEqual({ i: 0, f: 0, state: 'waiting' });
  expect(positionAt(times, 0)).toEqual({ i: 0, f: 0, state: 'flying' });
  const mid = positionAt(times, 150);
  expect(mid).toEqual({ i: 1, f: 0.5, state: 'flying' });
  expect(valueAt([1000, 1500, 2000], mid)).toBe(1750);
  expect(positionAt(times, 500)).toEqual({ i: 2, f: 0, state: 'landed' });
});

test('the leader is furthest from takeoff; the others show their gap in distance and height', () => {
  const tracks = prepareTracks(answer);
  const at100 = standingsAt(tracks, 100);
  expect(at100.map((s) => [s.flight.pilot.name, s.leader])).toEqual([
    ['Anna', true],
    ['Ben', false],
  ]);
  // Anna is 0.1° north (11.1 km) at 1500 m; Ben half way to 0.05° (2.8 km) at 1100 m.
  expect(at100[0]!.distance).toBeCloseTo(11.12, 1);
  expect(at100[1]!.distanceGap).toBeCloseTo(11.12 - 2.78, 1);
  expect(at100[1]!.heightGap).toBeCloseTo(1100 - 1500, 5);
  // At the start only Anna flies: she leads, Ben waits; before anyone flies nobody leads.
  expect(standingsAt(tracks, 0).map((s) => [s.flight.pilot.name, s.leader, s.state])).toEqual([
    ['Anna', true, 'flying'],
    ['Ben', false, 'waiting'],
  ]);
  expect(standingsAt(tracks, -1).some((s) => s.leader)).toBe(false);
  // At the end Ben got further: he leads.
  expect(standingsAt(tracks, 250)[0]!.flight.pilot.name).toBe('Ben');
});
