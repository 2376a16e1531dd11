import type { Photo } from '../../../../contract/sharing';
import { photoClock, photoLabel, photosInOrder, placedPhotos } from '../photo-format';

const photo = (id: number, over: Partial<Photo> = {}): Photo => ({
  id,
  url: `/api/photos/${id}`,
  thumbUrl: `/api/photos/${id}/thumb`,
  positionHidden: false,
  takenAt: null,
  latitude: null,
  longitude: null,
  placement: 'none',
  width: 4,
  height: 3,
  originalFilename: `p${id}.jpg`,
  ...over,
});

describe('photo-format', () => {
  it('orders by capture time, equal times by id, photos without a time last by id', () => {
    const list = [
      photo(5),
      photo(4, { takenAt: '2024-07-14T10:00:00Z' }),
      photo(3, { takenAt: '2024-07-14T09:00:00Z' }),
      photo(1),
      photo(2, { takenAt: '2024-07-14T10:00:00Z' }),
      photo(6, { takenAt: 'not a time' }),
    ];
    expect(photosInOrder(list).map((p) => p.id)).toEqual([3, 2, 4, 1, 5, 6]);
    expect(list.map((p) => p.id)).toEqual([5, 4, 3, 1, 2, 6]);
  });

  it('names a photo by file and clock time in the flight zone, in the language; UTC when the zone is unknown', () => {
    const p = photo(1, { takenAt: '2024-07-14T09:30:00Z', originalFilename: 'lake.jpg' });
    expect(photoLabel(p, 'en', 'Europe/Zurich')).toBe('lake.jpg, 11:30');
    expect(photoLabel(p, 'de', 'Europe/Zurich')).toBe('lake.jpg, 11:30');
    expect(photoClock(p, 'de', 'Not/AZone')).toBe('09:30');
    expect(photoClock(p, 'de', null)).toBe('09:30');
    expect(photoLabel(photo(2, { originalFilename: 'beer.jpg' }), 'en', 'Europe/Zurich')).toBe('beer.jpg');
  });

  it('puts on the map only photos placed with a position', () => {
    const list = [photo(1, { placement: 'time', latitude: 46, longitude: 8 }), photo(2, { placement: 'position', latitude: 46.1, longitude: 8.1 }), photo(3), photo(4, { placement: 'none', latitude: 46, longitude: 8 })];
    expect(placedPhotos(list).map((p) => p.id)).toEqual([1, 2]);
  });
});
