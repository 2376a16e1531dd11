import type { TrackPoint } from '../../../contract/uploads';
import { distanceKm } from '../analysis';

/** Two pilots "flew with" each other when within this distance ... */
export const MET_DISTANCE_KM = 0.2;
/** ... and this difference of height ... */
export const MET_HEIGHT_M = 100;
/** ... at fixes at most this far apart in time (the same minute). */
export const MET_TIME_MS = 60_000;

const height = (p: TrackPoint, gps: boolean) => (gps ? p.gpsAltitude : p.baroAltitude) ?? p.gpsAltitude ?? p.baroAltitude;

/**
 * The first moment two tracks were within MET_DISTANCE_KM and MET_HEIGHT_M of each other at fixes at
 * most MET_TIME_MS apart, or null. Walks both tracks once (they are sorted by time): for each fix of
 * `a`, the fix of `b` nearest in time. Heights compare GPS with GPS when both have it.
 */
export function firstMeeting(a: TrackPoint[], b: TrackPoint[]): number | null {
  const timed = (t: TrackPoint[]) => t.filter((p) => typeof p.timestamp === 'number');
  const ta = timed(a);
  const tb = timed(b);
  if (!ta.length || !tb.length) return null;
  const gps = ta.some((p) => p.gpsAltitude !== undefined) && tb.some((p) => p.gpsAltitude !== undefined);
  let j = 0;
  for (const p of ta) {
    const t = p.timestamp!;
    while (j + 1 < tb.length && Math.abs(tb[j + 1]!.timestamp! - t) <= Math.abs(tb[j]!.timestamp! - t)) j++;
    const q = tb[j]!;
    if (Math.abs(q.timestamp! - t) > MET_TIME_MS) continue;
    const ha = height(p, gps);
    const hb = height(q, gps);
    if (ha === undefined || hb === undefined || Math.abs(ha - hb) > MET_HEIGHT_M) continue;
    if (distanceKm(p, q) <= MET_DISTANCE_KM) return Math.max(t, q.timestamp!);
  }
  return null;
}
