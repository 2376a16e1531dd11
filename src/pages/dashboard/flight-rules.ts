// Rules of the flight list (docs/product.md §4 Flight status, Removal, Selection) without React.
import type { FlightSummary } from '../../../contract/flights';
import { isMarked } from '../../../contract/rules';

export const POLL_INTERVAL_MS = 5000;

export const isInProgress = (f: Pick<FlightSummary, 'status'>) => f.status === 'Pending' || f.status === 'Processing';
/**
 * At most this many flights in progress have their status asked each round. After a big upload
 * hundreds wait; the queue works on the oldest first, so watching the lowest ids notices the first
 * to finish, and the list asked again then brings every status that changed meanwhile.
 */
export const STATUS_POLL_MAX = 10;

/** The flights in progress whose status the dashboard asks: the oldest STATUS_POLL_MAX. */
export function watchedFlights(flights: readonly Pick<FlightSummary, 'id' | 'status'>[] | undefined): { id: number; status: string }[] {
  return (flights ?? [])
    .filter(isInProgress)
    .map(({ id, status }) => ({ id, status }))
    .sort((a, b) => a.id - b.id)
    .slice(0, STATUS_POLL_MAX);
}

export const isFailed = (f: Pick<FlightSummary, 'status'>) => f.status === 'Failed';

/** Up/down through the list, wrapping at both ends; the first (or last) row when nothing is selected. */
export function steppedSelection(flights: readonly { id: number }[], selected: number | null, step: 1 | -1): number | null {
  if (!flights.length) return null;
  const at = flights.findIndex((f) => f.id === selected);
  if (at < 0) return step === 1 ? flights[0]!.id : flights.at(-1)!.id;
  return flights[(at + step + flights.length) % flights.length]!.id;
}

/** After a deletion: the next flight, else the previous, else none. */
export function selectionAfterDelete(flights: readonly { id: number }[], deleted: number): number | null {
  const at = flights.findIndex((f) => f.id === deleted);
  if (at < 0) return null;
  return flights[at + 1]?.id ?? flights[at - 1]?.id ?? null;
}

/** Arrow keys move the selection from anywhere except while typing in a field. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as HTMLElement).tagName !== 'string') return false;
  const element = target as HTMLElement;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName) || element.isContentEditable === true;
}

export interface PeriodTotals {
  flights: number;
  /** Seconds in the air. */
  flightTime: number;
  /** Kilometres. */
  distance: number;
}

/**
 * The totals the dashboard shows above the list for the chosen period (or search): flights marked for
 * review (in doubt until the pilot decides, as for achievements) and flights whose analysis failed are left out.
 */
export function periodTotals(flights: readonly Pick<FlightSummary, 'status' | 'flightTime' | 'distance' | 'removalReason' | 'removalDate'>[] | undefined): PeriodTotals {
  const totals: PeriodTotals = { flights: 0, flightTime: 0, distance: 0 };
  for (const f of flights ?? []) {
    if (isFailed(f) || isMarked(f)) continue;
    totals.flights += 1;
    totals.flightTime += f.flightTime ?? 0;
    totals.distance += f.distance ?? 0;
  }
  return totals;
}
