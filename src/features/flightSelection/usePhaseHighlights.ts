import { useCallback, useMemo } from 'react';
import type { FlightPhases } from '../../../contract/phases';
import type { TrackPoint } from '../../../contract/uploads';
import { useAppSelector } from '../../app/hooks';
import { indexAtTime } from '../../components/map/climb-colours';

/**
 * The one highlighted moment shared by a flight's phases table, map and profile: each reports a
 * track index (or a time, for table rows) and shows the moment the others report. The phases come
 * from the flight page's query or, on a shared flight, with the flight itself.
 */
export function usePhaseHighlights(phases: FlightPhases | undefined, points: readonly TrackPoint[] | undefined, onHover: (index: number | null) => void) {
  const highlightedIndex = useAppSelector((s) => s.flightSelection.highlightedPointIndex);
  const highlightedTime = highlightedIndex === null ? null : points?.[highlightedIndex]?.timestamp ?? null;

  const onHighlightTime = useCallback((ms: number | null) => onHover(ms === null ? null : indexAtTime(points, ms)), [onHover, points]);
  const bands = useMemo(() => phases?.thermals.map((th) => ({ from: Date.parse(th.startTime), to: Date.parse(th.endTime) })), [phases]);
  const thermalMarkers = useMemo(() => phases?.thermals.map((th, i) => ({ latitude: th.latitude, longitude: th.longitude, label: String(i + 1) })), [phases]);

  return { phases, highlightedIndex, highlightedTime, onHighlightTime, bands, thermalMarkers };
}
