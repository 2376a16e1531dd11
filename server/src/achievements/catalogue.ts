import type { AchievementId } from '../../../contract/achievements';

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

/**
 * How the server measures each achievement of the catalogue (contract/achievements.ts declares
 * names, groups, units and goals), in the catalogue's unit.
 */
export const MEASURES: Record<AchievementId, (t: PilotTotals) => number> = {
  flights: (t) => t.flights,
  sites: (t) => t.sites,
  airtime: (t) => t.totalSeconds,
  'longest-flight': (t) => t.longestSeconds,
  'xc-distance': (t) => t.bestDistanceKm,
  altitude: (t) => t.highestAltitudeM,
  'fai-triangles': (t) => t.faiTriangles,
  thermals: (t) => t.thermalTurns,
};

/** The translation keys the app words an achievement with. */
export const titleKey = (id: string) => `achievement.${id}.title`;
export const descriptionKey = (id: string) => `achievement.${id}.description`;
