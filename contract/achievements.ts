// The achievements API (docs/product.md §3) and the achievement catalogue (docs/product.md §6), shared by server and app.
import { z } from 'zod';

export const ACHIEVEMENT_GROUPS = ['flight', 'time', 'distance', 'altitude', 'skills'] as const;
export type AchievementGroup = (typeof ACHIEVEMENT_GROUPS)[number];

/** What an achievement's goals count: flights or sites, seconds, kilometres, metres. */
export type AchievementUnit = 'count' | 'seconds' | 'km' | 'm';

/** One achievement of the catalogue: the server measures it, the app words it. */
export interface AchievementDefinition {
  id: string;
  name: string;
  group: AchievementGroup;
  icon: 'trophy' | 'airplane' | 'clock' | 'star';
  unit: AchievementUnit;
  /** Goals for Bronze, Silver, Gold, Platinum, Diamond (tiers 1 to 5), in the unit. */
  goals: [number, number, number, number, number];
}

const hours = (h: number) => h * 3600;

/** The achievement catalogue (docs/product.md §6), in display order. */
export const ACHIEVEMENT_CATALOGUE = [
  { id: 'flights', name: 'Frequent Flyer', group: 'flight', icon: 'airplane', unit: 'count', goals: [1, 10, 50, 100, 250] },
  { id: 'sites', name: 'Explorer', group: 'flight', icon: 'star', unit: 'count', goals: [1, 3, 5, 10, 25] },
  { id: 'airtime', name: 'Airtime', group: 'time', icon: 'clock', unit: 'seconds', goals: [hours(10), hours(50), hours(100), hours(250), hours(500)] },
  { id: 'longest-flight', name: 'Endurance', group: 'time', icon: 'clock', unit: 'seconds', goals: [hours(1), hours(2), hours(3), hours(5), hours(8)] },
  { id: 'xc-distance', name: 'Cross-Country', group: 'distance', icon: 'trophy', unit: 'km', goals: [10, 25, 50, 100, 200] },
  { id: 'altitude', name: 'Cloudbase', group: 'altitude', icon: 'trophy', unit: 'm', goals: [1500, 2000, 3000, 4000, 5000] },
  { id: 'fai-triangles', name: 'Triangle Master', group: 'skills', icon: 'star', unit: 'count', goals: [1, 5, 10, 25, 50] },
  { id: 'thermals', name: 'Thermal Hunter', group: 'skills', icon: 'star', unit: 'count', goals: [100, 500, 1000, 5000, 10000] },
] as const satisfies readonly AchievementDefinition[];
export type AchievementId = (typeof ACHIEVEMENT_CATALOGUE)[number]['id'];

/** The tier a value reaches: 0 (none) to 5 (Diamond). */
export const tierFor = (a: Pick<AchievementDefinition, 'goals'>, value: number) => a.goals.filter((g) => value >= g).length as Tier;
export const achievementById = (id: string): AchievementDefinition | undefined => ACHIEVEMENT_CATALOGUE.find((a) => a.id === id) as AchievementDefinition | undefined;
/** 0 None, 1 Bronze, 2 Silver, 3 Gold, 4 Platinum, 5 Diamond. */
export type Tier = 0 | 1 | 2 | 3 | 4 | 5;

const achievementGroup = z.enum(ACHIEVEMENT_GROUPS);

/** A reached tier, or one in progress, of one achievement (GET /api/achievements). */
export const achievement = z.object({
  id: z.string(),
  achievementName: z.string(),
  level: z.number(),
  achievedAt: z.string().nullable(),
  /** The flight whose start reached the tier (the card links to it); null when no single flight did. */
  flightId: z.number().nullable(),
  icon: z.string(),
  group: achievementGroup,
  titleKey: z.string(),
  descriptionKey: z.string(),
});
export type Achievement = z.infer<typeof achievement>;

export const achievementInProgress = achievement.extend({
  completedCount: z.number(),
  nextGoal: z.number(),
  progress: z.number(),
  achievementLevel: z.number(),
});
export type AchievementInProgress = z.infer<typeof achievementInProgress>;

export const achievementsPage = z.object({
  completedAchievements: z.array(achievement),
  inProgressAchievements: z.array(achievementInProgress),
});
export type AchievementsPage = z.infer<typeof achievementsPage>;

/** A newly reached tier the pilot has not dismissed yet (GET /api/achievements/notifications). */
export const achievementNotification = z.object({
  id: z.number(),
  achievementId: z.string(),
  achievementName: z.string(),
  level: z.number(),
  /** The start of the flight that reached this tier. */
  achievedAt: z.string(),
  flightId: z.number().nullable(),
});
export type AchievementNotification = z.infer<typeof achievementNotification>;
export const achievementNotifications = z.array(achievementNotification);

export const notificationParams = z.object({ id: z.coerce.number().int().positive('Notification id must be a positive number.') });
/** Both dismiss routes answer with a sentence. */
export const dismissResponse = z.object({ message: z.string() });
export type DismissResponse = z.infer<typeof dismissResponse>;
