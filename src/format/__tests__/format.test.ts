import { i18n } from '@lingui/core';
import { statCards } from '../../components/flight/stat-cards';
import { decimal, duration, fileSize, hoursMinutes, km, localDateTime, metres, statisticsDuration, timeOfDay } from '../format';
import { flightTypeName, leagueName } from '../scoring-names';

afterEach(() => i18n.activate('en'));

test('formats in English: fixed decimals, no thousands separator, dashes for missing values', () => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  expect(km(1234.567, 1)).toBe('1234.6 km');
  expect(km(null, 2)).toBe('-');
  expect(fileSize(1536)).toBe('1.50 KB');
  expect(fileSize(3 * 1024 * 1024)).toBe('3.00 MB');
  expect(metres(2612.6)).toBe('2613 m');
  expect(hoursMinutes(3660)).toBe('1:01');
  expect(statisticsDuration(3660)).toBe('1:01');
  expect(duration(44220)).toBe('12:17 h');
  expect(duration(0)).toBe('0:00 h');
});

test.each([
  ['fr', '19,1 km', '1,50 KB', '-1,4'],
  ['de', '19,1 km', '1,50 KB', '-1,4'],
  ['cs', '19,1 km', '1,50 KB', '-1,4'],
  ['it', '19,1 km', '1,50 KB', '-1,4'],
])('decimals the way %s writes them', (locale, distance, size, sink) => {
  i18n.loadAndActivate({ locale, messages: {} });
  expect(km(19.14, 1)).toBe(distance);
  expect(fileSize(1536)).toBe(size);
  expect(decimal(-1.44, 1)).toBe(sink);
  expect(km(12345.6, 1)).toBe('12345,6 km');
});

test('the flight page stat cards follow the language', () => {
  i18n.loadAndActivate({ locale: 'de', messages: {} });
  const values = Object.fromEntries(statCards({ xcDistance: 19.14, maxSink: -1.44, maxHeight: 2612.6 }).map((c) => [c.key, c.value]));
  expect(values).toMatchObject({ xcDistance: '19,1 km', maxSink: '-1,4 m/s', maxHeight: '2613 m' });
  i18n.activate('en');
  expect(statCards({ xcDistance: 19.14 }).find((c) => c.key === 'xcDistance')?.value).toBe('19.1 km');
});

test.each(['en', 'de', 'fr', 'it', 'es', 'cs', 'sl'])('one 24-hour clock in %s: dates with times and times of day agree', (locale) => {
  const at = '2024-06-01T11:28:00Z';
  expect(timeOfDay(at, locale, 'Europe/Zurich')).toBe('13:28');
  expect(localDateTime(at, locale, 'Europe/Zurich')).toContain('13:28');
  expect(localDateTime(at, locale, 'Europe/Zurich')).not.toMatch(/AM|PM/);
});

test('flight types and leagues are named as pilots say them, not by code', () => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  expect(flightTypeName('od')).toBe('Free distance');
  expect(flightTypeName('none')).toBe('-');
  expect(leagueName('XCLeague')).toBe('UK XC League');
});
