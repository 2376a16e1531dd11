import { REMOVAL_REASONS } from '../../../contract/rules';
import { distanceKm } from '../analysis';
import type { Db } from '../db';
import type { StoredAnalysis } from './types';

/** Another instrument's recording of the same flight: takeoff and landing this close in time and place. */
const SIMILAR = { seconds: 120, km: 0.5 };
/**
 * A pilot flies one flight at a time: another file's flight sharing at least this part of the shorter
 * one's time in the air is the same flight, cut short (a recorder stopped early, a file split or
 * trimmed). Issue 26: such a truncated copy counted as a new flight and unlocked achievements.
 */
const OVERLAP_SHARE = 0.5;

/** The pilot's analysed flights from other files. */
const otherFiles = (db: Db, userId: number, igcFileId: number) =>
  db.selectFrom('flights').where('userId', '=', userId).where('igcFileId', '!=', igcFileId).where('status', '=', 'Completed');

async function hasSameFixes(db: Db, userId: number, igcFileId: number, fingerprint: string): Promise<boolean> {
  return !!(await otherFiles(db, userId, igcFileId).select('id').where('fingerprint', '=', fingerprint).executeTakeFirst());
}

function startingBetween(db: Db, userId: number, igcFileId: number, from: string, to: string) {
  return otherFiles(db, userId, igcFileId)
    .select(['endTime', 'takeoffLat', 'takeoffLon', 'landingLat', 'landingLon'])
    .where('startTime', '>=', from)
    .where('startTime', '<=', to)
    .execute();
}

/** The pilot's unmarked flights from other files whose time in the air overlaps [from, to] (a copy already marked does not mark the original). */
function overlappingInTime(db: Db, userId: number, igcFileId: number, from: string, to: string) {
  return otherFiles(db, userId, igcFileId)
    .select(['startTime', 'endTime'])
    .where('startTime', '<', to)
    .where('endTime', '>', from)
    .where((eb) => eb.or([eb('removalReason', 'is', null), eb('removalReason', '=', REMOVAL_REASONS.None)]))
    .execute();
}

/** Whether two flights share at least OVERLAP_SHARE of the shorter one's time (ms since the epoch). */
export function sharesMostOfItsTime(a: { start: number; end: number }, b: { start: number; end: number }): boolean {
  const shared = Math.min(a.end, b.end) - Math.max(a.start, b.start);
  const shorter = Math.min(a.end - a.start, b.end - b.start);
  return shorter > 0 && shared >= OVERLAP_SHARE * shorter;
}

/**
 * Duplicate (same fixes from another file), Similar (another instrument, same takeoff and landing, or
 * a truncated copy sharing most of its time in the air with another flight); None otherwise.
 */
export async function crossFileReason(db: Db, userId: number, igcFileId: number, a: StoredAnalysis): Promise<number> {
  if (await hasSameFixes(db, userId, igcFileId, a.fingerprint)) return REMOVAL_REASONS.Duplicate;
  const window = SIMILAR.seconds * 1000;
  const t0 = Date.parse(a.startTime);
  const t1 = Date.parse(a.endTime);
  const candidates = await startingBetween(db, userId, igcFileId, new Date(t0 - window).toISOString(), new Date(t0 + window).toISOString());
  const near = (lat: number | null, lon: number | null, p: { latitude: number; longitude: number }) =>
    lat !== null && lon !== null && distanceKm({ latitude: lat, longitude: lon }, p) <= SIMILAR.km;
  const similar = candidates.some((c) => Math.abs(Date.parse(c.endTime ?? '') - t1) <= window && near(c.takeoffLat, c.takeoffLon, a.takeoff) && near(c.landingLat, c.landingLon, a.landing));
  if (similar) return REMOVAL_REASONS.Similar;
  const overlapping = await overlappingInTime(db, userId, igcFileId, a.startTime, a.endTime);
  const truncatedCopy = overlapping.some((c) => c.startTime !== null && c.endTime !== null && sharesMostOfItsTime({ start: t0, end: t1 }, { start: Date.parse(c.startTime), end: Date.parse(c.endTime) }));
  return truncatedCopy ? REMOVAL_REASONS.Similar : REMOVAL_REASONS.None;
}
