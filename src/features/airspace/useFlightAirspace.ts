import { useMemo, useState } from 'react';
import type { FlightDetail } from '../../../contract/flights';
import type { TrackPoint } from '../../../contract/uploads';
import type { HeightLimit } from '../../components/height-graph/HeightGraph';
import type { MapArea } from '../../components/map/flight-map';
import { useAirspaceShapesQuery, useFlightAirspaceQuery } from '../../api/airspace';
import { classColour } from './classes';

/** Degrees added around the track when asking for the shapes near it. */
const MARGIN_DEG = 0.1;


/**
 * The flight page's airspace: the check, the shapes near the track for the map (with the shown
 * toggle), and the floors and ceilings of the airspaces crossed for the profile.
 */
export function useFlightAirspace(flight: FlightDetail | undefined, points: readonly TrackPoint[] | undefined) {
  const withTrack = !!flight && flight.source !== 'manual';
  const check = useFlightAirspaceQuery(flight?.id ?? 0, { skip: !withTrack });
  const [shown, setShown] = useState(true);
  const bbox = useMemo(() => {
    if (!points?.length) return null;
    let w = 180, s = 90, e = -180, n = -90;
    for (const p of points) {
      w = Math.min(w, p.longitude);
      e = Math.max(e, p.longitude);
      s = Math.min(s, p.latitude);
      n = Math.max(n, p.latitude);
    }
    const c = (v: number, lim: number) => Math.max(-lim, Math.min(lim, v)).toFixed(4);
    return `${c(w - MARGIN_DEG, 180)},${c(s - MARGIN_DEG, 90)},${c(e + MARGIN_DEG, 180)},${c(n + MARGIN_DEG, 90)}`;
  }, [points]);
  const date = flight?.startTime?.slice(0, 10) ?? '';
  const shapes = useAirspaceShapesQuery({ bbox: bbox ?? '', date }, { skip: !withTrack || !bbox || !date });
  const list = shapes.currentData?.shapes;
  const areas = useMemo<MapArea[]>(() => (shown && list ? list.map((s) => ({ polygon: s.polygon, colour: classColour(s.class), label: s.name })) : []), [shown, list]);
  const classes = useMemo(() => [...new Set((list ?? []).map((s) => s.class))].sort(), [list]);
  const crossings = check.currentData?.crossings;
  const limits = useMemo<HeightLimit[]>(
    () => (crossings ?? []).map((c) => ({ from: Date.parse(c.entry), to: Date.parse(c.exit), floor: c.floorMsl, ceiling: c.ceilingMsl, colour: classColour(c.class), label: c.name })),
    [crossings],
  );
  return { withTrack, check, areas, limits, classes, shown, setShown, shapeCount: list?.length ?? 0, truncated: shapes.currentData?.truncated ?? false };
}
export type FlightAirspaceState = ReturnType<typeof useFlightAirspace>;
