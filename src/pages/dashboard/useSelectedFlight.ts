import { useCallback, useDeferredValue, useEffect } from 'react';
import type { FlightSummary } from '../../../contract/flights';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { flightSelected } from '../../features/flightSelection/flightSelectionSlice';

/**
 * docs/product.md §4 Selection: the selected flight of the list. A selection outside the loaded list is
 * dropped. `selectedFlightId` follows every key at once (the list's highlight); `selected`, the flight
 * the panel shows with its map and graph, follows it deferred: React draws it after the list has been
 * painted, and a next key press before then skips the flights in between.
 */
export function useSelectedFlight(flights: readonly FlightSummary[] | undefined, listFetching: boolean) {
  const dispatch = useAppDispatch();
  const selectedFlightId = useAppSelector((s) => s.flightSelection.selectedFlightId);
  const shownId = useDeferredValue(selectedFlightId);

  useEffect(() => {
    if (flights && !listFetching && selectedFlightId !== null && !flights.some((f) => f.id === selectedFlightId)) dispatch(flightSelected(null));
  }, [flights, listFetching, selectedFlightId, dispatch]);

  const selected = flights?.find((f) => f.id === shownId) ?? null;
  const select = useCallback((id: number | null) => dispatch(flightSelected(id)), [dispatch]);
  return { selectedFlightId, selected, select };
}
