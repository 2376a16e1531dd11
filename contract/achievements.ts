// The achievements API (SPEC §3): plain types, the server builds these objects in achievements/service.ts.

export type AchievementGroup = 'flight' | 'time' | 'distance' | 'altitude' | 'skills';
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
