import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect } from 'react';
import type { FlightSummary } from '../../../contract/flights';
import { errorMessage } from '../../api/base';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { trackFeature } from '../../components/map/map-style';
import { flightSelected, pointHighlighted } from '../../features/flightSelection/flightSelectionSlice';
import { useFlightTrack } from '../../features/flightSelection/track-loading';

/**
 * SPEC §4 Selection: the selected flight of the list, its track, and the point hovered on its
 * height graph. A selection outside the loaded list is dropped.
 */
export function useSelectedFlight(flights: readonly FlightSummary[] | undefined, listFetching: boolean) {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const { selectedFlightId, highlightedPointIndex } = useAppSelector((s) => s.flightSelection);

  useEffect(() => {
    if (flights && !listFetching && selectedFlightId !== null && !flights.some((f) => f.id === selectedFlightId)) dispatch(flightSelected(null));
  }, [flights, listFetching, selectedFlightId, dispatch]);

  const selected = flights?.find((f) => f.id === selectedFlightId) ?? null;
  const track = useFlightTrack(selected);
  const trackPoints = trackFeature(track.features)?.geometry.points;
  const highlightedPoint = highlightedPointIndex === null ? null : trackPoints?.[highlightedPointIndex] ?? null;
  useEffect(() => {
    dispatch(pointHighlighted(null));
  }, [track.features, dispatch]);
  const onHover = useCallback((index: number | null) => dispatch(pointHighlighted(index)), [dispatch]);
  const select = useCallback((id: number | null) => dispatch(flightSelected(id)), [dispatch]);

  const mapError = track.failed ? t`Flight processing failed` : track.error ? errorMessage(track.error, t`Failed to load the flight path`) : null;
  return { selectedFlightId, selected, select, track, trackPoints, highlightedPoint, onHover, mapError };
}
