import type { FlightDetail } from '../../../../contract/flights';
import type { TrackPoint } from '../../../../contract/uploads';
import { usePhasesQuery } from '../../../api/phases';
import { usePhaseHighlights } from '../../../features/flightSelection/usePhaseHighlights';

/**
 * A flight's phases and the one highlighted moment shared by the table, the map and the profile:
 * each reports a track index (or a time, for table rows) and shows the moment the others report.
 */
export function usePhaseLinks(flight: Pick<FlightDetail, 'id' | 'status' | 'source'> | undefined, points: readonly TrackPoint[] | undefined, onHover: (index: number | null) => void) {
  const manual = flight?.source === 'manual';
  const query = usePhasesQuery(flight?.id ?? 0, { skip: !flight || manual || flight.status !== 'Completed' });
  const phases = query.currentData;
  return { ...usePhaseHighlights(phases, points, onHover), loading: query.isFetching && !phases, error: query.error };
}
