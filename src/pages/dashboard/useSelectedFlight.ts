import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect } from 'react';
import type { FlightSummary } from '../../../contract/flights';
import { errorMessage } from '../../api/base';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { flightSelected } from '../../features/flightSelection/flightSelectionSlice';
import { useHighlightedTrack } from '../../features/flightSelection/useHighlightedTrack';

/**
 * docs/product.md §4 Selection: the selected flight of the list, its track, and the point hovered on its
 * height graph. A selection outside the loaded list is dropped.
 */
export function useSelectedFlight(flights: readonly FlightSummary[] | undefined, listFetching: boolean) {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const selectedFlightId = useAppSelector((s) => s.flightSelection.selectedFlightId);

  useEffect(() => {
    if (flights && !listFetching && selectedFlightId !== null && !flights.some((f) => f.id === selectedFlightId)) dispatch(flightSelected(null));
  }, [flights, listFetching, selectedFlightId, dispatch]);

  const selected = flights?.find((f) => f.id === selectedFlightId) ?? null;
  const { track, points: trackPoints, highlightedPoint, onHover } = useHighlightedTrack(selected?.source === 'manual' ? null : selected);
  const select = useCallback((id: number | null) => dispatch(flightSelected(id)), [dispatch]);

  const mapError = track.failed ? t`Flight processing failed` : track.error ? errorMessage(track.error, t`Failed to load the flight path`) : null;
  return { selectedFlightId, selected, select, track, trackPoints, highlightedPoint, onHover, mapError };
}
