import { randomBytes } from 'node:crypto';
import type { AircraftCategory } from '../../../contract/aircraft';
import type { Place, PlaceDay, PlaceRef } from '../../../contract/community';
import { distanceKm } from '../analysis';
import { nowIso, type Db, type DbDeps } from '../db';
import { notFound } from '../http';
import { toFlightRef } from '../privacy';
import * as repo from './repository';

/** Takeoffs closer than this share a place, as they share a site for one pilot (ingest/launch-sites.ts). */
export const PLACE_RADIUS_KM = 0.3;
/** The one answer for an unknown place and one without public flights. */
export const PLACE_GONE = 'This place does not exist or has no public flights.';
const DAYS_SHOWN = 30;
const BEST_SHOWN = 10;

/** 96 random bits, base64url: a place's public id says nothing about its row or position. */
const newPlaceId = () => randomBytes(12).toString('base64url');

/**
 * Puts the pilot's public flights without a place (every pilot's, without a pilot) into the nearest
 * place of their aircraft category within PLACE_RADIUS_KM of its takeoff, creating one on first visit
 * (docs/aircraft-category.md: a gliding airfield never becomes a paragliding place). Run when the pilot's
 * flights change ("flights changed", wired in services.ts), so a flight made public by any path (an
 * edit, a bulk change, a new upload under a public default) is placed before anyone reads it, and a
 * public read writes nothing (docs/architecture.md, "Derived data on write").
 */
export async function assignPlaces(db: Db, userId?: number): Promise<void> {
  // A flight whose category changed leaves its place: a sailplane never counts at a paragliding place.
  if (userId !== undefined) await repo.unplaceOtherCategories(db, userId);
  const unplaced = userId === undefined ? await repo.unplacedListedFlights(db) : await repo.unplacedListedFlightsOf(db, userId);
  for (const f of unplaced) {
    const p = { latitude: f.takeoffLat!, longitude: f.takeoffLon! };
    const near = (await repo.placesAround(db, p, PLACE_RADIUS_KM / 111, f.aircraftCategory))
      .map((place) => ({ place, km: distanceKm(place, p) }))
      .filter(({ km }) => km <= PLACE_RADIUS_KM)
      .sort((a, b) => a.km - b.km);
    const placeId = near[0]?.place.id ?? (await repo.insertPlace(db, { publicId: newPlaceId(), ...p, createdAt: nowIso(), aircraftCategory: f.aircraftCategory }));
    await repo.insertFlightPlace(db, f.id, placeId);
  }
}

const byCount = <T extends { n: unknown }>(rows: T[], name: (r: T) => string | null, tie: (r: T) => number = () => 0) =>
  rows
    .map((r) => ({ name: name(r)?.trim() ?? '', n: Number(r.n), tie: tie(r) }))
    .filter((r) => r.name)
    .sort((a, b) => b.tie - a.tie || b.n - a.n || a.name.localeCompare(b.name))[0]?.name;

/**
 * The place's name: the launch-site name most pilots gave it on their public flights, else the town
 * detected most often at those takeoffs, else its position.
 */
export async function placeName(db: Db, placeId: number, position?: { latitude: number; longitude: number }): Promise<string> {
  const named = byCount(await repo.placeSiteNames(db, placeId), (r) => r.name, (r) => Number(r.pilots));
  if (named) return named;
  const town = byCount(await repo.placeTownNames(db, placeId), (r) => r.takeoffLocation);
  if (town) return town;
  const at = position ?? (await repo.placeTotals(db, placeId));
  return `${at.latitude.toFixed(3)}, ${at.longitude.toFixed(3)}`;
}

/** The place of a public flight (null without a takeoff position). */
export async function placeRefOfFlight(db: Db, flightId: number): Promise<PlaceRef | null> {
  const place = await repo.placeOfFlight(db, flightId);
  return place ? { id: place.publicId, name: await placeName(db, place.id) } : null;
}

/** The places of several public flights, by flight id. */
export async function placeRefsOfFlights(db: Db, flightIds: number[]): Promise<Map<number, PlaceRef>> {
  const rows = await repo.placesOfFlights(db, flightIds);
  const names = new Map<number, string>();
  for (const r of rows) if (!names.has(r.id)) names.set(r.id, await placeName(db, r.id));
  return new Map(rows.map((r) => [r.flightId, { id: r.publicId, name: names.get(r.id)! }]));
}

/** A place with at least one public flight; else the same 404 as an unknown id. */
async function openPlace(db: Db, publicId: string) {
  const found = await repo.findPlace(db, publicId);
  const totals = found && (await repo.placeTotals(db, found.id));
  if (!found || !totals || totals.flights === 0) throw notFound(PLACE_GONE);
  return { place: found, totals };
}

/** A place shared by all pilots: read without a session, made only of public flights. */
export async function place({ database: { db } }: DbDeps, publicId: string): Promise<Place> {
  const { place: row, totals } = await openPlace(db, publicId);
  const days = await repo.placeDays(db, row.id, DAYS_SHOWN);
  const season = Number(days[0]!.localDate!.slice(0, 4));
  const best = await repo.bestOfSeason(db, row.id, season, BEST_SHOWN);
  return {
    id: row.publicId,
    name: await placeName(db, row.id, totals),
    category: row.aircraftCategory as AircraftCategory,
    latitude: totals.latitude,
    longitude: totals.longitude,
    pilotCount: totals.pilots,
    flightCount: totals.flights,
    days: days.map((d) => ({ date: d.localDate!, count: Number(d.n) })),
    season,
    best: best.map(toFlightRef),
  };
}

/** The public flights of one day at a place. */
export async function placeDay({ database: { db } }: DbDeps, publicId: string, date: string): Promise<PlaceDay> {
  const { place: row, totals } = await openPlace(db, publicId);
  const flights = await repo.placeDayFlights(db, row.id, date);
  return { place: { id: row.publicId, name: await placeName(db, row.id, totals) }, date, flights: flights.map(toFlightRef) };
}
