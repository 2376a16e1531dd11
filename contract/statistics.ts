import { z } from 'zod';

export const overallStatistics = z.object({
  totalFlights: z.number(),
  totalHours: z.number(),
  totalDistance: z.number(),
  maxAltitude: z.number(),
  maxDistance: z.number(),
  maxDuration: z.number(),
  firstFlight: z.string().nullable(),
  lastFlight: z.string().nullable(),
  /** IANA zones of the first and last flight, for showing their dates in local time. */
  firstFlightTimeZone: z.string().nullable(),
  lastFlightTimeZone: z.string().nullable(),
});
export type OverallStatistics = z.infer<typeof overallStatistics>;

export const yearlySummaryItem = z.object({
  year: z.number(),
  totalFlights: z.number(),
  totalHours: z.number(),
  totalDistance: z.number(),
  maxDistance: z.number(),
  maxDuration: z.number(),
  avgFlightTime: z.number(),
});
export type YearlySummaryItem = z.infer<typeof yearlySummaryItem>;

export const monthlyHoursItem = z.object({ year: z.number(), month: z.number(), totalHours: z.number() });
export type MonthlyHoursItem = z.infer<typeof monthlyHoursItem>;

export const flightSiteStatistics = z.object({
  totalSites: z.number(),
  mostRecentSite: z.object({ siteId: z.number(), siteName: z.string(), date: z.string(), timeZone: z.string().nullable() }).nullable(),
  mostFlightsSite: z.object({ siteId: z.number(), siteName: z.string(), flightCount: z.number(), totalHours: z.number() }).nullable(),
  topLaunchSites: z.array(z.object({ siteId: z.number(), siteName: z.string(), flightCount: z.number(), totalHours: z.number(), lastVisited: z.string(), timeZone: z.string().nullable() })),
});
export type FlightSiteStatistics = z.infer<typeof flightSiteStatistics>;

/** GET /api/statistics/gliders: per linked wing, totals and per year. Seconds; distance km. */
const gliderTotals = z.object({ flightCount: z.number(), totalSeconds: z.number(), totalDistance: z.number() });
export const gliderStatistics = z.array(
  gliderTotals.extend({ gliderId: z.number(), gliderName: z.string(), years: z.array(gliderTotals.extend({ year: z.number() })) }),
);
export type GliderStatistics = z.infer<typeof gliderStatistics>;
