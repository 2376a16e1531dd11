import type { Nearby, PublicFlightRef } from '../../../contract/community';
import type { Db, DbDeps } from '../db';
import { findTrack, ownFlight } from '../flights';
import { notFound } from '../http';
import { findPlace, placeDayFlights, placeRefOfFlight } from '../places';
import { isListed, toFlightRef } from '../privacy';
import { findSharedFlight, SHARE_GONE } from '../sharing';
import { readTrackPoints } from '../track';
import { firstMeeting } from './met';
import * as repo from './repository';

type FlightForNearby = { id: number; userId: number; startTime: string | null; endTime: string | null; localDate: string | null };

/** Who flew from the same place that day, and whose public track came close in the air ("flew with"). */
async function nearbyOf(db: Db, flight: FlightForNearby): Promise<Nearby> {
  const place = await placeRefOfFlight(db, flight.id);
  const placeId = place ? (await findPlace(db, place.id))?.id : undefined;
  const sameDay: PublicFlightRef[] =
    placeId !== undefined && flight.localDate ? (await placeDayFlights(db, placeId, flight.localDate)).filter((f) => f.id !== flight.id).map(toFlightRef) : [];
  const flewWith: Nearby['flewWith'] = [];
  if (flight.startTime && flight.endTime) {
    const others = await repo.listedFlightsOverlapping(db, flight.userId, flight.startTime, flight.endTime);
    const own = await findTrack(db, flight.id);
    if (own && others.length) {
      const track = await readTrackPoints(own.path);
      for (const other of others) {
        const theirs = await findTrack(db, other.id);
        if (!theirs) continue;
        const met = firstMeeting(track, await readTrackPoints(theirs.path));
        if (met !== null) flewWith.push({ ...toFlightRef(other), metAt: new Date(Math.floor(met / 60_000) * 60_000).toISOString() });
      }
    }
  }
  flewWith.sort((a, b) => a.metAt.localeCompare(b.metAt));
  return { place, sameDay, flewWith };
}

/** Beside a public flight; a private, link-only, removed, marked or unknown one answers the same 404. */
export async function publicNearby({ database: { db } }: DbDeps, token: string): Promise<Nearby> {
  const found = await findSharedFlight(db, token);
  if (!found || !isListed(found.flight)) throw notFound(SHARE_GONE);
  return nearbyOf(db, found.flight);
}

/** Beside the pilot's own flight. */
export async function ownNearby({ database: { db } }: DbDeps, userId: number, flightId: number): Promise<Nearby> {
  return nearbyOf(db, await ownFlight(db, userId, flightId));
}
