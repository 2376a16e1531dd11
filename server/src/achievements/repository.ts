import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../db';
import { countedFlights } from '../flights';
import { marked } from '../privacy';
import type { Crossing } from './catalogue';

/** The achievements area's queries; each takes the database (or a transaction) first and runs one query. */

/** Per-flight amounts that achievements add up. */
const AMOUNTS = {
  one: sql<number>`1`,
  flightTime: sql<number>`coalesce(flight_time, 0)`,
  fai: sql<number>`case when flight_code = 'fai' then 1 else 0 end`,
  turns: sql<number>`coalesce(left_circles, 0) + coalesce(right_circles, 0)`,
};

/**
 * The flights achievements are measured on: completed, neither removed nor marked for review. A marked
 * flight is in doubt (a duplicate, a truncated copy of another flight, a car drive) until the pilot
 * restores it, so it unlocks nothing (a truncated copy counted as a new flight).
 */
const achievementFlights = (db: Db, userId: number) => countedFlights(db, userId).where((eb) => eb.not(marked(eb)));

/** The sums achievements are measured on, over the pilot's completed, not-removed, not-marked flights (strings on PostgreSQL). */
export const flightTotals = (db: Db, userId: number) =>
  achievementFlights(db, userId)
    .select((eb) => [
      eb.fn.countAll().as('flights'),
      eb.fn.sum('flightTime').as('totalSeconds'),
      eb.fn.max('flightTime').as('longestSeconds'),
      eb.fn.max('distance').as('bestDistanceKm'),
      eb.fn.max('maxAltitude').as('highestAltitudeM'),
      eb.fn.sum(AMOUNTS.fai).as('faiTriangles'),
      eb.fn.sum(AMOUNTS.turns).as('thermalTurns'),
      eb.fn.count('siteId').distinct().as('sites'),
    ])
    .executeTakeFirstOrThrow();

const startOrder = sql`${sql.ref('flights.startTime')}, ${sql.ref('flights.id')}`;

/** The first counted flight, in start order, at which the measure reaches the goal; undefined if none does. */
export function flightReaching(db: Db, userId: number, crossing: Crossing, goal: number): Promise<{ id: number; startTime: string | null } | undefined> {
  if (crossing.kind === 'max') {
    return achievementFlights(db, userId).select(['flights.id', 'flights.startTime']).where(`flights.${crossing.column}`, '>=', goal).orderBy('flights.startTime').orderBy('flights.id').limit(1).executeTakeFirst();
  }
  if (crossing.kind === 'distinctSites') {
    const firstAtSite = achievementFlights(db, userId)
      .where('flights.siteId', 'is not', null)
      .select(['flights.id', 'flights.startTime', sql<number>`row_number() over (partition by ${sql.ref('flights.siteId')} order by ${startOrder})`.as('nth')]);
    return db.selectFrom(firstAtSite.as('s')).select(['s.id', 's.startTime']).where('s.nth', '=', 1).orderBy('s.startTime').orderBy('s.id').limit(1).offset(goal - 1).executeTakeFirst();
  }
  const running = achievementFlights(db, userId).select(['flights.id', 'flights.startTime', sql<number>`sum(${AMOUNTS[crossing.amount]}) over (order by ${startOrder})`.as('total')]);
  return db.selectFrom(running.as('r')).select(['r.id', 'r.startTime']).where('r.total', '>=', goal).orderBy('r.startTime').orderBy('r.id').limit(1).executeTakeFirst();
}

/** Records a reached tier; false when it was already recorded. */
export async function insertTier(db: Db, tier: { userId: number; achievementId: string; level: number; achievedAt: string; flightId: number | null }): Promise<boolean> {
  const inserted = await db
    .insertInto('userAchievements')
    .values(tier)
    .onConflict((oc) => oc.columns(['userId', 'achievementId', 'level']).doNothing())
    .returning('level')
    .executeTakeFirst();
  return !!inserted;
}

type RaisedTier = { userId: number; achievementId: string; level: number; achievedAt: string; flightId: number | null };

/** Queues a tier's notification; a tier already notified (the unique key on pilot, achievement and level) is left as it is. */
export async function insertNotification(db: Db, notification: RaisedTier & { batchTaskId: number | null }): Promise<void> {
  await db
    .insertInto('notifications')
    .values({ ...notification, dismissedAt: null })
    .onConflict((oc) => oc.columns(['userId', 'achievementId', 'level']).doNothing())
    .execute();
}

/** Advisory lock namespace for evaluating one pilot's achievements (any constant unique in this app). */
const ACHIEVEMENTS_LOCK = 0x616368;

/**
 * Takes the pilot's achievements lock until the transaction ends, so two evaluations of one pilot
 * run one after the other and the second sees what the first recorded. SQLite transactions begin
 * immediate (db/index.ts), which already makes them one writer at a time.
 */
export async function lockPilotAchievements(trx: Db, userId: number): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) await sql`SELECT pg_advisory_xact_lock(${ACHIEVEMENTS_LOCK}, ${userId})`.execute(trx);
}

/** The pilot's newest upload task: the batch a notification raised now belongs to. */
export async function latestUploadTaskId(db: Db, userId: number): Promise<number | null> {
  const row = await db.selectFrom('uploadTasks').select((eb) => eb.fn.max('id').as('id')).where('userId', '=', userId).executeTakeFirst();
  return row?.id ?? null;
}

/** The pilot's notification of an achievement that is still unread, if any (one popup per achievement while unread). */
export const findOpenNotification = (db: Db, userId: number, achievementId: string) =>
  db.selectFrom('notifications').select('id').where('userId', '=', userId).where('achievementId', '=', achievementId).where('dismissedAt', 'is', null).executeTakeFirst();

/** Raises an unread notification to a higher tier reached since (in this upload or a later one). */
export async function raiseNotification(db: Db, id: number, tier: Pick<RaisedTier, 'level' | 'achievedAt' | 'flightId'> & { batchTaskId: number | null }): Promise<void> {
  await db
    .updateTable('notifications')
    .set(tier)
    .where('id', '=', id)
    // Never onto a tier already notified (the unique key): that one stays as it was.
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('notifications as other').select('other.id').whereRef('other.userId', '=', 'notifications.userId').whereRef('other.achievementId', '=', 'notifications.achievementId').where('other.level', '=', tier.level))),
    )
    .execute();
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
