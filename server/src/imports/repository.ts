import type { Db } from '../db';
import { visible } from '../privacy';

/** Takeoff instants (ISO UTC), durations and distances of the pilot's visible flights: what an imported row must not repeat. */
export async function startTimes(db: Db, userId: number): Promise<{ startTime: string; flightTime: number | null; distance: number | null }[]> {
  const rows = await db
    .selectFrom('flights')
    .select(['startTime', 'flightTime', 'distance'])
    .where('userId', '=', userId)
    .where('startTime', 'is not', null)
    .where(visible)
    .orderBy('startTime')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ startTime: r.startTime!, flightTime: r.flightTime, distance: r.distance }));
}

/** The pilot's visible flights with a track, with their takeoff: what a logbook row may join. */
export async function trackFlights(db: Db, userId: number) {
  return db
    .selectFrom('flights')
    .select(['id', 'startTime', 'takeoffLat', 'takeoffLon'])
    .where('userId', '=', userId)
    .where('igcFileId', 'is not', null)
    .where('startTime', 'is not', null)
    .where(visible)
    .orderBy('startTime')
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, startTime: r.startTime! })));
}

/** A logbook row joins a track flight: its notes, wing and launch site become the pilot's on that flight. */
export async function joinRow(db: Db, flightId: number, row: { notes: string | null; siteId: number; gliderId?: number }): Promise<void> {
  await db
    .updateTable('flights')
    .set({
      ...(row.notes !== null ? { notes: row.notes } : {}),
      siteId: row.siteId,
      siteSetByPilot: 1,
      ...(row.gliderId !== undefined ? { gliderId: row.gliderId, gliderSetByPilot: 1 } : {}),
    })
    .where('id', '=', flightId)
    .execute();
}
