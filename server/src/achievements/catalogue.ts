/** What a pilot's logbook adds up to, the measures achievements are judged on. */
export interface PilotTotals {
  flights: number;
  totalSeconds: number;
  longestSeconds: number;
  bestDistanceKm: number;
  highestAltitudeM: number;
  faiTriangles: number;
  thermalTurns: number;
  sites: number;
}

export type AchievementGroup = 'flight' | 'time' | 'distance' | 'altitude' | 'skills';

export interface Achievement {
  id: string;
  name: string;
  group: AchievementGroup;
  icon: 'trophy' | 'airplane' | 'clock' | 'star';
  /** Goals for Bronze, Silver, Gold, Platinum, Diamond (tiers 1 to 5). */
  goals: [number, number, number, number, number];
  measure: (t: PilotTotals) => number;
}

const hours = (h: number) => h * 3600;

export const ACHIEVEMENTS: Achievement[] = [
  { id: 'flights', name: 'Frequent Flyer', group: 'flight', icon: 'airplane', goals: [1, 10, 50, 100, 250], measure: (t) => t.flights },
  { id: 'sites', name: 'Explorer', group: 'flight', icon: 'star', goals: [1, 3, 5, 10, 25], measure: (t) => t.sites },
  { id: 'airtime', name: 'Airtime', group: 'time', icon: 'clock', goals: [hours(10), hours(50), hours(100), hours(250), hours(500)], measure: (t) => t.totalSeconds },
  { id: 'longest-flight', name: 'Endurance', group: 'time', icon: 'clock', goals: [hours(1), hours(2), hours(3), hours(5), hours(8)], measure: (t) => t.longestSeconds },
  { id: 'xc-distance', name: 'Cross-Country', group: 'distance', icon: 'trophy', goals: [10, 25, 50, 100, 200], measure: (t) => t.bestDistanceKm },
  { id: 'altitude', name: 'Cloudbase', group: 'altitude', icon: 'trophy', goals: [1500, 2000, 3000, 4000, 5000], measure: (t) => t.highestAltitudeM },
  { id: 'fai-triangles', name: 'Triangle Master', group: 'skills', icon: 'star', goals: [1, 5, 10, 25, 50], measure: (t) => t.faiTriangles },
  { id: 'thermals', name: 'Thermal Hunter', group: 'skills', icon: 'star', goals: [100, 500, 1000, 5000, 10000], measure: (t) => t.thermalTurns },
];

export const TIER_NAMES = ['None', 'Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond'] as const;
export const titleKey = (a: Achievement) => `achievement.${a.id}.title`;
export const descriptionKey = (a: Achievement) => `achievement.${a.id}.description`;

/** The tier a value reaches: 0 (none) to 5 (Diamond). */
export const tierFor = (a: Achievement, value: number) => a.goals.filter((g) => value >= g).length;
