import { PHOTOS_PER_FLIGHT, type Photo, type PhotoRefusal, type PhotoUploadAnswer } from '../../../contract/sharing';
import type { Db, DbDeps } from '../db';
import { findTrack } from '../flights';
import { ownFlight } from '../flights';
import { readTrackPoints } from '../track';
import { badRequest, notFound } from '../http';
import { PhotoRefused, readFacts, refusal, renderPhoto } from './image';
import { placePhoto, type PlacementFlight } from './placement';
import * as repo from './repository';

/** Where the pilot's own photos are served; a shared flight serves them under its own prefix. */
export const OWN_PHOTOS_URL = '/api/photos';

/** A stored photo as the contract's photo, its images under `urlBase` (`/api/photos`, or a share's prefix). */
export const toPhoto = (row: repo.PhotoRow, urlBase: string): Photo => ({
  id: row.id,
  url: `${urlBase}/${row.id}`,
  thumbUrl: `${urlBase}/${row.id}/thumb`,
  takenAt: row.takenAt,
  latitude: row.latitude,
  longitude: row.longitude,
  placement: row.placement as Photo['placement'],
  width: row.width,
  height: row.height,
  originalFilename: row.originalFilename,
  positionHidden: row.positionHidden === 1,
});

/** One uploaded file: its bytes, or why it was refused before they were read (too large). */
export type IncomingPhoto = { filename: string; bytes: Buffer } | { filename: string; refused: PhotoRefused };

const refused = (filename: string, { code, message }: PhotoRefused): PhotoRefusal => ({ filename, code, message });

/** The name as the pilot knows it: no folders, no control characters, at most 255 characters. */
const cleanName = (name: string) =>
  (name.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .slice(0, 255) || 'photo';

/** The 400 when no file of the upload could be added: each file and its reason, in one sentence and listed. */
const noneAdded = (refused: PhotoRefusal[]) => badRequest(refused.map((r) => `${r.filename}: ${r.message}`).join(' '), { refused });

const listOf = async (db: Db, flightId: number) => (await repo.flightPhotoRows(db, flightId)).map((row) => toPhoto(row, OWN_PHOTOS_URL));

async function ownPhoto(db: Db, userId: number, photoId: number) {
  const photo = await repo.findOwnPhoto(db, userId, photoId);
  if (!photo) throw notFound('Photo not found.');
  return photo;
}

/** The photos on one of the pilot's flights. */
export const listPhotos = async ({ database: { db } }: DbDeps, userId: number, flightId: number) => listOf(db, (await ownFlight(db, userId, flightId)).id);

/**
 * Renders and places each file as it arrives (memory holds one original at a time), then stores
 * every accepted photo at once. When none could be added nothing is stored and the answer is a
 * 400 naming each file and its reason (in `message`, and listed in `refused` as the 201 does).
 */
export async function addPhotos({ database: { db } }: DbDeps, userId: number, flightId: number, files: AsyncIterable<IncomingPhoto>): Promise<PhotoUploadAnswer> {
  const flight = await ownFlight(db, userId, flightId);
  let placementFlight: PlacementFlight | undefined;
  const onFlight = async (): Promise<PlacementFlight> => {
    if (placementFlight) return placementFlight;
    const track = await findTrack(db, flight.id);
    const points = track ? await readTrackPoints(track.path) : [];
    return (placementFlight = { startTime: flight.startTime, endTime: flight.endTime, timeZone: flight.timeZone, track: points });
  };
  const room = PHOTOS_PER_FLIGHT - (await repo.countFlightPhotos(db, flight.id));
  const ready: repo.NewPhoto[] = [];
  const refusals: PhotoRefusal[] = [];
  for await (const file of files) {
    const filename = cleanName(file.filename);
    if ('refused' in file) {
      refusals.push(refused(filename, file.refused));
      continue;
    }
    if (ready.length >= room) {
      refusals.push(refused(filename, refusal('flight-full')));
      continue;
    }
    try {
      const { display, thumb, width, height } = await renderPhoto(file.bytes);
      const place = placePhoto(await readFacts(file.bytes), await onFlight());
      ready.push({ userId, flightId: flight.id, originalFilename: filename, display, thumb, width, height, ...place });
    } catch (err) {
      if (!(err instanceof PhotoRefused)) throw err;
      refusals.push(refused(filename, err));
    }
  }
  if (!ready.length && !refusals.length) throw badRequest('Choose at least one photo to upload.');
  if (!ready.length) throw noneAdded(refusals);

  const ids = await db.transaction().execute(async (trx) => {
    // Counted again: another upload to the same flight may have finished meanwhile.
    const left = PHOTOS_PER_FLIGHT - (await repo.countFlightPhotos(trx, flight.id));
    const stored: number[] = [];
    for (const [i, photo] of ready.entries()) {
      if (i < left) stored.push(await repo.insertPhoto(trx, photo));
      else refusals.push(refused(photo.originalFilename, refusal('flight-full')));
    }
    return stored;
  });
  if (!ids.length) throw noneAdded(refusals);
  const added = (await listOf(db, flight.id)).filter((p) => ids.includes(p.id));
  return { added, refused: refusals };
}

/** One size of one of the pilot's photos (JPEG). */
export async function ownPhotoImage({ database: { db } }: DbDeps, userId: number, photoId: number, kind: repo.PhotoKind): Promise<Buffer> {
  const photo = await ownPhoto(db, userId, photoId);
  const bytes = await repo.photoBytes(db, photo.id, photo.flightId, kind);
  if (!bytes) throw notFound('Photo not found.');
  return bytes;
}

/** Hides or shows the photo's position in share links; answers the photo as now stored. */
export async function setPositionHidden({ database: { db } }: DbDeps, userId: number, photoId: number, hidden: boolean): Promise<Photo> {
  const photo = await ownPhoto(db, userId, photoId);
  await repo.setPositionHidden(db, photo.id, hidden);
  return toPhoto({ ...photo, positionHidden: hidden ? 1 : 0 }, OWN_PHOTOS_URL);
}

/** Deletes one of the pilot's photos and answers the flight's photos left. */
export async function removePhoto({ database: { db } }: DbDeps, userId: number, photoId: number): Promise<Photo[]> {
  const photo = await ownPhoto(db, userId, photoId);
  await repo.deletePhoto(db, photo.id);
  return listOf(db, photo.flightId);
}
