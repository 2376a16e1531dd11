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
