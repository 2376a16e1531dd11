import { evaluateAchievements } from '../achievements/service';
import type { Db } from '../db';
import { bumpDataVersion } from '../pilot/data-version';

/** What runs once after every change to a pilot's flights: an analysed file, an edit, a debug reset. */
export type FlightsChanged = (userId: number) => Promise<void>;

/**
 * The "flights changed" hook: the pilot's cached reads go stale and newly reached achievements are
 * recorded. Call it exactly once per change, after the change is stored.
 */
export async function flightsChanged(db: Db, userId: number): Promise<void> {
  await bumpDataVersion(db, userId);
  await evaluateAchievements(db, userId);
}
