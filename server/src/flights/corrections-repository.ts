import type { Db } from '../db';

/** The stored phases of a flight (gzip'd JSON), null when its track predates them; undefined without a track. */
export async function findPhases(db: Db, flightId: number): Promise<Buffer | null | undefined> {
  const row = await db.selectFrom('flightTracks').select('phases').where('flightId', '=', flightId).executeTakeFirst();
  return row ? row.phases : undefined;
}
