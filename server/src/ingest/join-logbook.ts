import { distanceKmOf } from '../analysis';
import type { Db } from '../db';
import type { StoredAnalysis } from './types';

/**
 * The merge rule (docs/import.md): a track and a flight of the logbook without one (entered by hand or
 * imported from a logbook) are the same flight when their takeoffs are within two minutes and, when
 * the logbook knows the launch's position, within two kilometres of each other.
 */
export const JOIN = { maxTakeoffGapS: 120, maxLaunchKm: 2 };

/** The pilot's flight without a track that this analysed flight is, the nearest in time; undefined when none. */
export async function logbookFlightToJoin(db: Db, userId: number, a: StoredAnalysis): Promise<number | undefined> {
  const t = Date.parse(a.startTime);
  const iso = (ms: number) => new Date(ms).toISOString();
  const rows = await db
    .selectFrom('flights')
    .select(['id', 'startTime', 'takeoffLat', 'takeoffLon'])
    .where('userId', '=', userId)
    .where('igcFileId', 'is', null)
    .where('removalDate', 'is', null)
    .where('startTime', '>=', iso(t - JOIN.maxTakeoffGapS * 1000))
    .where('startTime', '<=', iso(t + JOIN.maxTakeoffGapS * 1000))
    .execute();
  const samePlace = (r: (typeof rows)[number]) => r.takeoffLat === null || r.takeoffLon === null || distanceKmOf(r.takeoffLat, r.takeoffLon, a.takeoff.latitude, a.takeoff.longitude) <= JOIN.maxLaunchKm;
  const gap = (r: (typeof rows)[number]) => Math.abs(Date.parse(r.startTime!) - t);
  return rows.filter(samePlace).sort((x, y) => gap(x) - gap(y) || x.id - y.id)[0]?.id;
}

/**
 * Makes the logbook's flight this file's segment: the analysis then stores the track and its numbers
 * on it, while the notes, wing and sites the logbook gave stay (they are marked as the pilot's). The
 * pilot's own file takes a flight from Logfly's copy of its track the same way (replaceLogbookCopy).
 */
export async function joinLogbookFlight(db: Db, flightId: number, key: { igcFileId: number; segmentIndex: number }): Promise<void> {
  // A flight listed as Pending for this segment when the file was received gives way to the logbook's.
  await db.deleteFrom('flights').where('igcFileId', '=', key.igcFileId).where('segmentIndex', '=', key.segmentIndex).where('id', '!=', flightId).execute();
  await db.updateTable('flights').set({ igcFileId: key.igcFileId, segmentIndex: key.segmentIndex, source: 'igc' }).where('id', '=', flightId).execute();
}

/**
 * The pilot's flight with a track from another file that this analysed flight is by the merge rule, when
 * one of the two tracks is a logbook's copy (Logfly's V_IGC): the pilot's original IGC and Logfly's
 * stored text of it differ in their bytes but are one flight (docs/import.md). Two of the pilot's own
 * recordings of one flight stay two flights, flagged Similar (cross-file-reason.ts).
 */
export async function sameFlightAsLogbookCopy(db: Db, userId: number, igcFileId: number, isLogbookCopy: boolean, a: StoredAnalysis): Promise<{ flightId: number; igcFileId: number } | undefined> {
  const t = Date.parse(a.startTime);
  const iso = (ms: number) => new Date(ms).toISOString();
  let query = db
    .selectFrom('flights')
    .innerJoin('igcFiles', 'igcFiles.id', 'flights.igcFileId')
    .select(['flights.id', 'flights.igcFileId', 'flights.startTime', 'flights.takeoffLat', 'flights.takeoffLon'])
    .where('flights.userId', '=', userId)
    .where('flights.igcFileId', '!=', igcFileId)
    .where('flights.status', '=', 'Completed')
    .where('flights.removalDate', 'is', null)
    .where('flights.startTime', '>=', iso(t - JOIN.maxTakeoffGapS * 1000))
    .where('flights.startTime', '<=', iso(t + JOIN.maxTakeoffGapS * 1000));
  // A pilot's own file is matched only against a logbook's copy; a copy against any track.
  if (!isLogbookCopy) query = query.where('igcFiles.logbookCopy', '=', 1);
  const rows = await query.execute();
  const samePlace = (r: (typeof rows)[number]) => r.takeoffLat !== null && r.takeoffLon !== null && distanceKmOf(r.takeoffLat, r.takeoffLon, a.takeoff.latitude, a.takeoff.longitude) <= JOIN.maxLaunchKm;
  const gap = (r: (typeof rows)[number]) => Math.abs(Date.parse(r.startTime!) - t);
  const found = rows.filter(samePlace).sort((x, y) => gap(x) - gap(y) || x.id - y.id)[0];
  return found && { flightId: found.id, igcFileId: found.igcFileId! };
}

/**
 * The pilot's own file of a flight whose track is a logbook's copy replaces the copy on that flight
 * (docs/import.md): the flight becomes this file's segment, so it keeps its id and with it its share
 * link, comments, likes, visibility, photos, notes, wing and site; the analysis then stores this file's
 * track and numbers on it. The copy's file is settled after (settleReplacedCopy).
 */
export const replaceLogbookCopy = joinLogbookFlight;

/** The pilot's flights of a file (a copy whose flight was taken may hold none). */
async function flightCountOfFile(db: Db, igcFileId: number): Promise<number> {
  const row = await db.selectFrom('flights').select((eb) => eb.fn.countAll().as('n')).where('igcFileId', '=', igcFileId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A logbook's copy whose flights the pilot's own file took: holding no flight now, it is a duplicate of
 * the (first) flight it gave up, so its ledger line still accounts for it ("Logfly's copy of the track of
 * flight N, replaced by your own file."). Answers the upload task it belongs to, to be counted again.
 */
export async function settleReplacedCopy(db: Db, copyFileId: number, flightIds: number[]): Promise<number | undefined> {
  if ((await flightCountOfFile(db, copyFileId)) === 0) {
    await db.updateTable('igcFiles').set({ status: 'Duplicate', reason: copyReplacedReason(flightIds), sameFlightId: flightIds[0]! }).where('id', '=', copyFileId).execute();
  }
  return (await db.selectFrom('igcFiles').select('uploadTaskId').where('id', '=', copyFileId).executeTakeFirst())?.uploadTaskId;
}

const flightsNamed = (ids: number[]) => (ids.length === 1 ? `flight ${ids[0]}` : `flights ${ids.join(', ')}`);
const tracksOf = (ids: number[]) => `${ids.length === 1 ? 'track' : 'tracks'} of ${flightsNamed(ids)}`;

/** The file's reason in the upload history when it was not stored because its flight is already there. */
export const sameFlightReason = (isLogbookCopy: boolean, ids: number[]) =>
  isLogbookCopy ? `Logfly's copy of the ${tracksOf(ids)}, already in your logbook.` : `The same flight as ${flightsNamed(ids)}, whose track came from your Logfly logbook.`;

/** The file's reason in the upload history when its flights joined the logbook's. */
export const mergedReason = (ids: number[]) => `Merged into ${flightsNamed(ids)}.`;

/** The pilot's own file's reason when its track replaced Logfly's copy on flights already in the logbook. */
export const replacedCopyReason = (ids: number[]) => `Replaced Logfly's copy of the ${tracksOf(ids)}.`;

/** Logfly's copy's reason once the pilot's own file replaced it. */
export const copyReplacedReason = (ids: number[]) => `Logfly's copy of the ${tracksOf(ids)}, replaced by your own file.`;

/** How a file's reason begins when its flights are flights already in the logbook: the ledger's "merged" (uploads/ledger.ts). */
export const MERGED_REASON_STARTS = ['Merged into flight', "Replaced Logfly's copy"] as const;
