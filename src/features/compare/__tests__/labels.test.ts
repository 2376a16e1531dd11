import type { CompareFlight } from '../../../../contract/compare';
import { liftLabel } from '../compare-map';
import { flightLabels } from '../labels';

const flight = (ref: string, name: string, startTime: string): CompareFlight => ({
  ref,
  token: null,
  pilot: { name, username: null },
  colourIndex: 0,
  startTime,
  timeZone: 'Europe/Zurich',
  offset: 0,
  track: { t: [], lat: [], lon: [], alt: [] },
});

test('one pilot twice is told apart by date, and by time on the same day; other pilots keep their name', () => {
  const labels = flightLabels(
    [
      flight('1', 'Anna Alpine', '2025-07-14T08:05:00Z'),
      flight('2', 'Anna Alpine', '2025-07-20T09:00:00Z'),
      flight('3', 'Ben', '2025-07-14T08:10:00Z'),
      flight('4', 'Cleo', '2025-07-14T08:00:00Z'),
      flight('5', 'Cleo', '2025-07-14T13:30:00Z'),
    ],
    'en',
  );
  expect(labels.get('1')).toBe('Anna Alpine, Jul 14, 2025');
  expect(labels.get('2')).toBe('Anna Alpine, Jul 20, 2025');
  expect(labels.get('3')).toBe('Ben');
  expect(labels.get('4')).toBe('Cleo, Jul 14, 2025, 10:00');
  expect(labels.get('5')).toBe('Cleo, Jul 14, 2025, 15:30');
  expect(new Set(labels.values()).size).toBe(5);
});

test('names of markers close together are lifted apart instead of overlapping', () => {
  const placed: { x: number; y: number; w: number }[] = [];
  const first = liftLabel(placed, 100, 100, 60);
  const second = liftLabel(placed, 110, 102, 60);
  const far = liftLabel(placed, 400, 100, 60);
  expect(first).toBe(-12);
  expect(second).toBeLessThanOrEqual(first - 14 + 2);
  expect(Math.abs(100 + first - (102 + second))).toBeGreaterThanOrEqual(14);
  expect(far).toBe(-12);
});

test('a name that would be lifted past the map’s top edge goes under its marker instead, still apart from the others', () => {
  const placed: { x: number; y: number; w: number }[] = [];
  // Two markers 25 px under the map's top: the first name fits above, the second would be cut.
  const first = liftLabel(placed, 100, 25, 60);
  const second = liftLabel(placed, 104, 26, 60);
  expect(25 + first).toBeGreaterThanOrEqual(12);
  expect(second).toBeGreaterThan(0);
  expect(26 + second).toBeGreaterThanOrEqual(12);
  expect(Math.abs(25 + first - (26 + second))).toBeGreaterThanOrEqual(14);
  // A third close by goes further down, not onto the second.
  const third = liftLabel(placed, 98, 24, 60);
  expect(third).toBeGreaterThan(second - 2);
  expect(Math.abs(24 + third - (26 + second))).toBeGreaterThanOrEqual(14);
});

