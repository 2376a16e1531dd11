import { i18n } from '@lingui/core';
import { buildManualFlight, monthIn, parseDuration, zonedToIso, type AddFlightForm } from '../add-flight';

const messages = { start: 'start?', duration: 'duration?', launch: 'launch?', distance: 'distance?' };
const form = (over: Partial<AddFlightForm> = {}): AddFlightForm => ({
  start: '2024-07-14T10:30',
  duration: '1:45',
  launch: '3',
  newLaunch: { name: '', latitude: '', longitude: '' },
  landing: '',
  newLanding: { name: '', latitude: '', longitude: '' },
  gliderId: '',
  notes: '',
  distance: '',
  ...over,
});
const zones = (id: number) => (id === 3 ? 'Europe/Zurich' : null);

// The contract's messages go through the translated catalog (English here).
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('Adding a flight without a track', () => {
  it('reads durations as h:mm or minutes', () => {
    expect(parseDuration('1:45')).toBe(6300);
    expect(parseDuration('0:05')).toBe(300);
    expect(parseDuration('90')).toBe(5400);
    expect(parseDuration('1:75')).toBeNaN();
    expect(parseDuration('abc')).toBeNaN();
  });

  it('turns the wall-clock time at the site into an instant, summer and winter', () => {
    expect(zonedToIso('2024-07-14T10:30', 'Europe/Zurich')).toBe('2024-07-14T08:30:00.000Z');
    expect(zonedToIso('2024-01-14T10:30', 'Europe/Zurich')).toBe('2024-01-14T09:30:00.000Z');
    expect(zonedToIso('2024-07-14T10:30', 'America/Denver')).toBe('2024-07-14T16:30:00.000Z');
    expect(zonedToIso('14.07.2024', 'UTC')).toBeNull();
  });

  it('finds the month of a flight in its zone (a late evening flight on the last day)', () => {
    expect(monthIn('2024-07-31T22:30:00.000Z', 'Europe/Zurich')).toEqual({ year: 2024, month: 8 });
    expect(monthIn('2024-07-31T22:30:00.000Z', 'UTC')).toEqual({ year: 2024, month: 7 });
  });

  it('builds the body with a known launch site in its zone', () => {
    expect(buildManualFlight(form({ gliderId: '5', notes: 'Tandem\nwith Eva', distance: '12,5', landing: '4' }), zones, messages)).toEqual({
      error: null,
      body: { startTime: '2024-07-14T08:30:00.000Z', timeZone: 'Europe/Zurich', flightTime: 6300, siteId: 3, landingSiteId: 4, gliderId: 5, notes: 'Tandem\nwith Eva', distance: 12.5 },
    });
  });

  it('sends a new launch site with its coordinates', () => {
    const built = buildManualFlight(form({ launch: 'new', newLaunch: { name: 'Amisbühl', latitude: '46.7', longitude: '7.9' } }), zones, messages);
    expect(built.body).toMatchObject({ site: { name: 'Amisbühl', latitude: 46.7, longitude: 7.9 } });
    expect(built.body).not.toHaveProperty('siteId');
  });

  it('names every missing field of an empty form at once', () => {
    expect(buildManualFlight(form({ launch: '', start: '', duration: '' }), zones, messages).error).toBe('launch? start? duration?');
  });

  it('says what is wrong', () => {
    expect(buildManualFlight(form({ launch: '' }), zones, messages).error).toBe('launch?');
    expect(buildManualFlight(form({ duration: '2h' }), zones, messages).error).toBe('duration?');
    expect(buildManualFlight(form({ duration: '0:00' }), zones, messages).error).toBe('Duration must be between 1 second and 24 hours.');
    expect(buildManualFlight(form({ start: '' }), zones, messages).error).toBe('start?');
    expect(buildManualFlight(form({ start: '2999-01-01T10:00' }), zones, messages).error).toBe('The flight cannot start in the future.');
    expect(buildManualFlight(form({ launch: 'new', newLaunch: { name: 'X', latitude: '95', longitude: '7' } }), zones, messages).error).toBe('Latitude must be between -90 and 90.');
    expect(buildManualFlight(form({ distance: 'far' }), zones, messages).error).toBe('distance?');
  });
});
