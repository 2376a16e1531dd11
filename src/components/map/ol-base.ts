// What both OpenLayers maps build the same way: base tile layers, the view, fitting, coordinates.
import OlMap from 'ol/Map';
import View from 'ol/View';
import { defaults as defaultControls } from 'ol/control/defaults';
import type { Extent } from 'ol/extent';
import type Collection from 'ol/Collection';
import type Interaction from 'ol/interaction/Interaction';
import type BaseLayer from 'ol/layer/Base';
import TileLayer from 'ol/layer/Tile';
import { fromLonLat } from 'ol/proj';
import XYZ from 'ol/source/XYZ';
import type { TrackPoint } from '../../../contract/uploads';
import { ATTRIBUTIONS, FIT_PADDING, maxZoomOf, MIN_ZOOM, type BaseLayerName } from './map-style';

/** Map coordinates of a track point. */
export const toMap = (p: Pick<TrackPoint, 'latitude' | 'longitude'>) => fromLonLat([p.longitude, p.latitude]);

/**
 * Map coordinates of a line: longitudes made continuous, so a track across the antimeridian
 * (179.9° E to 179.9° W) is drawn across it, not around the world (the map repeats the world, so
 * a longitude past 180 lies where it should).
 */
export function toMapLine(points: readonly Pick<TrackPoint, 'latitude' | 'longitude'>[]) {
  let shift = 0;
  return points.map((p, i) => {
    if (i > 0) {
      const step = p.longitude - points[i - 1]!.longitude;
      if (step > 180) shift -= 360;
      else if (step < -180) shift += 360;
    }
    return fromLonLat([p.longitude + shift, p.latitude]);
  });
}

/** A base layer with its zoom limit and credit; its address comes later (GET /api/config). */
export function baseTileLayer(name: BaseLayerName, options: { url?: string; visible?: boolean; zIndex?: number; crossOrigin?: string } = {}) {
  const { url, visible = true, zIndex, crossOrigin } = options;
  return new TileLayer({ visible, zIndex, source: new XYZ({ url, maxZoom: maxZoomOf(name), crossOrigin, attributions: ATTRIBUTIONS[name] }), properties: { name } });
}

/** A view on a base layer's zoom range, centred on [longitude, latitude]. */
export const createView = (center: readonly [number, number], zoom: number, base: BaseLayerName) =>
  new View({ center: fromLonLat([...center]), zoom, minZoom: MIN_ZOOM, maxZoom: maxZoomOf(base) });

/** Fits the view to an extent with the shared padding (top, right, bottom, left, in pixels), never closer than `maxZoom`. */
export function fitView(view: View, extent: Extent, maxZoom = view.getMaxZoom(), padding: [number, number, number, number] = [FIT_PADDING, FIT_PADDING, FIT_PADDING, FIT_PADDING]) {
  view.fit(extent, { padding, maxZoom });
}

/** The map with the shared controls (zoom, attribution; `collapsible` attribution on the panel). */
export function createOlMap(options: { target: HTMLElement; layers: BaseLayer[]; view: View; collapsibleAttribution: boolean; rotate?: boolean; interactions?: Collection<Interaction> }) {
  const { target, layers, view, collapsibleAttribution, rotate = true, interactions } = options;
  return new OlMap({ target, layers, view, interactions, controls: defaultControls({ rotate, attributionOptions: { collapsible: collapsibleAttribution } }) });
}

/** Detaches the map from the page and frees it. */
export function disposeMap(map: OlMap) {
  map.setTarget(undefined);
  map.dispose();
}
