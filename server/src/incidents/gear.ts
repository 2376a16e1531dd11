import type { Db } from '../db';

/**
 * The harness and reserve a flight flew with, for an incident report's prefill. Gear other than wings
 * (harnesses, reserves linked to flights by period) is another part of docs/career.md ("Gear"); until it
 * is connected here both are null and the pilot writes them in.
 */
export async function gearForIncident(_db: Db, _userId: number, _flight: { id: number; localDate: string | null }): Promise<{ harness: string | null; reserve: string | null }> {
  return { harness: null, reserve: null };
}
