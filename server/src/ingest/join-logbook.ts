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
 * on it, while the notes, wing and sites the logbook gave stay (they are marked as the pilot's).
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
export async function sameFlightAsLogbookCopy(db: Db, userId: number, igcFileId: number, isLogbookCopy: boolean, a: StoredAnalysis): Promise<number | undefined> {
  const t = Date.parse(a.startTime);
  const iso = (ms: number) => new Date(ms).toISOString();
  let query = db
    .selectFrom('flights')
    .innerJoin('igcFiles', 'igcFiles.id', 'flights.igcFileId')
    .select(['flights.id', 'flights.startTime', 'flights.takeoffLat', 'flights.takeoffLon'])
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
  return rows.filter(samePlace).sort((x, y) => gap(x) - gap(y) || x.id - y.id)[0]?.id;
}

/** The file's reason in the upload history when it was not stored because its flight is already there. */
export const sameFlightReason = (isLogbookCopy: boolean, ids: number[]) => {
  const which = ids.length === 1 ? `flight ${ids[0]}` : `flights ${ids.join(', ')}`;
  return isLogbookCopy ? `Logfly's copy of the track of ${which}, already in your logbook.` : `The same flight as ${which}, whose track came from your Logfly logbook.`;
};

/** The file's reason in the upload history when its flights joined the logbook's. */
export const mergedReason = (ids: number[]) => (ids.length === 1 ? `Merged into flight ${ids[0]}.` : `Merged into flights ${ids.join(', ')}.`);
