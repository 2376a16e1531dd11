import type { CompareAnswer, CompareFlight, CompareRef, CompareTrack } from '../../../contract/compare';
import type { TrackPoint } from '../../../contract/uploads';
import type { Db, DbDeps, User } from '../db';
import { findFlight, findTrack, type FlightRow } from '../flights';
import { readTrackPoints } from '../track';
import { notFound, unauthorized } from '../http';
import { findShareOfFlight } from '../sharing';
import { findSharedFlight, SHARE_GONE } from '../sharing';
import { isListed } from '../privacy';
import { isRemoved } from '../../../contract/rules';
import { pilotRef } from '../privacy';

/** The one answer for an own flight id that is unknown, another pilot's, removed or not analysed. */
export const OWN_FLIGHT_GONE = 'This flight does not exist in your logbook.';

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** The stored low-resolution track as parallel arrays from its first fix. */
export function toCompareTrack(points: TrackPoint[]): { start: number; track: CompareTrack } {
  const timed = points.filter((p) => p.timestamp !== undefined);
  const start = timed[0]?.timestamp ?? 0;
  return {
    start,
    track: {
      t: timed.map((p) => Math.round((p.timestamp! - start) / 1000)),
      lat: timed.map((p) => round(p.latitude, 5)),
      lon: timed.map((p) => round(p.longitude, 5)),
      alt: timed.map((p) => Math.round(p.gpsAltitude ?? p.baroAltitude ?? 0)),
    },
  };
}

type Found = { ref: string; flight: FlightRow; token: string | null; pilot: { displayName: string | null; username: string; publicPage: number } };

/** An own flight by id; anything else the same 404. */
async function ownFound(db: Db, viewer: User | null, id: number): Promise<Found> {
  if (!viewer) throw unauthorized('Please log in to compare your own flights.');
  const flight = await findFlight(db, viewer.id, id);
  if (!flight || isRemoved(flight) || flight.status !== 'Completed') throw notFound(OWN_FLIGHT_GONE);
  const share = isListed(flight) ? await findShareOfFlight(db, flight.id) : undefined;
  return { ref: String(id), flight, token: share?.token ?? null, pilot: viewer };
}

/** A public flight by token (or one of the viewer's own, whatever its visibility); else the unknown token's 404. */
async function sharedFound(db: Db, viewer: User | null, token: string): Promise<Found> {
  const found = await findSharedFlight(db, token);
  if (!found || found.flight.status !== 'Completed' || !(isListed(found.flight) || found.flight.userId === viewer?.id)) throw notFound(SHARE_GONE);
  return { ref: token, flight: found.flight, token: isListed(found.flight) ? token : null, pilot: found.pilot };
}

/** Several flights on one timeline: the pilot's own by id, anyone's public ones by token (docs/compare.md). */
export async function compare({ database: { db } }: DbDeps, viewer: User | null, refs: CompareRef[]): Promise<CompareAnswer> {
  const found: Found[] = [];
  for (const r of refs) found.push('id' in r ? await ownFound(db, viewer, r.id) : await sharedFound(db, viewer, r.token));
  const tracks = await Promise.all(
    found.map(async (f) => {
      const stored = await findTrack(db, f.flight.id);
      if (!stored) throw notFound('id' in refs[found.indexOf(f)]! ? OWN_FLIGHT_GONE : SHARE_GONE);
      return toCompareTrack(await readTrackPoints(stored.pathLowRes));
    }),
  );
  const oneDay = new Set(found.map((f) => f.flight.localDate)).size === 1;
  const zero = Math.min(...tracks.map((t) => t.start));
  const flights: CompareFlight[] = found.map((f, i) => ({
    ref: f.ref,
    token: f.token,
    pilot: pilotRef(f.pilot),
    colourIndex: i,
    startTime: new Date(tracks[i]!.start).toISOString(),
    timeZone: f.flight.timeZone,
    offset: oneDay ? Math.round((tracks[i]!.start - zero) / 1000) : 0,
    track: tracks[i]!.track,
  }));
  return { alignment: oneDay ? 'clock' : 'takeoff', shareable: flights.every((f) => f.token !== null), flights };
}
