import { REMOVAL_REASONS } from '../../../contract/rules';
import { distanceKm } from '../analysis/geo';
import type { Db } from '../db';
import type { StoredAnalysis } from './types';

/** Another instrument's recording of the same flight: takeoff and landing this close in time and place. */
const SIMILAR = { seconds: 120, km: 0.5 };

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

/** Duplicate (same fixes from another file) or Similar (another instrument, same takeoff and landing); None otherwise. */
export async function crossFileReason(db: Db, userId: number, igcFileId: number, a: StoredAnalysis): Promise<number> {
  if (await hasSameFixes(db, userId, igcFileId, a.fingerprint)) return REMOVAL_REASONS.Duplicate;
  const window = SIMILAR.seconds * 1000;
  const t0 = Date.parse(a.startTime);
  const t1 = Date.parse(a.endTime);
  const candidates = await startingBetween(db, userId, igcFileId, new Date(t0 - window).toISOString(), new Date(t0 + window).toISOString());
  const near = (lat: number | null, lon: number | null, p: { latitude: number; longitude: number }) =>
    lat !== null && lon !== null && distanceKm({ latitude: lat, longitude: lon }, p) <= SIMILAR.km;
  const similar = candidates.some((c) => Math.abs(Date.parse(c.endTime ?? '') - t1) <= window && near(c.takeoffLat, c.takeoffLon, a.takeoff) && near(c.landingLat, c.landingLon, a.landing));
  return similar ? REMOVAL_REASONS.Similar : REMOVAL_REASONS.None;
}
