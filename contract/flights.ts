import { z } from 'zod';

import { isRemovalReasonCode, removalReasonCode } from './rules';

const flag = z.enum(['true', 'false']).optional().transform((v) => v === 'true');
const year = z.coerce.number({ error: 'Year must be a number.' }).int('Year must be a whole number.').min(1900, 'Year must be 1900 or later.').max(2200, 'Year must be 2200 or earlier.');
const month = z.coerce.number({ error: 'Month must be a number.' }).int('Month must be a whole number.').min(1, 'Month must be between 1 and 12.').max(12, 'Month must be between 1 and 12.');

export const markedOnlyQuery = z.object({ markedOnly: flag });
export const byMonthQuery = z.object({ year, month, markedOnly: flag });
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
