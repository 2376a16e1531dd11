import { useCallback, useEffect } from 'react';
import type { FlightSummary } from '../../../contract/flights';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { trackFeature } from '../../components/map/map-style';
import { pointHighlighted } from './flightSelectionSlice';
import { useFlightTrack, type TrackState } from './track-loading';

/**
 * A flight's track and the point hovered on its height graph, shown on the map too. The highlight
 * is cleared whenever another track arrives.
 */
export function useHighlightedTrack(flight: Pick<FlightSummary, 'id' | 'status' | 'flightTime'> | null | undefined) {
  return useTrackHighlight(useFlightTrack(flight));
}

/** The same for a track loaded any other way (a shared flight's). */
export function useTrackHighlight(track: TrackState) {
  const dispatch = useAppDispatch();
  const highlightedIndex = useAppSelector((s) => s.flightSelection.highlightedPointIndex);
  const points = trackFeature(track.features)?.geometry.points;
  const highlightedPoint = highlightedIndex === null ? null : points?.[highlightedIndex] ?? null;
  useEffect(() => {
    dispatch(pointHighlighted(null));
  }, [track.features, dispatch]);
  const onHover = useCallback((index: number | null) => dispatch(pointHighlighted(index)), [dispatch]);
  return { track, points, highlightedPoint, onHover };
}
