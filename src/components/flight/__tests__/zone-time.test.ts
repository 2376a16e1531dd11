import { parseZoneClock, zoneClock } from '../zone-time';

test('a typed time is read in the flight zone, summer time included', () => {
  const takeoff = Date.parse('2024-07-14T09:00:00Z');
  expect(zoneClock(takeoff, 'Europe/Zurich')).toBe('11:00:00');
  expect(new Date(parseZoneClock('11:25:30', takeoff, 'Europe/Zurich')!).toISOString()).toBe('2024-07-14T09:25:30.000Z');
  expect(new Date(parseZoneClock('11:25', takeoff, 'Europe/Zurich')!).toISOString()).toBe('2024-07-14T09:25:00.000Z');
});

test('over midnight the nearer day is meant', () => {
  const late = Date.parse('2024-07-14T21:50:00Z'); // 23:50 in Zurich
  expect(new Date(parseZoneClock('00:10:00', late, 'Europe/Zurich')!).toISOString()).toBe('2024-07-14T22:10:00.000Z');
});

test('what is not a time is refused', () => {
  for (const text of ['', '25:00:00', '10:61', 'noon', '10-20-30']) expect(parseZoneClock(text, Date.now(), 'UTC')).toBeNull();
});
