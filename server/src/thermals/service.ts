import { DEFAULT_AIRCRAFT_CATEGORY } from '../../../contract/aircraft';
import { thermalCellSize, type ThermalCell, type ThermalMap, type ThermalsQuery } from '../../../contract/thermals';
import type { Db, DbDeps } from '../db';
import { unauthorized } from '../http';
import * as repo from './repository';
import { indexPendingSpots } from './spots';
import { hotspotsCup, hotspotsKml, type Hotspot } from './waypoints';

/** The exports keep the cells with the most thermals, at most this many (a vario's waypoint list stays short). */
export const HOTSPOTS_MAX = 100;

type CellTotals = ThermalCell & { latSum: number; lonSum: number; altSum: number; climbSum: number; hours: Map<number, { n: number; climbSum: number }> };

const round = (v: number, digits: number) => Number(v.toFixed(digits));

/** The hour with the best average climb; ties: more thermals, then the earlier hour. */
function bestHourOf(hours: Map<number, { n: number; climbSum: number }>): number | null {
  let best: { hour: number; avg: number; n: number } | null = null;
  for (const [hour, { n, climbSum }] of [...hours].sort((a, b) => a[0] - b[0])) {
    if (n === 0) continue;
    const avg = climbSum / n;
    if (!best || avg > best.avg || (avg === best.avg && n > best.n)) best = { hour, avg, n };
  }
  return best?.hour ?? null;
}

/** Folds the per-hour rows into cells (each cell's centre, totals and best hour), ordered south to north, west to east. */
function foldCells(rows: Awaited<ReturnType<typeof repo.spotsByCellAndHour>>, cellSize: number): CellTotals[] {
  const cells = new Map<string, CellTotals & { cy: number; cx: number }>();
  for (const r of rows) {
    const cy = Number(r.cy);
    const cx = Number(r.cx);
    const key = `${cy}:${cx}`;
    let c = cells.get(key);
    if (!c) {
      c = { cy, cx, latitude: round((cy + 0.5) * cellSize, 6), longitude: round((cx + 0.5) * cellSize, 6), count: 0, averageClimb: null, bestHour: null, failedLaunches: 0, latSum: 0, lonSum: 0, altSum: 0, climbSum: 0, hours: new Map() };
      cells.set(key, c);
    }
    const n = Number(r.n);
    c.count += n;
    c.failedLaunches += Number(r.failed);
    c.climbSum += Number(r.climbSum ?? 0);
    c.latSum += Number(r.latSum ?? 0);
    c.lonSum += Number(r.lonSum ?? 0);
    c.altSum += Number(r.altSum ?? 0);
    const hour = c.hours.get(r.localHour) ?? { n: 0, climbSum: 0 };
    hour.n += n;
    hour.climbSum += Number(r.climbSum ?? 0);
    c.hours.set(r.localHour, hour);
  }
  return [...cells.values()]
    .sort((a, b) => a.cy - b.cy || a.cx - b.cx)
    .map((c) => ({ ...c, averageClimb: c.count ? round(c.climbSum / c.count, 2) : null, bestHour: bestHourOf(c.hours) }));
}

async function cellsOf(db: Db, query: ThermalsQuery, userId: number | undefined) {
  if (query.scope === 'mine' && userId === undefined) throw unauthorized('Please log in to see the thermals of your own flights.');
  await indexPendingSpots(db);
  const cellSize = thermalCellSize(query.bbox);
  const rows = await repo.spotsByCellAndHour(db, { userId: query.scope === 'mine' ? userId : undefined, box: query.bbox, cellSize, months: query.months, hours: query.hours, category: query.category ?? DEFAULT_AIRCRAFT_CATEGORY });
  return { cellSize, cells: foldCells(rows, cellSize) };
}

/** The cells with thermals, most thermals first (then the better climb), at their thermals' mean position. */
async function hotspots(db: Db, query: ThermalsQuery, userId: number | undefined): Promise<Hotspot[]> {
  const { cells } = await cellsOf(db, query, userId);
  return cells
    .filter((c) => c.count > 0)
    .sort((a, b) => b.count - a.count || b.averageClimb! - a.averageClimb!)
    .slice(0, HOTSPOTS_MAX)
    .map((c) => ({
      latitude: c.latSum / c.count,
      longitude: c.lonSum / c.count,
      altitude: c.altSum / c.count,
      count: c.count,
      averageClimb: c.averageClimb!,
      bestHour: c.bestHour!,
      failedLaunches: c.failedLaunches,
    }));
}

/** A thermal map from the stored thermals (docs/thermal-maps.md): the pilot's own, or the instance's public flights. */
export async function thermalMap({ database: { db } }: DbDeps, query: ThermalsQuery, userId: number | undefined): Promise<ThermalMap> {
  const { cellSize, cells } = await cellsOf(db, query, userId);
  return {
    scope: query.scope,
    cellSize,
    cells: cells.map(({ latitude, longitude, count, averageClimb, bestHour, failedLaunches }) => ({ latitude, longitude, count, averageClimb, bestHour, failedLaunches })),
  };
}

/** The map's hotspots as a SeeYou waypoint file. */
export async function hotspotsCupFile({ database: { db } }: DbDeps, query: ThermalsQuery, userId: number | undefined): Promise<{ filename: string; text: string }> {
  return { filename: `thermals-${query.scope}.cup`, text: hotspotsCup(await hotspots(db, query, userId)) };
}

/** The map's hotspots as KML placemarks. */
export async function hotspotsKmlFile({ database: { db } }: DbDeps, query: ThermalsQuery, userId: number | undefined): Promise<{ filename: string; text: string }> {
  return { filename: `thermals-${query.scope}.kml`, text: hotspotsKml(await hotspots(db, query, userId), `Thermals (${query.scope})`) };
}
