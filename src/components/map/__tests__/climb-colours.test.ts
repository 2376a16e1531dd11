import { CLIMB_BANDS, bandOf, climbRates, climbRuns, indexAtTime } from '../climb-colours';

const T0 = 1_700_000_000_000;
/** 1 Hz points climbing `rate` m/s for `seconds`, then sinking 2 m/s. */
const track = (seconds: number, rate: number) => {
  const points = [];
  let alt = 1000;
  for (let i = 0; i < seconds * 2; i++) {
    alt += i < seconds ? rate : -2;
    points.push({ latitude: 46, longitude: 8, baroAltitude: alt, timestamp: T0 + i * 1000 });
  }
  return points;
};

test('climb is the altitude change over 10 s around each point', () => {
  const rates = climbRates(track(60, 2.5));
  expect(rates[30]).toBeCloseTo(2.5, 5);
  expect(rates[90]).toBeCloseTo(-2, 5);
});

test('the track is cut into runs of one colour band, sharing end points', () => {
  const runs = climbRuns(track(60, 2.5));
  expect(runs[0]!.colour).toBe(CLIMB_BANDS[bandOf(2.5)]!.colour);
  expect(runs.at(-1)!.colour).toBe(CLIMB_BANDS[bandOf(-2)]!.colour);
  for (let i = 1; i < runs.length; i++) expect(runs[i]!.from).toBe(runs[i - 1]!.to);
  expect(runs.at(-1)!.to).toBe(119);
});

test('bands run from strong sink to strong climb', () => {
  expect(bandOf(-5)).toBe(0);
  expect(bandOf(0)).toBe(3);
  expect(bandOf(5)).toBe(CLIMB_BANDS.length - 1);
});

test('the index nearest a moment', () => {
  const points = track(10, 1);
  expect(indexAtTime(points, T0 + 4_400)).toBe(4);
  expect(indexAtTime(points, T0 + 4_600)).toBe(5);
  expect(indexAtTime(points, T0 - 10_000)).toBe(0);
  expect(indexAtTime(points, T0 + 99_000)).toBe(19);
  expect(indexAtTime([], T0)).toBeNull();
});
