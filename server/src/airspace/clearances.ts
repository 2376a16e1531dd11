import type { AirspaceInfringement, FlightAirspace } from '../../../contract/airspace';
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

/** "Not active that day": the pilot's word for an airspace whose activation the file leaves unknown, per flight and airspace. */
export interface StoredNotActive {
  airspaceName: string;
  airspaceClass: string;
}

export function clearanceFor<C extends StoredClearance>(inf: Pick<FoundInfringement, 'name' | 'class' | 'entry' | 'exit'>, clearances: C[]): C | undefined {
  return clearances.find((c) => c.airspaceName === inf.name && c.airspaceClass === inf.class && c.entry <= inf.exit && inf.entry <= c.exit);
}

/**
 * The passages of one airspace on one flight, grouped: one row per airspace (name, class, floor and
 * ceiling), in the order of first entry. The check stores passages; the rows are made when read, so
 * checks stored before grouping are listed the same way.
 */
export function groupPassages(found: FoundInfringement[]): FoundInfringement[][] {
  const groups = new Map<string, FoundInfringement[]>();
  const sorted = [...found].sort((a, b) => a.entry.localeCompare(b.entry));
  for (const f of sorted) {
    const key = JSON.stringify([f.name, f.class, f.floor.text, f.ceiling.text]);
    const g = groups.get(key);
    if (g) g.push(f);
    else groups.set(key, [f]);
  }
  return [...groups.values()];
}

/** The stored check's passages as the API lists them: one numbered row per airspace, with the pilot's clearance, note and "not active that day". */
export function infringementRows(found: FoundInfringement[], clearances: StoredClearance[], notActive: StoredNotActive[]): AirspaceInfringement[] {
  return groupPassages(found).map((passages, index) => {
    const first = passages[0]!;
    const exit = passages.reduce((m, p) => (p.exit > m ? p.exit : m), first.exit);
    const deepest = passages.reduce((m, p) => (p.verticalMetres > m.verticalMetres ? p : m), first);
    const c = clearanceFor({ name: first.name, class: first.class, entry: first.entry, exit }, clearances);
    // Checks stored before activation was read knew only always-active airspace.
    const unknown = passages.every((p) => p.activation === 'unknown');
    return {
      index,
      name: first.name,
      class: first.class,
      floor: first.floor,
      ceiling: first.ceiling,
      entry: first.entry,
      exit,
      passages: passages.map((p) => ({ entry: p.entry, exit: p.exit })),
      horizontalMetres: Math.max(...passages.map((p) => p.horizontalMetres)),
      verticalMetres: deepest.verticalMetres,
      verticalLimit: deepest.verticalLimit ?? null,
      altitudeUsed: deepest.altitudeUsed,
      activation: unknown ? 'unknown' : 'active',
      activationReason: unknown ? (first.activationReason ?? null) : null,
      cleared: c?.cleared === 1,
      note: c?.note ?? null,
      notActive: unknown && notActive.some((n) => n.airspaceName === first.name && n.airspaceClass === first.class),
    };
  });
}

/** Counted apart: infringements of active airspace not cleared (the list's count), and airspace to check whether it was active. */
export function rowCounts(rows: AirspaceInfringement[]): Pick<FlightAirspace, 'notCleared' | 'toCheck'> {
  return {
    notCleared: rows.filter((r) => r.activation === 'active' && !r.cleared).length,
    toCheck: rows.filter((r) => r.activation === 'unknown' && !r.cleared && !r.notActive).length,
  };
}

/** The count the flight list shows: rows of active airspace not cleared. */
export const unclearedCount = (found: FoundInfringement[], clearances: StoredClearance[]) => rowCounts(infringementRows(found, clearances, [])).notCleared;
