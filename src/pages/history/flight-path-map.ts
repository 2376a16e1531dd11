import type { TrackPoint } from '../../../contract/uploads';

// SPEC §2 Flight Detail modal and §9: what the history dialog's map draws, kept apart from the
// OpenLayers wiring so it can be tested without a canvas.

export const MAP_HEIGHT_PX = 400;
export const DEFAULT_VIEW = { latitude: 46.8, longitude: 8.2, zoom: 7 } as const;
export const PATH_STYLE = { color: '#ff0000', width: 3 } as const;
export const FIT_PADDING_PX = 30;
/** Street tiles reach zoom 19 (SPEC §9). */
export const STREET_MAX_ZOOM = 19;

/** [longitude, latitude] pairs of the path, skipping points without usable coordinates. */
export function pathLonLats(points: readonly TrackPoint[] | null | undefined): [number, number][] {
  return (points ?? [])
    .filter((p) => Number.isFinite(p.latitude) && Number.isFinite(p.longitude) && Math.abs(p.latitude) <= 90 && Math.abs(p.longitude) <= 180)
    .map((p) => [p.longitude, p.latitude]);
}
