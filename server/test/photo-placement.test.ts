import { captureInstant, placePhoto, PLACEMENT_MARGIN_MS, type PhotoFacts, type PlacementFlight } from '../src/photos/placement';

const at = (iso: string) => Date.parse(iso);
const facts = (over: Partial<PhotoFacts> = {}): PhotoFacts => ({ dateTimeOriginal: null, offsetTimeOriginal: null, latitude: null, longitude: null, ...over });

/** A track of fixes every 10 s from 10:00 to 11:00 UTC, moving north by 0.001° each. */
const track = Array.from({ length: 361 }, (_, i) => ({ latitude: 46 + i * 0.001, longitude: 8, timestamp: at('2024-07-01T10:00:00Z') + i * 10_000 }));
const flight: PlacementFlight = { startTime: '2024-07-01T10:00:00.000Z', endTime: '2024-07-01T11:00:00.000Z', timeZone: 'Europe/Zurich', track };

describe('capture instant', () => {
  it('reads the wall time with its offset', () => {
    expect(captureInstant(facts({ dateTimeOriginal: '2024:07:01 15:30:00', offsetTimeOriginal: '+05:30' }), 'Europe/Zurich')).toBe(at('2024-07-01T10:00:00Z'));
    expect(captureInstant(facts({ dateTimeOriginal: '2024:07:01 05:00:00', offsetTimeOriginal: '-05:00' }), null)).toBe(at('2024-07-01T10:00:00Z'));
  });

  it("reads a wall time without offset in the flight's zone, summer and winter", () => {
    expect(captureInstant(facts({ dateTimeOriginal: '2024:07:01 12:00:00' }), 'Europe/Zurich')).toBe(at('2024-07-01T10:00:00Z'));
    expect(captureInstant(facts({ dateTimeOriginal: '2024:01:15 12:00:00' }), 'Europe/Zurich')).toBe(at('2024-01-15T11:00:00Z'));
    expect(captureInstant(facts({ dateTimeOriginal: '2024:07:01 12:00:00' }), 'America/Denver')).toBe(at('2024-07-01T18:00:00Z'));
  });

  it('has no instant without a real time, or without offset and zone', () => {
    expect(captureInstant(facts(), 'Europe/Zurich')).toBeNull();
    expect(captureInstant(facts({ dateTimeOriginal: '0000:00:00 00:00:00' }), 'Europe/Zurich')).toBeNull();
    expect(captureInstant(facts({ dateTimeOriginal: '2024:02:31 12:00:00' }), 'Europe/Zurich')).toBeNull();
    expect(captureInstant(facts({ dateTimeOriginal: 'yesterday' }), 'Europe/Zurich')).toBeNull();
    expect(captureInstant(facts({ dateTimeOriginal: '2024:07:01 12:00:00' }), null)).toBeNull();
    expect(captureInstant(facts({ dateTimeOriginal: '2024:07:01 12:00:00' }), 'Not/AZone')).toBeNull();
    // A broken offset falls back to the zone.
    expect(captureInstant(facts({ dateTimeOriginal: '2024:07:01 12:00:00', offsetTimeOriginal: '+99:00' }), 'Europe/Zurich')).toBe(at('2024-07-01T10:00:00Z'));
  });
});

describe('placing a photo', () => {
  it('puts it at the fix nearest its capture time', () => {
    // 10:10:04 UTC is nearer the fix of 10:10:00 (index 60) than 10:10:10.
    expect(placePhoto(facts({ dateTimeOriginal: '2024:07:01 12:10:04' }), flight)).toEqual({ takenAt: '2024-07-01T10:10:04.000Z', latitude: track[60]!.latitude, longitude: 8, placement: 'time' });
    expect(placePhoto(facts({ dateTimeOriginal: '2024:07:01 12:10:06' }), flight)).toMatchObject({ latitude: track[61]!.latitude, placement: 'time' });
  });

  it('prefers the time over the EXIF position', () => {
    expect(placePhoto(facts({ dateTimeOriginal: '2024:07:01 10:30:00', offsetTimeOriginal: '+00:00', latitude: 1, longitude: 2 }), flight)).toMatchObject({ latitude: track[180]!.latitude, placement: 'time' });
  });

  it(`places within ${PLACEMENT_MARGIN_MS / 60_000} minutes before takeoff and after landing, at the first and last fix`, () => {
    expect(placePhoto(facts({ dateTimeOriginal: '2024:07:01 09:30:00', offsetTimeOriginal: '+00:00' }), flight)).toMatchObject({ latitude: track[0]!.latitude, placement: 'time' });
    expect(placePhoto(facts({ dateTimeOriginal: '2024:07:01 11:30:00', offsetTimeOriginal: '+00:00' }), flight)).toMatchObject({ latitude: track[360]!.latitude, placement: 'time' });
    expect(placePhoto(facts({ dateTimeOriginal: '2024:07:01 09:29:59', offsetTimeOriginal: '+00:00' }), flight)).toMatchObject({ placement: 'none', takenAt: '2024-07-01T09:29:59.000Z' });
    expect(placePhoto(facts({ dateTimeOriginal: '2024:07:01 11:30:01', offsetTimeOriginal: '+00:00' }), flight).placement).toBe('none');
  });

  it('falls back to the EXIF position outside the flight, or without a time or a track', () => {
    const position = { latitude: 46.5, longitude: 8.25 };
    expect(placePhoto(facts({ dateTimeOriginal: '2024:07:02 12:00:00', ...position }), flight)).toEqual({ takenAt: '2024-07-02T10:00:00.000Z', ...position, placement: 'position' });
    expect(placePhoto(facts(position), flight)).toEqual({ takenAt: null, ...position, placement: 'position' });
    expect(placePhoto(facts({ dateTimeOriginal: '2024:07:01 12:10:00', ...position }), { ...flight, track: [] })).toMatchObject({ ...position, placement: 'position' });
  });

  it('places nowhere without a usable time or position (a 0/0 position is a camera without a fix)', () => {
    expect(placePhoto(facts(), flight)).toEqual({ takenAt: null, latitude: null, longitude: null, placement: 'none' });
    expect(placePhoto(facts({ latitude: 0, longitude: 0 }), flight).placement).toBe('none');
    expect(placePhoto(facts({ latitude: 95, longitude: 8 }), flight).placement).toBe('none');
    expect(placePhoto(facts({ dateTimeOriginal: '2024:07:01 12:10:00' }), { ...flight, track: [] })).toMatchObject({ takenAt: '2024-07-01T10:10:00.000Z', placement: 'none' });
  });

  it("uses the track's first and last fix when the flight has no takeoff or landing time", () => {
    const open = { ...flight, startTime: null, endTime: null };
    expect(placePhoto(facts({ dateTimeOriginal: '2024:07:01 10:45:00', offsetTimeOriginal: '+00:00' }), open)).toMatchObject({ latitude: track[270]!.latitude, placement: 'time' });
  });
});
