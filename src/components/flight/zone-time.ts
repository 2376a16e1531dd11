// Clock times in the flight's own time zone, as the pilot types them for takeoff and landing.
import { clockTime } from '../height-graph/height-data';

const HMS = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/** Minutes the zone is ahead of UTC at that instant. */
function offsetMinutes(ms: number, timeZone: string): number {
  try {
    const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(new Date(ms));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
    return Math.round((local - Math.floor(ms / 1000) * 1000) / 60_000);
  } catch {
    return 0;
  }
}

/** HH:MM:SS of an instant in the zone. */
export const zoneClock = (ms: number, timeZone: string | null | undefined) => clockTime(ms, timeZone ?? 'UTC', true);

/**
 * The instant a typed HH:MM(:SS) names in the zone, on the day of `near` (or the day after or before
 * when that is closer, for flights over midnight); null when the text is not a time.
 */
export function parseZoneClock(text: string, near: number, timeZone: string | null | undefined): number | null {
  const m = HMS.exec(text.trim());
  if (!m) return null;
  const [h, min, sec] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  if (h > 23 || min > 59 || sec > 59) return null;
  const zone = timeZone ?? 'UTC';
  const offset = offsetMinutes(near, zone);
  const localNear = new Date(near + offset * 60_000);
  const day = Date.UTC(localNear.getUTCFullYear(), localNear.getUTCMonth(), localNear.getUTCDate());
  const candidates = [-1, 0, 1].map((d) => day + d * 86_400_000 + ((h * 60 + min) * 60 + sec) * 1000 - offset * 60_000);
  return candidates.reduce((best, c) => (Math.abs(c - near) < Math.abs(best - near) ? c : best));
}
