// The OpenLayers wiring of the sites map: named points, one of them picked, and a click that places a new one.
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import { toLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import Text from 'ol/style/Text';
import { NAMED_POINTS_FIT_PADDING, PATH_MAP_VIEW, SITE_FIT_MAX_ZOOM, SITE_COLOURS, type NamedPoint } from './map-style';
import { baseTileLayer, createOlMap, createView, disposeMap, fitView, toMap } from './ol-base';

export interface PointsMapController {
  setTileUrl(url: string): void;
  /** Draws the points (the picked one larger) and fits the view to them when `fit`. */
  setPoints(points: readonly NamedPoint[], pickedId: number | null, fit: boolean): void;
  /** Called with the clicked place ([latitude, longitude]); null stops listening. */
  onClick(handler: ((latitude: number, longitude: number) => void) | null): void;
  dispose(): void;
}

function pointStyle(name: string, picked: boolean) {
  const colour = picked ? SITE_COLOURS.picked : SITE_COLOURS.site;
  return new Style({
    // Every point is drawn; only names that would overlap give way (a decluttered point was a site gone from the map).
    image: new CircleStyle({ radius: picked ? 9 : 6, fill: new Fill({ color: colour }), stroke: new Stroke({ color: '#fff', width: 2 }), declutterMode: 'obstacle' }),
    text: new Text({
      text: name,
      offsetY: -18,
      font: `${picked ? 'bold ' : ''}12px system-ui, sans-serif`,
      fill: new Fill({ color: '#111' }),
      backgroundFill: new Fill({ color: 'rgba(255, 255, 255, 0.88)' }),
      padding: [2, 4, 2, 4],
    }),
    zIndex: picked ? 2 : 1,
  });
}

export function createPointsMap(target: HTMLElement): PointsMapController {
  const tiles = baseTileLayer('street', { zIndex: 0 });
  const source = new VectorSource();
  const view = createView([PATH_MAP_VIEW.longitude, PATH_MAP_VIEW.latitude], PATH_MAP_VIEW.zoom, 'street');
  const map = createOlMap({ target, layers: [tiles, new VectorLayer({ source, zIndex: 1, declutter: true })], view, collapsibleAttribution: true, rotate: false });
  let clickHandler: ((latitude: number, longitude: number) => void) | null = null;
  map.on('singleclick', (event) => {
    if (!clickHandler) return;
    const [longitude, latitude] = toLonLat(event.coordinate);
    clickHandler(latitude!, longitude!);
  });

  return {
    setTileUrl(url) {
      tiles.getSource()?.setUrl(url);
    },
    setPoints(points, pickedId, fit) {
      source.clear(true);
      source.addFeatures(
        points.map((p) => {
          const f = new Feature({ geometry: new Point(toMap(p)) });
          f.setStyle(pointStyle(p.name, p.id === pickedId));
          return f;
        }),
      );
      const extent = source.getExtent();
      const pickedPoint = points.find((p) => p.id === pickedId);
      if (fit && points.length && extent) {
        map.updateSize();
        fitView(view, extent, SITE_FIT_MAX_ZOOM, NAMED_POINTS_FIT_PADDING);
      } else if (pickedPoint) {
        view.animate({ center: toMap(pickedPoint), zoom: Math.max(view.getZoom() ?? 0, SITE_FIT_MAX_ZOOM - 1), duration: 250 });
      }
    },
    onClick(handler) {
      clickHandler = handler;
    },
    dispose() {
      disposeMap(map);
    },
  };
}
