// The OpenLayers wiring of the history dialog's path map. Built once per map; React only calls these methods.
import Feature from 'ol/Feature';
import LineString from 'ol/geom/LineString';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import type { TrackPoint } from '../../../contract/uploads';
import { PATH_FIT_MAX_ZOOM, PATH_MAP_VIEW, PATH_STYLE, pathLonLats } from './map-style';
import { baseTileLayer, createOlMap, createView, disposeMap, fitView, toMap } from './ol-base';

export interface PathMapController {
  setTileUrl(url: string): void;
  /** Draws the path and fits the view to it; without two usable points the map goes back to its opening view. */
  setPath(points: readonly TrackPoint[] | undefined): void;
  dispose(): void;
}

export function createPathMap(target: HTMLElement): PathMapController {
  const opening = [PATH_MAP_VIEW.longitude, PATH_MAP_VIEW.latitude] as const;
  const tiles = baseTileLayer('street', { zIndex: 0, crossOrigin: 'anonymous' });
  const pathSource = new VectorSource();
  const view = createView(opening, PATH_MAP_VIEW.zoom, 'street');
  const map = createOlMap({
    target,
    layers: [tiles, new VectorLayer({ source: pathSource, style: new Style({ stroke: new Stroke({ color: PATH_STYLE.color, width: PATH_STYLE.width }) }), zIndex: 10 })],
    view,
    collapsibleAttribution: false,
    rotate: false,
  });

  return {
    setTileUrl(url) {
      tiles.getSource()?.setUrl(url);
    },
    setPath(points) {
      pathSource.clear();
      const lonLats = pathLonLats(points);
      if (lonLats.length < 2) {
        view.setCenter(toMap({ longitude: opening[0], latitude: opening[1] }));
        view.setZoom(PATH_MAP_VIEW.zoom);
        return;
      }
      const line = new LineString(lonLats.map(([longitude, latitude]) => toMap({ longitude, latitude })));
      pathSource.addFeature(new Feature({ geometry: line }));
      map.updateSize();
      fitView(view, line.getExtent(), PATH_FIT_MAX_ZOOM);
    },
    dispose() {
      disposeMap(map);
    },
  };
}
