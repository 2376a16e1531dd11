import type { Db } from '../db';
import { gearOfFlight } from '../gear';

/**
 * The harness and reserve a flight flew with, for an incident report's prefill: the gear whose period of
 * use holds the flight's day (docs/career.md, "Gear"); null where the pilot keeps none, and the pilot
 * writes them in.
 */
export async function gearForIncident(db: Db, userId: number, flight: { id: number }): Promise<{ harness: string | null; reserve: string | null }> {
  const gear = await gearOfFlight(db, userId, flight.id);
  return { harness: gear.harness?.name ?? null, reserve: gear.reserve?.name ?? null };
}
