// Pure rules of the map panel (docs/product.md §2 Map panel, §9 Map): no OpenLayers here, so jest can test them.
import type { AppConfig } from '../../../contract/config';
import type { FlightFeature, TrackPoint } from '../../../contract/uploads';

/** The tile address of each base layer, as GET /api/config sends them. */
export type TileUrls = AppConfig['tiles'];
export type BaseLayerName = keyof TileUrls;

/** Base layers in the order of the switcher; Street is the default. */
export const BASE_LAYERS: readonly { name: BaseLayerName; maxZoom: number }[] = [
  { name: 'street', maxZoom: 19 },
  { name: 'topo', maxZoom: 17 },
  { name: 'satellite', maxZoom: 19 },
];
export const DEFAULT_BASE_LAYER: BaseLayerName = 'street';
export const MIN_ZOOM = 1;
export const INITIAL_ZOOM = 2;
/** Longitude, latitude. */
export const INITIAL_CENTER: [number, number] = [0, 0];
/** Pixels kept free around a track when the view fits it. */
export const FIT_PADDING = 30;
/**
 * Around named points: room for a name above each point and half a long name to each side, so the
 * names at the edges stay inside the map ("Courmayeur" and "Great Malvern" were cut at 390 px).
 */
export const NAMED_POINTS_FIT_PADDING: [number, number, number, number] = [40, 72, FIT_PADDING, 72];
export const CTRL_HINT_MS = 1800;

export const maxZoomOf = (name: BaseLayerName) => BASE_LAYERS.find((l) => l.name === name)!.maxZoom;

/** The credit each tile source asks for. */
export const ATTRIBUTIONS: Record<BaseLayerName, string> = {
  street: '© OpenStreetMap contributors',
  topo: '© OpenStreetMap contributors, SRTM | © OpenTopoMap (CC-BY-SA)',
  satellite: 'Tiles © Esri',
};

// The history dialog's path map (docs/product.md §2 Flight Detail modal): Street tiles and the path as a red line.
export const PATH_MAP_HEIGHT = 400;
/** Where the path map opens before (or without) a path. */
export const PATH_MAP_VIEW = { latitude: 46.8, longitude: 8.2, zoom: 7 } as const;
export const PATH_STYLE = { color: '#ff0000', width: 3 } as const;
/** The path map never fits closer than this. */
export const PATH_FIT_MAX_ZOOM = 17;

/** [longitude, latitude] pairs of a path, skipping points without usable coordinates. */
export function pathLonLats(points: readonly Pick<TrackPoint, 'latitude' | 'longitude'>[] | null | undefined): [number, number][] {
  return (points ?? [])
    .filter((p) => Number.isFinite(p.latitude) && Number.isFinite(p.longitude) && Math.abs(p.latitude) <= 90 && Math.abs(p.longitude) <= 180)
    .map((p) => [p.longitude, p.latitude]);
}

/** Colours by feature type; an explicit properties.stroke overrides them. */
export const FEATURE_COLOURS: Record<FlightFeature['type'], string> = {
  tp: '#ffd400', // yellow
  seg: '#00d5ff', // cyan
  launch: '#1e5bff', // blue
  land: '#e02020', // red
  flight: '#e02020', // red
  ep_start: '#1fbf3a', // green
  ep_finish: '#e02020', // red
  cp_in: '#ff8c00',
  cp_out: '#ff8c00',
};
export const HIGHLIGHT_COLOUR = '#ff0000';

export function featureColour(feature: Pick<FlightFeature, 'type' | 'properties'>): string {
  const stroke = feature.properties?.stroke;
  return typeof stroke === 'string' && stroke.trim() ? stroke : FEATURE_COLOURS[feature.type] ?? '#ff8c00';
}

/** The flight track among the features: the one with id 'flight', else the first of type flight. */
export function trackFeature(features: readonly FlightFeature[] | undefined): FlightFeature | undefined {
  if (!features) return undefined;
  return features.find((f) => f.id === 'flight') ?? features.find((f) => f.type === 'flight');
}

/** Everything but the track: what Show / Hide Task toggles. */
export function taskFeatures(features: readonly FlightFeature[] | undefined): FlightFeature[] {
  const track = trackFeature(features);
  return (features ?? []).filter((f) => f !== track);
}

/** Turnpoints are numbered markers (TP1, TP2, ...) only for FAI triangles and flat triangles. */
export const numbersTurnpoints = (flightCode: string | null | undefined) => flightCode === 'fai' || flightCode === 'tri';

/**
 * The label of each point feature of the task: 'TP1'… for turnpoints in the order of their ids
 * (tp0, tp1, …) when the flight code numbers them, otherwise null (a plain coloured circle).
 */
export function markerLabels(features: readonly FlightFeature[], flightCode: string | null | undefined): Map<FlightFeature, string | null> {
  const labels = new Map<FlightFeature, string | null>();
  const order = (f: FlightFeature) => Number(/(\d+)$/.exec(f.id ?? '')?.[1] ?? Number.MAX_SAFE_INTEGER);
  const turnpoints = features.filter((f) => f.type === 'tp' && f.geometry.type === 'Point').sort((a, b) => order(a) - order(b));
  for (const f of features) if (f.geometry.type === 'Point') labels.set(f, null);
  if (numbersTurnpoints(flightCode)) turnpoints.forEach((f, i) => labels.set(f, `TP${i + 1}`));
  return labels;
}

/** The altitude shown on the highlighted point: barometric, else GPS, else 0 (metres, rounded). */
export function highlightAltitude(point: Pick<TrackPoint, 'baroAltitude' | 'gpsAltitude'>): number {
  return Math.round(point.baroAltitude || point.gpsAltitude || 0);
}

/**
 * What a flight's view fits: its track (else its task) with the placed photos, which may lie far
 * from it (placed by their EXIF position). Nothing without a track or task: photos alone are not fitted.
 */
export function fitPoints(features: readonly FlightFeature[] | undefined, photos: readonly Pick<TrackPoint, 'latitude' | 'longitude'>[]): Pick<TrackPoint, 'latitude' | 'longitude'>[] {
  const track = trackFeature(features)?.geometry.points ?? [];
  const flight = track.length ? track : taskFeatures(features).flatMap((f) => f.geometry.points);
  return flight.length ? [...flight, ...photos] : [];
}

/** [west, south, east, north] of the points, or null without points. */
export function extentOf(points: readonly Pick<TrackPoint, 'latitude' | 'longitude'>[]): [number, number, number, number] | null {
  if (!points.length) return null;
  let w = Infinity, s = Infinity, e = -Infinity, n = -Infinity;
  for (const p of points) {
    if (p.longitude < w) w = p.longitude;
    if (p.longitude > e) e = p.longitude;
    if (p.latitude < s) s = p.latitude;
    if (p.latitude > n) n = p.latitude;
  }
  return [w, s, e, n];
}

// The sites map: the pilot's launch and landing sites as named points.
export interface NamedPoint {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
}
export const SITE_COLOURS = { site: '#1e5bff', picked: '#e02020' } as const;
/** Fitting a single site stops at this zoom. */
export const SITE_FIT_MAX_ZOOM = 13;
