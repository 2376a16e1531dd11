import {
  ACHIEVEMENT_CATALOGUE,
  achievementById,
  tierFor,
  type Achievement,
  type AchievementInProgress,
  type AchievementNotification,
  type AchievementsPage,
  type DismissResponse,
} from '../../../contract/achievements';
import { nowIso, toNumber, type Db, type DbDeps } from '../db';
import { notFound } from '../http';
import { CROSSINGS, descriptionKey, MEASURES, titleKey, type PilotTotals } from './catalogue';
import {
  dismissNotifications,
  findOpenNotification,
  findOpenNotifications,
  findReachedTiers,
  flightReaching,
  flightTotals,
  insertNotification,
  insertTier,
  latestUploadTaskId,
  lockPilotAchievements,
  raiseNotification,
} from './repository';

export async function pilotTotals(db: Db, userId: number): Promise<PilotTotals> {
  const row = await flightTotals(db, userId);
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
 * Records every newly reached tier, dated with the start of the flight that reached it. One batch
 * (the pilot's latest upload, analysed file by file) raises at most one notification per achievement,
 * at the highest tier it reached: an open notification of that batch is raised rather than another
 * added. Tiers once reached stay, even if a flight is later removed. Safe to run twice, and at the
 * same time: evaluations of one pilot take turns (a lock held until the transaction ends), and the
 * database keeps one tier and one notification per pilot, achievement and level (unique keys).
 */
export async function evaluateAchievements(db: Db, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockPilotAchievements(trx, userId);
    await evaluateLocked(trx, userId);
  });
}

async function evaluateLocked(db: Db, userId: number): Promise<void> {
  const totals = await pilotTotals(db, userId);
  const recorded = await findReachedTiers(db, userId);
  let batchTaskId: number | null | undefined;
  for (const a of ACHIEVEMENT_CATALOGUE) {
    const reached = tierFor(a, MEASURES[a.id](totals));
    let highest: { level: number; achievedAt: string; flightId: number | null } | undefined;
    for (let level = 1; level <= reached; level++) {
      if (recorded.some((r) => r.achievementId === a.id && r.level === level)) continue;
      const flight = await flightReaching(db, userId, CROSSINGS[a.id], a.goals[level - 1]!);
      const tier = { level, achievedAt: flight?.startTime ?? nowIso(), flightId: flight?.id ?? null };
      if (await insertTier(db, { userId, achievementId: a.id, ...tier })) highest = tier;
    }
    if (!highest) continue;
    if (batchTaskId === undefined) batchTaskId = await latestUploadTaskId(db, userId);
    const open = await findOpenNotification(db, userId, a.id);
    if (open) await raiseNotification(db, open.id, { ...highest, batchTaskId });
    else await insertNotification(db, { userId, achievementId: a.id, ...highest, batchTaskId });
  }
}

/** Every achievement: its highest reached tier, and the next goal with progress while below Diamond. */
export async function achievementsPage({ database: { db } }: DbDeps, userId: number): Promise<AchievementsPage> {
  const totals = await pilotTotals(db, userId);
  const reached = await findReachedTiers(db, userId);
  const completedAchievements: Achievement[] = [];
  const inProgressAchievements: AchievementInProgress[] = [];
  for (const a of ACHIEVEMENT_CATALOGUE) {
    const best = reached.filter((e) => e.achievementId === a.id).sort((x, y) => y.level - x.level)[0];
    const base = { id: a.id, achievementName: a.name, icon: a.icon, group: a.group, titleKey: titleKey(a.id), descriptionKey: descriptionKey(a.id) };
    const level = best?.level ?? 0;
    if (best && level > 0) completedAchievements.push({ ...base, level, achievedAt: best.achievedAt, flightId: best.flightId });
    if (level < 5) {
      const value = MEASURES[a.id](totals);
      const nextGoal = a.goals[level]!;
      inProgressAchievements.push({
        ...base,
        level,
        achievedAt: best?.achievedAt ?? null,
        flightId: best?.flightId ?? null,
        completedCount: Math.round(value * 100) / 100,
        nextGoal,
        progress: Math.max(0, Math.min(100, Math.round((value / nextGoal) * 100))),
        achievementLevel: level + 1,
      });
    }
  }
  return { completedAchievements, inProgressAchievements };
}

export async function notificationsOf({ database: { db } }: DbDeps, userId: number): Promise<AchievementNotification[]> {
  const rows = await findOpenNotifications(db, userId);
  return rows.map((n) => ({
    id: n.id,
    achievementId: n.achievementId,
    achievementName: achievementById(n.achievementId)?.name ?? n.achievementId,
    level: n.level,
    achievedAt: n.achievedAt,
    flightId: n.flightId,
  }));
}

/** Dismisses one of the pilot's achievement notifications. */
export async function dismissNotification({ database: { db } }: DbDeps, userId: number, id: number): Promise<DismissResponse> {
  if (!(await dismissNotifications(db, userId, nowIso(), id))) throw notFound('Notification not found.');
  return { message: 'Notification dismissed.' };
}

/** Dismisses all of the pilot's open achievement notifications. */
export async function dismissAllNotifications({ database: { db } }: DbDeps, userId: number): Promise<DismissResponse> {
  return { message: `${await dismissNotifications(db, userId, nowIso())} notifications dismissed.` };
}
