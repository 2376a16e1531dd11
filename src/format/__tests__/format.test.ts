import { i18n } from '@lingui/core';
import { statCards } from '../../components/flight/stat-cards';
import { decimal, duration, fileSize, hoursMinutes, km, localDateTime, metres, statisticsDuration, timeOfDay } from '../format';
import { errorMessage } from '../error-message';
import { flightTypeName, leagueName } from '../scoring-names';
import { METRIC, altitude, climb, defaultUnits, distance, setActiveUnits, speed } from '../units';

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

test('each date keeps its own language, zone and form when several are formatted in turn; an unknown zone is UTC', () => {
  const at = '2024-06-03T23:28:00Z';
  expect(localDateTime(at, 'en', 'Europe/Zurich', false)).toBe('Jun 4, 2024');
  expect(localDateTime(at, 'de', 'Europe/Zurich', false)).toBe('04.06.2024');
  expect(localDateTime(at, 'de', 'UTC', false)).toBe('03.06.2024');
  expect(localDateTime(at, 'de', 'UTC')).toBe('03.06.2024, 23:28');
  expect(localDateTime(at, 'en', 'Not/A_Zone', false)).toBe('Jun 3, 2024');
  expect(localDateTime(at, 'en', null, false)).toBe('Jun 3, 2024');
  expect(timeOfDay(at, 'en', 'Not/A_Zone')).toBe('23:28');
  expect(timeOfDay(at, 'en', 'Europe/Zurich')).toBe('01:28');
  expect(timeOfDay(at, 'en', undefined)).toBe('23:28');
});

test('flight types and leagues are named as pilots say them, not by code', () => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  expect(flightTypeName('od')).toBe('Free distance');
  expect(flightTypeName('none')).toBe('-');
  expect(leagueName('XCLeague')).toBe('UK XC League');
  expect(leagueName('FAI-Cylinders')).toBe('FAI with 400 m cylinders');
  setActiveUnits({ altitude: 'ft', distance: 'mi', speed: 'mph', climb: 'fpm' });
  expect(leagueName('FAI-Cylinders')).toBe('FAI with 1312 ft cylinders');
  setActiveUnits(METRIC);
});

describe('units (docs/units.md)', () => {
  afterEach(() => setActiveUnits(METRIC));
  const imperial = { altitude: 'ft', distance: 'mi', speed: 'mph', climb: 'fpm' } as const;

  test('the default follows the region of the browser language that matches the app language', () => {
    expect(defaultUnits('en', ['en-US', 'en'])).toEqual(imperial);
    expect(defaultUnits('en', ['en-GB'])).toEqual({ altitude: 'ft', distance: 'km', speed: 'mph', climb: 'fpm' });
    expect(defaultUnits('en', ['en'])).toEqual(METRIC);
    expect(defaultUnits('de', ['en-US', 'de-CH'])).toEqual(METRIC);
    expect(defaultUnits('fr', [])).toEqual(METRIC);
  });

  test('converts and writes each quantity; the plain km and metres formatters follow the active units', () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    expect(altitude(1000, imperial)).toBe('3281 ft');
    expect(distance(100, 1, imperial)).toBe('62.1 mi');
    expect(speed(100, 0, { ...imperial, speed: 'kt' })).toBe('54 kt');
    expect(speed(100, 0, imperial)).toBe('62 mph');
    expect(climb(1, imperial)).toBe('197 ft/min');
    expect(climb(-1.44, METRIC)).toBe('-1.4 m/s');
    expect(altitude(null, imperial)).toBe('-');
    setActiveUnits(imperial);
    expect(km(100, 1)).toBe('62.1 mi');
    expect(metres(1000)).toBe('3281 ft');
    setActiveUnits(METRIC);
    expect(km(100, 1)).toBe('100.0 km');
  });
});

test("a refused field's message reads without the API's field prefix", () => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  expect(errorMessage({ data: { message: 'email: Please enter a valid email address.' } })).toBe('Please enter a valid email address.');
  expect(errorMessage({ data: { message: 'email: Please enter a valid email address., username: Username is required.' } })).toBe('Please enter a valid email address. Username is required.');
  expect(errorMessage({ data: { message: 'Flight not found.' } })).toBe('Flight not found.');
});
