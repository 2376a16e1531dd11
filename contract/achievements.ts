// The achievements API (SPEC §3): plain types, the server builds these objects in achievements/service.ts.

export type AchievementGroup = 'flight' | 'time' | 'distance' | 'altitude' | 'skills';
export const ACHIEVEMENT_GROUPS: AchievementGroup[] = ['flight', 'time', 'distance', 'altitude', 'skills'];

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

/** The achievement catalogue (SPEC §6), in display order. */
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

export const TIER_NAMES = ['None', 'Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond'] as const;
/** The tier a value reaches: 0 (none) to 5 (Diamond). */
export const tierFor = (a: Pick<AchievementDefinition, 'goals'>, value: number) => a.goals.filter((g) => value >= g).length as Tier;
export const achievementById = (id: string): AchievementDefinition | undefined => ACHIEVEMENT_CATALOGUE.find((a) => a.id === id) as AchievementDefinition | undefined;
/** 0 None, 1 Bronze, 2 Silver, 3 Gold, 4 Platinum, 5 Diamond. */
export type Tier = 0 | 1 | 2 | 3 | 4 | 5;

export interface Achievement {
  id: string;
  achievementName: string;
  level: number;
  achievedAt: string | null;
  icon: string;
  group: AchievementGroup;
  titleKey: string;
  descriptionKey: string;
}
export interface AchievementInProgress extends Achievement {
  completedCount: number;
  nextGoal: number;
  progress: number;
  achievementLevel: number;
}
export interface AchievementsPage {
  completedAchievements: Achievement[];
  inProgressAchievements: AchievementInProgress[];
}
export interface AchievementNotification {
  id: number;
  achievementId: string;
  achievementName: string;
  level: number;
  achievedAt: string;
}
