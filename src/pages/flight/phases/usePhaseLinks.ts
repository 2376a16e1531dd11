import { useCallback, useMemo } from 'react';
import type { FlightDetail } from '../../../../contract/flights';
import type { TrackPoint } from '../../../../contract/uploads';
import { usePhasesQuery } from '../../../api/phases';
import { useAppSelector } from '../../../app/hooks';
import { indexAtTime } from '../../../components/map/climb-colours';

/**
 * A flight's phases and the one highlighted moment shared by the table, the map and the profile:
 * each reports a track index (or a time, for table rows) and shows the moment the others report.
 */
export function usePhaseLinks(flight: Pick<FlightDetail, 'id' | 'status' | 'source'> | undefined, points: readonly TrackPoint[] | undefined, onHover: (index: number | null) => void) {
  const manual = flight?.source === 'manual';
  const query = usePhasesQuery(flight?.id ?? 0, { skip: !flight || manual || flight.status !== 'Completed' });
  const phases = query.currentData;
  const highlightedIndex = useAppSelector((s) => s.flightSelection.highlightedPointIndex);
  const highlightedTime = highlightedIndex === null ? null : points?.[highlightedIndex]?.timestamp ?? null;

  const onHighlightTime = useCallback((ms: number | null) => onHover(ms === null ? null : indexAtTime(points, ms)), [onHover, points]);
  const bands = useMemo(() => phases?.thermals.map((th) => ({ from: Date.parse(th.startTime), to: Date.parse(th.endTime) })), [phases]);
  const thermalMarkers = useMemo(() => phases?.thermals.map((th, i) => ({ latitude: th.latitude, longitude: th.longitude, label: String(i + 1) })), [phases]);

  return { phases, loading: query.isFetching && !phases, error: query.error, highlightedIndex, highlightedTime, onHighlightTime, bands, thermalMarkers };
}
