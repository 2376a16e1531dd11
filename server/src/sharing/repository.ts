import type { Db, FlightShare } from '../db';
import { visible } from '../privacy';

// Share links (one per flight; deleting the row revokes it)

export function findShareOfFlight(db: Db, flightId: number): Promise<FlightShare | undefined> {
  return db.selectFrom('flightShares').selectAll().where('flightId', '=', flightId).executeTakeFirst();
}

export function findShareByToken(db: Db, token: string): Promise<FlightShare | undefined> {
  return db.selectFrom('flightShares').selectAll().where('token', '=', token).executeTakeFirst();
}

export async function updateShareFlags(db: Db, flightId: number, flags: { includeNotes: number; includePhotos: number }): Promise<void> {
  await db.updateTable('flightShares').set(flags).where('flightId', '=', flightId).execute();
}

/** The pilot's shared, visible flights for their public page, newest first. */
export function sharedFlights(db: Db, userId: number) {
  return db
    .selectFrom('flightShares')
    .innerJoin('flights', 'flights.id', 'flightShares.flightId')
    .leftJoin('sites', 'sites.id', 'flights.siteId')
    .select(['flightShares.token', 'flights.startTime', 'flights.timeZone', 'flights.flightTime', 'flights.distance', 'flights.xcPoints', 'flights.flightCode', 'sites.name as siteName'])
    .where('flightShares.userId', '=', userId)
    .where('flights.userId', '=', userId)
    .where(visible)
    .orderBy('flights.startTime', 'desc')
    .orderBy('flights.id', 'desc')
    .execute();
}

// The pilot as a visitor sees them

export function findPilotById(db: Db, userId: number) {
  return db.selectFrom('users').select(['id', 'username', 'displayName', 'publicPage', 'preferredLanguage', 'defaultTrackDownload']).where('id', '=', userId).executeTakeFirst();
}

/** The pilot with this username, compared case-insensitively like registration does. */
export function findPilotByUsername(db: Db, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'displayName', 'publicPage', 'preferredLanguage', 'defaultTrackDownload'])
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
}

export async function setPublicPage(db: Db, userId: number, enabled: boolean): Promise<void> {
  await db.updateTable('users').set({ publicPage: enabled ? 1 : 0 }).where('id', '=', userId).execute();
}

/**
 * Whether the original file behind a flight can be handed out as that flight's IGC: an IGC file (by its
 * name) that carries no other flight (a file with several flights would hand out the others too).
 */
export async function hasSoleOriginalIgc(db: Db, igcFileId: number): Promise<boolean> {
  const file = await db.selectFrom('igcFiles').select('originalFilename').where('id', '=', igcFileId).where('content', 'is not', null).executeTakeFirst();
  if (!file || !/\.igc$/i.test(file.originalFilename)) return false;
  const flights = await db.selectFrom('flights').select((eb) => eb.fn.countAll().as('n')).where('igcFileId', '=', igcFileId).executeTakeFirst();
  return Number(flights?.n ?? 0) === 1;
}

/** The gzip'd bytes of a stored original file (its name is never handed out: visitors get one made from the flight). */
export async function originalContent(db: Db, igcFileId: number): Promise<Buffer | null> {
  const file = await db.selectFrom('igcFiles').select('content').where('id', '=', igcFileId).executeTakeFirst();
  return file?.content ?? null;
}
