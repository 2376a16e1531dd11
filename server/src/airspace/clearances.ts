import type { AirspaceInfringement } from '../../../contract/airspace';
import type { FoundInfringement } from './check';

/**
 * A pilot's clearance belongs to an airspace and a time, not to a position in a list: it applies to
 * an infringement of the same airspace (name and class) whose time overlaps the cleared one, so it
 * survives re-checks with other files and re-analysis that moves the entry by a few seconds.
 */
export interface StoredClearance {
  id: number;
  airspaceName: string;
  airspaceClass: string;
  entry: string;
  exit: string;
  cleared: number;
  note: string | null;
}

export function clearanceFor<C extends StoredClearance>(inf: Pick<FoundInfringement, 'name' | 'class' | 'entry' | 'exit'>, clearances: C[]): C | undefined {
  return clearances.find((c) => c.airspaceName === inf.name && c.airspaceClass === inf.class && c.entry <= inf.exit && inf.entry <= c.exit);
}

export const unclearedCount = (found: FoundInfringement[], clearances: StoredClearance[]) => found.filter((f) => clearanceFor(f, clearances)?.cleared !== 1).length;

/** The stored check's infringements as the API lists them: numbered, with the pilot's clearance and note. */
export const withClearances = (found: FoundInfringement[], clearances: StoredClearance[]): AirspaceInfringement[] =>
  found.map((f, index) => {
    const c = clearanceFor(f, clearances);
    return { index, ...f, cleared: c?.cleared === 1, note: c?.note ?? null };
  });
