import { sql } from 'kysely';
import type { Db } from '../db';
import { countedFlights } from '../flights/repository';

/** The achievements area's queries; each takes the database (or a transaction) first and runs one query. */

/** The sums achievements are measured on, over the pilot's completed, not-removed flights (strings on PostgreSQL). */
export const flightTotals = (db: Db, userId: number) =>
  countedFlights(db, userId)
    .select((eb) => [
      eb.fn.countAll().as('flights'),
      eb.fn.sum('flightTime').as('totalSeconds'),
      eb.fn.max('flightTime').as('longestSeconds'),
      eb.fn.max('distance').as('bestDistanceKm'),
      eb.fn.max('maxAltitude').as('highestAltitudeM'),
      eb.fn.sum(sql<number>`case when flight_code = 'fai' then 1 else 0 end`).as('faiTriangles'),
      eb.fn.sum(sql<number>`coalesce(left_circles, 0) + coalesce(right_circles, 0)`).as('thermalTurns'),
      eb.fn.count('siteId').distinct().as('sites'),
    ])
    .executeTakeFirstOrThrow();

/** Records a reached tier; false when it was already recorded. */
export async function insertTier(db: Db, tier: { userId: number; achievementId: string; level: number; achievedAt: string }): Promise<boolean> {
  const inserted = await db
    .insertInto('userAchievements')
    .values(tier)
    .onConflict((oc) => oc.columns(['userId', 'achievementId', 'level']).doNothing())
    .returning('level')
    .executeTakeFirst();
  return !!inserted;
}

export async function insertNotification(db: Db, notification: { userId: number; achievementId: string; level: number; achievedAt: string }): Promise<void> {
  await db.insertInto('notifications').values({ ...notification, dismissedAt: null }).execute();
}

export const findReachedTiers = (db: Db, userId: number) => db.selectFrom('userAchievements').selectAll().where('userId', '=', userId).execute();

export const findOpenNotifications = (db: Db, userId: number) =>
  db.selectFrom('notifications').selectAll().where('userId', '=', userId).where('dismissedAt', 'is', null).orderBy('id').execute();

/** Dismisses the pilot's open notifications (only the one with this id, when given); returns how many. */
export async function dismissNotifications(db: Db, userId: number, at: string, id?: number): Promise<number> {
  let q = db.updateTable('notifications').set({ dismissedAt: at }).where('userId', '=', userId).where('dismissedAt', 'is', null);
  if (id !== undefined) q = q.where('id', '=', id);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}
