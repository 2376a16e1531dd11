/**
 * The positions of the `limit` best phases by `rank` (higher is better), in their order of the flight:
 * the flight page shows these few thermals and glides in its tables (the map shows every thermal)
 * until the pilot asks for all of them.
 */
export function bestPhaseIndexes<P>(phases: readonly P[], rank: (phase: P) => number, limit: number): Set<number> {
  if (phases.length <= limit) return new Set(phases.map((_, i) => i));
  const ranked = phases.map((phase, i) => ({ i, score: rank(phase) })).sort((a, b) => b.score - a.score || a.i - b.i);
  return new Set(ranked.slice(0, limit).map((r) => r.i));
}

/** How many thermals and glides show before "Show all". */
export const BEST_PHASES = 5;
export const thermalRank = (thermal: { gain: number }) => thermal.gain;
export const glideRank = (glide: { distance: number }) => glide.distance;
