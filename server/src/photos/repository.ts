import { nowIso, toNumber, type Db, type Photo } from '../db';
import { visible } from '../privacy';

/** A stored photo without its images: what lists and placements need. */
export type PhotoRow = Omit<Photo, 'display' | 'thumb'>;
export type PhotoKind = 'display' | 'thumb';
export type NewPhoto = Omit<Photo, 'id' | 'createdAt' | 'positionHidden'>;

const ROW_COLUMNS = ['id', 'userId', 'flightId', 'originalFilename', 'width', 'height', 'takenAt', 'latitude', 'longitude', 'placement', 'positionHidden', 'createdAt'] as const;

/** A flight's photos in capture order (those without a time last), then upload order; no image bytes. */
export function flightPhotoRows(db: Db, flightId: number): Promise<PhotoRow[]> {
  return db
    .selectFrom('photos')
    .select(ROW_COLUMNS)
    .where('flightId', '=', flightId)
    .orderBy((eb) => eb.case().when('takenAt', 'is', null).then(1).else(0).end())
    .orderBy('takenAt')
    .orderBy('id')
    .execute();
}

/** One of the pilot's photos, without its images, unless its flight is removed (its photos go with it). */
export function findOwnPhoto(db: Db, userId: number, photoId: number): Promise<PhotoRow | undefined> {
  return db
    .selectFrom('photos')
    .innerJoin('flights', 'flights.id', 'photos.flightId')
    .select(ROW_COLUMNS.map((column) => `photos.${column}` as const))
    .where('photos.userId', '=', userId)
    .where('photos.id', '=', photoId)
    .where(visible)
    .executeTakeFirst();
}

/** The bytes of one size of a photo, when it belongs to that flight. */
export async function photoBytes(db: Db, photoId: number, flightId: number, kind: PhotoKind): Promise<Buffer | undefined> {
  const row = await db.selectFrom('photos').select(kind).where('id', '=', photoId).where('flightId', '=', flightId).executeTakeFirst();
  return row ? Buffer.from(row[kind]) : undefined;
}

export async function countFlightPhotos(db: Db, flightId: number): Promise<number> {
  const row = await db.selectFrom('photos').select((eb) => eb.fn.countAll().as('n')).where('flightId', '=', flightId).executeTakeFirstOrThrow();
  return toNumber(row.n);
}

export async function insertPhoto(db: Db, photo: NewPhoto): Promise<number> {
  const row = await db
    .insertInto('photos')
    .values({ ...photo, createdAt: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setPositionHidden(db: Db, photoId: number, hidden: boolean): Promise<void> {
  await db.updateTable('photos').set({ positionHidden: hidden ? 1 : 0 }).where('id', '=', photoId).execute();
}

export async function deletePhoto(db: Db, photoId: number): Promise<void> {
  await db.deleteFrom('photos').where('id', '=', photoId).execute();
}
