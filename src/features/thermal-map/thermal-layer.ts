// The OpenLayers wiring of the thermal map: one coloured square per cell, and the view's box reported
// after each move so the page can ask for the cells it shows (React only calls this).
import Feature from 'ol/Feature';
import Polygon from 'ol/geom/Polygon';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat, transformExtent } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import type { ThermalCell } from '../../../contract/thermals';
import { PATH_MAP_VIEW } from '../../components/map/map-style';
import { baseTileLayer, createOlMap, createView, disposeMap } from '../../components/map/ol-base';
import { cellOpacity, climbColour } from './climb-scale';

export type Box = { west: number; south: number; east: number; north: number };

export interface ThermalMapController {
  setTileUrl(url: string): void;
  setCells(cells: readonly ThermalCell[], cellSize: number): void;
  /** Called with the box in view after each move (and once at the start). */
  onMove(handler: ((box: Box) => void) | null): void;
  centreOn(latitude: number, longitude: number): void;
  dispose(): void;
}

const hex = (colour: string, alpha: number) => `${colour}${Math.round(alpha * 255).toString(16).padStart(2, '0')}`;

export function createThermalMap(target: HTMLElement): ThermalMapController {
  const tiles = baseTileLayer('street', { zIndex: 0 });
  const source = new VectorSource();
  const view = createView([PATH_MAP_VIEW.longitude, PATH_MAP_VIEW.latitude], 9, 'street');
  const map = createOlMap({ target, layers: [tiles, new VectorLayer({ source, zIndex: 1 })], view, collapsibleAttribution: true, rotate: false });
  let moveHandler: ((box: Box) => void) | null = null;
  const report = () => {
    const size = map.getSize();
    if (!moveHandler || !size) return;
    const [west, south, east, north] = transformExtent(view.calculateExtent(size), 'EPSG:3857', 'EPSG:4326');
    moveHandler({ west: Math.max(-180, west!), south: Math.max(-85, south!), east: Math.min(180, east!), north: Math.min(85, north!) });
  };
  map.on('moveend', report);

  return {
    setTileUrl(url) {
      tiles.getSource()?.setUrl(url);
    },
    setCells(cells, cellSize) {
      source.clear(true);
      const half = cellSize / 2;
      source.addFeatures(
        cells.map((c) => {
          const ring = [
            [c.longitude - half, c.latitude - half],
            [c.longitude + half, c.latitude - half],
            [c.longitude + half, c.latitude + half],
            [c.longitude - half, c.latitude + half],
            [c.longitude - half, c.latitude - half],
          ].map((p) => fromLonLat(p));
          const f = new Feature({ geometry: new Polygon([ring]) });
          const colour = climbColour(c.averageClimb);
          f.setStyle(new Style({ fill: new Fill({ color: hex(colour, c.count ? cellOpacity(c.count) : 0.35) }), stroke: new Stroke({ color: hex(colour, 0.9), width: 1 }) }));
          return f;
        }),
      );
    },
    onMove(handler) {
      moveHandler = handler;
      report();
    },
    centreOn(latitude, longitude) {
      view.animate({ center: fromLonLat([longitude, latitude]), duration: 250 });
    },
    dispose() {
      disposeMap(map);
    },
  };
}
