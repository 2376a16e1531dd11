import type { FlightSiteStatistics, GliderStatistics, MonthlyHoursItem, OverallStatistics, YearlySummaryItem } from '../../../contract/statistics';
import { toNumber, type Db, type DbDeps } from '../db';
import { endFlightTimeZone, gliderYearTotals, monthlySeconds, overallTotals, siteTotals, yearlyTotals, type StatisticsScope } from './repository';

const TOP_SITES = 10;

/** docs/product.md §3 statistics over the pilot's own completed, not-removed flights, in the contract's shapes. */
export const ownOverallStatistics = ({ database: { db } }: DbDeps, userId: number) => overallStatistics(db, userId);
export const ownYearlySummary = ({ database: { db } }: DbDeps, userId: number) => yearlySummary(db, userId);

/** The pilot's totals; scope 'public': over their public flights only, as their public page shows them (docs/sharing.md). */
export async function overallStatistics(db: Db, userId: number, scope: StatisticsScope = 'counted'): Promise<OverallStatistics> {
  const row = await overallTotals(db, userId, scope);
  // The zone each end of the logbook was flown in, so the app shows those dates as the pilot lived them.
  const [firstFlightTimeZone, lastFlightTimeZone] = await Promise.all([endFlightTimeZone(db, userId, 'asc', scope), endFlightTimeZone(db, userId, 'desc', scope)]);
  return {
    totalFlights: toNumber(row.totalFlights),
    totalHours: toNumber(row.totalHours),
    totalDistance: toNumber(row.totalDistance),
    maxAltitude: toNumber(row.maxAltitude),
    maxDistance: toNumber(row.maxDistance),
    maxDuration: toNumber(row.maxDuration),
    firstFlight: row.firstFlight ?? null,
    lastFlight: row.lastFlight ?? null,
    firstFlightTimeZone,
    lastFlightTimeZone,
  };
}

export async function yearlySummary(db: Db, userId: number, scope: StatisticsScope = 'counted'): Promise<YearlySummaryItem[]> {
  const rows = await yearlyTotals(db, userId, scope);
  return rows.map((y) => ({
    year: toNumber(y.localYear),
    totalFlights: toNumber(y.totalFlights),
    totalHours: toNumber(y.totalHours),
    totalDistance: toNumber(y.totalDistance),
    maxDistance: toNumber(y.maxDistance),
    maxDuration: toNumber(y.maxDuration),
    avgFlightTime: Math.round(toNumber(y.avgFlightTime)),
  }));
}

export async function monthlyHours({ database: { db } }: DbDeps, userId: number, year?: number): Promise<MonthlyHoursItem[]> {
  const rows = await monthlySeconds(db, userId, year);
  return rows.map((m) => ({ year: toNumber(m.localYear), month: toNumber(m.localMonth), totalHours: toNumber(m.totalHours) }));
}

export async function flightSites({ database: { db } }: DbDeps, userId: number): Promise<FlightSiteStatistics> {
  const rows = await siteTotals(db, userId);
  const ranked = rows.map((s) => ({
    siteId: toNumber(s.siteId),
    siteName: s.siteName,
    flightCount: toNumber(s.flightCount),
    totalHours: toNumber(s.totalHours),
    lastVisited: String(s.lastVisited),
    timeZone: s.timeZone ?? null,
  }));
  const recent = [...ranked].sort((a, b) => b.lastVisited.localeCompare(a.lastVisited))[0];
  const most = ranked[0];
  return {
    totalSites: ranked.length,
    mostRecentSite: recent ? { siteId: recent.siteId, siteName: recent.siteName, date: recent.lastVisited, timeZone: recent.timeZone } : null,
    mostFlightsSite: most ? { siteId: most.siteId, siteName: most.siteName, flightCount: most.flightCount, totalHours: most.totalHours } : null,
    topLaunchSites: ranked.slice(0, TOP_SITES),
  };
}

/** Per linked wing: totals and one row per local year. */
export async function gliderStatistics({ database: { db } }: DbDeps, userId: number): Promise<GliderStatistics> {
  const byGlider = new Map<number, GliderStatistics[number]>();
  for (const row of await gliderYearTotals(db, userId)) {
    const id = toNumber(row.gliderId);
    const year = { year: toNumber(row.year), flightCount: toNumber(row.flightCount), totalSeconds: toNumber(row.totalSeconds), totalDistance: toNumber(row.totalDistance) };
    const glider = byGlider.get(id) ?? { gliderId: id, gliderName: String(row.gliderName), flightCount: 0, totalSeconds: 0, totalDistance: 0, years: [] };
    glider.flightCount += year.flightCount;
    glider.totalSeconds += year.totalSeconds;
    glider.totalDistance += year.totalDistance;
    glider.years.push(year);
    byGlider.set(id, glider);
  }
  return [...byGlider.values()];
}
