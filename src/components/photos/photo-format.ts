// Pure rules of the photo strip and viewer: order and the texts that name a photo.
import type { Photo } from '../../../contract/sharing';
import { localDateTime, timeOfDay } from '../../format/format';

const instant = (photo: Photo) => (photo.takenAt ? Date.parse(photo.takenAt) : Number.NaN);

/** By capture time; photos without one after them, in the order they were added. */
export function photosInOrder(photos: readonly Photo[]): Photo[] {
  return [...photos].sort((a, b) => {
    const [ta, tb] = [instant(a), instant(b)];
    if (Number.isNaN(ta) || Number.isNaN(tb)) return Number.isNaN(ta) === Number.isNaN(tb) ? a.id - b.id : Number.isNaN(ta) ? 1 : -1;
    return ta - tb || a.id - b.id;
  });
}

/** The capture time as a clock time in the flight's zone ('' when unknown). */
export function photoClock(photo: Photo, locale: string, timeZone: string | null | undefined): string {
  const ms = instant(photo);
  if (Number.isNaN(ms)) return '';
  return timeOfDay(ms, locale, timeZone);
}

/** The capture date and time in the flight's zone ('' when unknown). */
export const photoDateTime = (photo: Photo, locale: string, timeZone: string | null | undefined) => (photo.takenAt ? localDateTime(photo.takenAt, locale, timeZone) : '');

/** What names a photo for screen readers and tooltips: its file name and local time. */
export function photoLabel(photo: Photo, locale: string, timeZone: string | null | undefined): string {
  const clock = photoClock(photo, locale, timeZone);
  return clock ? `${photo.originalFilename}, ${clock}` : photo.originalFilename;
}

/** The photos that sit somewhere on the map. */
export const placedPhotos = (photos: readonly Photo[]) =>
  photos.filter((p): p is Photo & { latitude: number; longitude: number } => p.placement !== 'none' && p.latitude !== null && p.longitude !== null);
