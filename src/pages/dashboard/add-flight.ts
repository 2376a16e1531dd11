// A flight without a track (docs/app.md, The pilot's logbook): from what the pilot typed to the body of POST /api/FlightDetail.
import { manualFlightBody, type ManualFlightBody } from '../../../contract/flights';
import { parseSiteDraft, type SiteDraft } from '../../components/logbook/NewSiteFields';
import { localizeServerMessage } from '../../i18n/server-messages';

/** Seconds of "h:mm" (or plain minutes "90"); NaN when it is neither. */
export function parseDuration(text: string): number {
  const trimmed = text.trim();
  const hm = /^(\d{1,2}):([0-5]\d)$/.exec(trimmed);
  if (hm) return Number(hm[1]) * 3600 + Number(hm[2]) * 60;
  if (/^\d{1,4}$/.test(trimmed)) return Number(trimmed) * 60;
  return NaN;
}

/** Milliseconds the zone is ahead of UTC at an instant. */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - Math.floor(instant / 1000) * 1000;
}

/** The instant (ISO, UTC) of a wall-clock time "YYYY-MM-DDTHH:mm" in a zone; null when it is not such a time. */
export function zonedToIso(local: string, timeZone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  let instant = wall - zoneOffset(wall, timeZone);
  instant = wall - zoneOffset(instant, timeZone);
  return new Date(instant).toISOString();
}

/** The year and month (1-12) of an instant in a zone: where the dashboard shows the flight. */
export function monthIn(iso: string, timeZone: string | null): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: timeZone ?? undefined, year: 'numeric', month: 'numeric' }).formatToParts(new Date(iso));
  return { year: Number(parts.find((p) => p.type === 'year')?.value), month: Number(parts.find((p) => p.type === 'month')?.value) };
}

export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export interface AddFlightForm {
  /** "YYYY-MM-DDTHH:mm", the wall-clock time at the launch site. */
  start: string;
  duration: string;
  /** A site id, 'new', or '' (none chosen yet). */
  launch: string;
  newLaunch: SiteDraft;
  /** A site id, 'new', or '' (no landing site). */
  landing: string;
  newLanding: SiteDraft;
  gliderId: string;
  notes: string;
  distance: string;
}

/** Everything wrong, translated where the words are known. */
type Built = { body: ManualFlightBody; error: null } | { body: null; error: string };

/**
 * The body to send, or what is wrong. `zoneOf` gives the time zone of a known site; a new site is
 * taken to be in the browser's zone.
 */
export function buildManualFlight(form: AddFlightForm, zoneOf: (siteId: number) => string | null, messages: { start: string; duration: string; launch: string; distance: string }): Built {
  const fail = (error: string): Built => ({ body: null, error });
  // Everything missing at once: an empty submit names each field, not only the first.
  const problems: string[] = [];
  if (!form.launch) problems.push(messages.launch);
  const launchSite = form.launch === 'new' ? parseSiteDraft(form.newLaunch) : null;
  if (launchSite && !launchSite.site) problems.push(launchSite.error);
  const landingSite = form.landing === 'new' ? parseSiteDraft(form.newLanding) : null;
  if (landingSite && !landingSite.site) problems.push(landingSite.error);
  const timeZone = (form.launch && form.launch !== 'new' && zoneOf(Number(form.launch))) || browserTimeZone();
  const startTime = zonedToIso(form.start, timeZone);
  if (!startTime) problems.push(messages.start);
  const flightTime = parseDuration(form.duration);
  if (!Number.isFinite(flightTime)) problems.push(messages.duration);
  const distanceText = form.distance.trim().replace(',', '.');
  const distance = distanceText === '' ? undefined : Number(distanceText);
  if (distance !== undefined && !Number.isFinite(distance)) problems.push(messages.distance);
  if (problems.length || !startTime) return fail(problems.join(' '));

  const body: ManualFlightBody = {
    startTime,
    timeZone,
    flightTime,
    ...(launchSite?.site ? { site: launchSite.site } : { siteId: Number(form.launch) }),
    ...(landingSite?.site ? { landingSite: landingSite.site } : form.landing ? { landingSiteId: Number(form.landing) } : {}),
    ...(form.gliderId ? { gliderId: Number(form.gliderId) } : {}),
    ...(form.notes.trim() ? { notes: form.notes } : {}),
    ...(distance !== undefined ? { distance } : {}),
  };
  const checked = manualFlightBody.safeParse(body);
  if (!checked.success) return fail(localizeServerMessage(checked.error.issues[0]?.message ?? ''));
  return { body, error: null };
}
