import { z } from 'zod';

import { isRemovalReasonCode, removalReasonCode } from './rules';
import { SCORING_RULES } from './scoring';
import { newSite } from './sites';
import { visibility } from './community';

const flag = z.enum(['true', 'false']).optional().transform((v) => v === 'true');
const year = z.coerce.number({ error: 'Year must be a number.' }).int('Year must be a whole number.').min(1900, 'Year must be 1900 or later.').max(2200, 'Year must be 2200 or earlier.');
const month = z.coerce.number({ error: 'Month must be a number.' }).int('Month must be a whole number.').min(1, 'Month must be between 1 and 12.').max(12, 'Month must be between 1 and 12.');

export const NOTES_MAX = 10_000;
export const SEARCH_MAX = 100;
/** Words searched in notes, site and glider names (case- and accent-insensitive); empty means no search. */
const search = z.string().trim().max(SEARCH_MAX, `Search must be at most ${SEARCH_MAX} characters.`).optional().transform((v) => v || undefined);
export const markedOnlyQuery = z.object({ markedOnly: flag, q: search });
export const byMonthQuery = z.object({ year, month, markedOnly: flag, q: search });
/** GET /api/FlightDetail/months: the months holding flights that match the search, if any. */
export const monthsQuery = z.object({ q: search });
export const byYearQuery = z.object({ year, markedOnly: flag });
export const optionalYearQuery = z.object({ year: year.optional() });
export const includeDeletedFlagQuery = z.object({ includeDeleted: flag });
export const adjacentQuery = z.object({ direction: z.enum(['prev', 'next'], { error: 'Direction must be prev or next.' }) });
export const removalReasonBody = z.object({
  removalReason: z.union([z.number(), z.string()]).transform((v, ctx) => {
    const code = removalReasonCode(v);
    if (code === null || !isRemovalReasonCode(code)) {
      ctx.addIssue({ code: 'custom', message: `Unknown removal reason: ${v}.` });
      return z.NEVER;
    }
    return code;
  }),
});
export const removalDateBody = z.object({ removalDate: z.iso.datetime({ offset: true, message: 'removalDate must be an ISO 8601 timestamp.' }) });

export const flightSummary = z.object({
  id: z.number(),
  startTime: z.string().nullable(),
  timeZone: z.string().nullable(),
  status: z.string(),
  flightTime: z.number().nullable(),
  distance: z.number().nullable(),
  maxAltitude: z.number().nullable(),
  elevationGain: z.number().nullable(),
  xcPoints: z.number().nullable(),
  leftCircles: z.number().nullable(),
  rightCircles: z.number().nullable(),
  flightCode: z.string().nullable(),
  takeoffLocation: z.string().nullable(),
  landingLocation: z.string().nullable(),
  gliderType: z.string().nullable(),
  removalReason: z.number().nullable(),
  removalDate: z.string().nullable(),
  notes: z.string().nullable(),
  gliderId: z.number().nullable(),
  /** The linked wing's name ("Manufacturer Model Size"); gliderType stays the IGC header's text. */
  gliderName: z.string().nullable(),
  siteId: z.number().nullable(),
  /** The launch site's name (the pilot's name once renamed, else the detected town). */
  siteName: z.string().nullable(),
  landingSiteId: z.number().nullable(),
  landingSiteName: z.string().nullable(),
  /** 'manual': added by hand without a track (no score, profile or phases). */
  source: z.enum(['igc', 'manual']),
  /** Who sees the flight (docs/community.md): private, link or public. */
  visibility,
  /** Airspace infringements the pilot has not cleared (docs/airspace.md); null while the flight is not checked. */
  airspaceInfringements: z.number().nullable(),
});
export type FlightSummary = z.infer<typeof flightSummary>;
export const flightDetail = flightSummary.extend({
  xcDistance: z.number().nullable(),
  groundDistance: z.number().nullable(),
  xcSpeed: z.number().nullable(),
  maxHeight: z.number().nullable(),
  startHeight: z.number().nullable(),
  maxLift: z.number().nullable(),
  maxSink: z.number().nullable(),
  /** The league the score and flight type are under (the pilot's choice). */
  scoringRules: z.enum(SCORING_RULES).nullable(),
  /** True when the pilot set takeoff and landing by hand (PUT .../window). */
  windowCorrected: z.boolean(),
  /**
   * True: no flight scores more (proven optimal). False: the best flight found so far; a background
   * job continues the proof (docs/scoring.md). Null: no score, or scored before this was recorded.
   */
  xcProven: z.boolean().nullable(),
});
export type FlightDetail = z.infer<typeof flightDetail>;
export const monthSummary = z.object({ year: z.number(), month: z.number(), count: z.number(), firstDay: z.string() });
export type MonthSummary = z.infer<typeof monthSummary>;
export const monthSummaries = z.array(monthSummary);
export const flightSummaries = z.array(flightSummary);
/** GET /api/FlightDetail/:id/adjacent: the neighbouring flight. */
export const flightRef = z.object({ id: z.number() });
export const markedCount = z.object({ count: z.number() });
/** A confirmation a person can read (delete-all). */
export const flightsMessage = z.object({ message: z.string() });

const notes = z.string().max(NOTES_MAX, `Notes must be at most ${NOTES_MAX} characters.`);
const refId = (what: string) => z.number({ error: `${what} must be an id.` }).int().positive(`${what} must be an id.`);
const notFuture = (v: string) => Date.parse(v) <= Date.now() + 60_000;

/** PATCH /api/FlightDetail/:id: any of these; null clears. */
export const flightPatchBody = z
  .object({
    notes: notes.nullable().optional(),
    gliderId: refId('gliderId').nullable().optional(),
    siteId: refId('siteId').nullable().optional(),
    landingSiteId: refId('landingSiteId').nullable().optional(),
    visibility: visibility.optional(),
    /**
     * With visibility `private`: drop the flight's link for good, so that shared again it gets a new
     * address. Without it a private flight keeps its token unused and made public again opens at the
     * same address (docs/sharing.md).
     */
    newLink: z.boolean({ error: 'newLink must be true or false.' }).optional(),
  })
  .refine((b) => Object.entries(b).some(([k, v]) => k !== 'newLink' && v !== undefined), 'Nothing to change: send notes, gliderId, siteId, landingSiteId or visibility.')
  .refine((b) => !b.newLink || b.visibility === 'private', { message: 'newLink goes only with visibility private.', path: ['newLink'] });
export type FlightPatchBody = z.input<typeof flightPatchBody>;

const knownZones = new Map<string, boolean>();
/** Whether Intl knows the IANA zone; remembered per name (a CSV import checks the same zone on every row). */
export function isTimeZone(zone: string): boolean {
  let known = knownZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    if (knownZones.size < 1000) knownZones.set(zone, known);
  }
  return known;
}

/** POST /api/FlightDetail: a flight without a track. distance in km. */
export const manualFlightBody = z
  .object({
    startTime: z.iso.datetime({ offset: true, message: 'startTime must be an ISO 8601 timestamp.' }).refine(notFuture, 'The flight cannot start in the future.'),
    timeZone: z.string().refine(isTimeZone, 'Unknown time zone.'),
    flightTime: z.number({ error: 'Duration is required.' }).int('Duration must be whole seconds.').min(1, 'Duration must be between 1 second and 24 hours.').max(86_400, 'Duration must be between 1 second and 24 hours.'),
    siteId: refId('siteId').optional(),
    site: newSite.optional(),
    landingSiteId: refId('landingSiteId').optional(),
    landingSite: newSite.optional(),
    gliderId: refId('gliderId').optional(),
    notes: notes.optional(),
    distance: z.number().min(0, 'Distance must be 0 to 1000 km.').max(1000, 'Distance must be 0 to 1000 km.').optional(),
  })
  .refine((b) => (b.siteId === undefined) !== (b.site === undefined), { message: 'Give the launch site: siteId or site, not both.', path: ['siteId'] })
  .refine((b) => b.landingSiteId === undefined || b.landingSite === undefined, { message: 'Give the landing site once: landingSiteId or landingSite.', path: ['landingSiteId'] });
export type ManualFlightBody = z.input<typeof manualFlightBody>;

const instant = (what: string) => z.iso.datetime({ offset: true, message: `${what} must be an ISO 8601 timestamp.` });
/** PUT /api/FlightDetail/:id/window: re-analyse and re-score inside these times. */
export const flightWindowBody = z
  .object({ takeoffTime: instant('takeoffTime'), landingTime: instant('landingTime') })
  .refine((b) => Date.parse(b.takeoffTime) < Date.parse(b.landingTime), { message: 'Landing must be after takeoff.', path: ['landingTime'] });
/** POST /api/FlightDetail/:id/split: two flights, before and after `at`; answers both summaries. */
export const flightSplitBody = z.object({ at: instant('at') });
/** POST /api/FlightDetail/:id/merge: joins the next flight of the same file into this one. */
export const flightMergeBody = z.object({ withFlightId: refId('withFlightId') });
