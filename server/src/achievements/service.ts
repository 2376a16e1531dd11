import { sql } from 'kysely';
import { nowIso, toNumber, type Db } from '../db';
import { countedFlights } from '../flights/repository';
import { ACHIEVEMENTS, descriptionKey, tierFor, titleKey, type PilotTotals } from './catalogue';


export async function pilotTotals(db: Db, userId: number): Promise<PilotTotals> {
  const row = await countedFlights(db, userId)
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
  return {
    flights: toNumber(row.flights),
    totalSeconds: toNumber(row.totalSeconds),
    longestSeconds: toNumber(row.longestSeconds),
    bestDistanceKm: toNumber(row.bestDistanceKm),
    highestAltitudeM: toNumber(row.highestAltitudeM),
    faiTriangles: toNumber(row.faiTriangles),
    thermalTurns: toNumber(row.thermalTurns),
    sites: toNumber(row.sites),
  };
}

/**
 * Records every newly reached tier with its date and one notification for it. Tiers once reached
 * stay, even if a flight is later removed. Safe to run twice: a tier is recorded once.
 */
export async function evaluateAchievements(db: Db, userId: number): Promise<void> {
  const totals = await pilotTotals(db, userId);
  const now = nowIso();
  for (const a of ACHIEVEMENTS) {
    const reached = tierFor(a, a.measure(totals));
    for (let level = 1; level <= reached; level++) {
      const inserted = await db
        .insertInto('userAchievements')
        .values({ userId, achievementId: a.id, level, achievedAt: now })
        .onConflict((oc) => oc.columns(['userId', 'achievementId', 'level']).doNothing())
        .returning('level')
        .executeTakeFirst();
      if (inserted) await db.insertInto('notifications').values({ userId, achievementId: a.id, level, achievedAt: now, dismissedAt: null }).execute();
    }
  }
}

export async function achievementsPage(db: Db, userId: number) {
  const totals = await pilotTotals(db, userId);
  const earned = await db.selectFrom('userAchievements').selectAll().where('userId', '=', userId).execute();
  const completedAchievements = [];
  const inProgressAchievements = [];
  for (const a of ACHIEVEMENTS) {
    const mine = earned.filter((e) => e.achievementId === a.id).sort((x, y) => y.level - x.level);
    const base = { id: a.id, achievementName: a.name, icon: a.icon, group: a.group, titleKey: titleKey(a), descriptionKey: descriptionKey(a) };
    const level = mine[0]?.level ?? 0;
    if (level > 0) completedAchievements.push({ ...base, level, achievedAt: mine[0]!.achievedAt });
    if (level < 5) {
      const value = a.measure(totals);
      const nextGoal = a.goals[level]!;
      inProgressAchievements.push({
        ...base,
        level,
        achievedAt: mine[0]?.achievedAt ?? null,
        completedCount: Math.round(value * 100) / 100,
        nextGoal,
        progress: Math.max(0, Math.min(100, Math.round((value / nextGoal) * 100))),
        achievementLevel: level + 1,
      });
    }
  }
  return { completedAchievements, inProgressAchievements };
}

export async function notificationsOf(db: Db, userId: number) {
  const rows = await db.selectFrom('notifications').selectAll().where('userId', '=', userId).where('dismissedAt', 'is', null).orderBy('id').execute();
  return rows.map((n) => ({
    id: n.id,
    achievementId: n.achievementId,
    achievementName: ACHIEVEMENTS.find((a) => a.id === n.achievementId)?.name ?? n.achievementId,
    level: n.level,
    achievedAt: n.achievedAt,
  }));
}
