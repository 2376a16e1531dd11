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

/**
 * How the flight that reached a goal is found (repository.flightReaching), in start order: where a
 * running sum of a per-flight amount crosses the goal, the first flight whose value reaches it (for
 * maxima), or where the count of distinct sites does.
 */
export type Crossing = { kind: 'sum'; amount: 'one' | 'flightTime' | 'fai' | 'turns' } | { kind: 'max'; column: 'flightTime' | 'distance' | 'maxAltitude' } | { kind: 'distinctSites' };

export const CROSSINGS: Record<AchievementId, Crossing> = {
  flights: { kind: 'sum', amount: 'one' },
  sites: { kind: 'distinctSites' },
  airtime: { kind: 'sum', amount: 'flightTime' },
  'longest-flight': { kind: 'max', column: 'flightTime' },
  'xc-distance': { kind: 'max', column: 'distance' },
  altitude: { kind: 'max', column: 'maxAltitude' },
  'fai-triangles': { kind: 'sum', amount: 'fai' },
  thermals: { kind: 'sum', amount: 'turns' },
};

/** The translation keys the app words an achievement with. */
export const titleKey = (id: string) => `achievement.${id}.title`;
export const descriptionKey = (id: string) => `achievement.${id}.description`;
