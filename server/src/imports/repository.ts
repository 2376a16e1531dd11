import type { Db } from '../db';
import { visible } from '../flights/repository';

/** Takeoff instants (ISO UTC) of the pilot's visible flights: what an imported row must not repeat. */
export async function startTimes(db: Db, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('flights').select('startTime').where('userId', '=', userId).where('startTime', 'is not', null).where(visible).orderBy('startTime').execute();
  return rows.map((r) => r.startTime!);
}
