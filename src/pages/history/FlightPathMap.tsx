import Feature from 'ol/Feature';
import OlMap from 'ol/Map';
import View from 'ol/View';
import LineString from 'ol/geom/LineString';
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import XYZ from 'ol/source/XYZ';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import { defaults as defaultControls } from 'ol/control/defaults';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import type { TrackPoint } from '../../../contract/uploads';
import { useConfigQuery } from '../../api/auth';
import { DEFAULT_VIEW, FIT_PADDING_PX, MAP_HEIGHT_PX, PATH_STYLE, pathLonLats, STREET_MAX_ZOOM } from './flight-path-map';

const Frame = styled.div`
  position: relative;
  height: ${MAP_HEIGHT_PX}px;
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 8px;
  overflow: hidden;
  background: ${(p) => p.theme.surfaceAlt};
  .ol-viewport {
    touch-action: none;
  }
  .ol-zoom {
    position: absolute;
    top: 8px;
    left: 8px;
    display: flex;
    flex-direction: column;
    gap: 2px;
  }
  .ol-zoom button {
    width: 28px;
    height: 28px;
    border: 1px solid ${(p) => p.theme.border};
    border-radius: 4px;
    background: ${(p) => p.theme.surface};
    color: ${(p) => p.theme.text};
    font-size: 18px;
    line-height: 1;
    cursor: pointer;
  }
  .ol-attribution {
    position: absolute;
    right: 0;
    bottom: 0;
    padding: 1px 6px;
    font-size: 11px;
    background: rgba(255, 255, 255, 0.8);
    color: #333;
  }
  .ol-attribution ul {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .ol-attribution button,
  .ol-hidden {
    display: none;
  }
  .ol-unselectable {
    user-select: none;
  }
`;

const attributionFor = (url: string) => (/openstreetmap/i.test(url) ? '© OpenStreetMap contributors' : /opentopomap/i.test(url) ? '© OpenTopoMap (CC-BY-SA), © OpenStreetMap contributors' : undefined);

/** The history dialog's map: Street tiles and the flight path as a red line fitted to its bounds. */
export function FlightPathMap({ points, label }: { points: TrackPoint[] | undefined; label: string }) {
  const target = useRef<HTMLDivElement>(null);
  const map = useRef<OlMap | null>(null);
  const pathSource = useRef(new VectorSource());
  const streetUrl = useConfigQuery().data?.tiles.street;

  useEffect(() => {
    if (!target.current) return;
    const instance = new OlMap({
      target: target.current,
      controls: defaultControls({ rotate: false, attributionOptions: { collapsible: false } }),
      layers: [
        new VectorLayer({ source: pathSource.current, style: new Style({ stroke: new Stroke({ color: PATH_STYLE.color, width: PATH_STYLE.width }) }), zIndex: 10 }),
      ],
      view: new View({ center: fromLonLat([DEFAULT_VIEW.longitude, DEFAULT_VIEW.latitude]), zoom: DEFAULT_VIEW.zoom, maxZoom: STREET_MAX_ZOOM, minZoom: 1 }),
    });
    map.current = instance;
    return () => {
      instance.setTarget(undefined);
      map.current = null;
    };
  }, []);

  useEffect(() => {
    const instance = map.current;
    if (!instance || !streetUrl) return;
    const layer = new TileLayer({ source: new XYZ({ url: streetUrl, maxZoom: STREET_MAX_ZOOM, crossOrigin: 'anonymous', attributions: attributionFor(streetUrl) }), zIndex: 0 });
    instance.addLayer(layer);
    return () => {
      instance.removeLayer(layer);
    };
  }, [streetUrl]);

  useEffect(() => {
    const instance = map.current;
    const source = pathSource.current;
    source.clear();
    if (!instance) return;
    const coordinates = pathLonLats(points).map((c) => fromLonLat(c));
    const view = instance.getView();
    if (coordinates.length < 2) {
      view.setCenter(fromLonLat([DEFAULT_VIEW.longitude, DEFAULT_VIEW.latitude]));
      view.setZoom(DEFAULT_VIEW.zoom);
      return;
    }
    const line = new LineString(coordinates);
    source.addFeature(new Feature({ geometry: line }));
    instance.updateSize();
    view.fit(line.getExtent(), { padding: [FIT_PADDING_PX, FIT_PADDING_PX, FIT_PADDING_PX, FIT_PADDING_PX], maxZoom: 17 });
  }, [points]);

  return <Frame ref={target} role="img" aria-label={label} data-testid="flight-path-map" data-points={pathLonLats(points).length} />;
}
