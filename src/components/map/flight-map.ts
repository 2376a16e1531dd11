// The OpenLayers wiring of the map panel. Built once per panel; React only calls these methods.
import Feature from 'ol/Feature';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import { defaults as defaultInteractions } from 'ol/interaction/defaults';
import MouseWheelZoom from 'ol/interaction/MouseWheelZoom';
import VectorLayer from 'ol/layer/Vector';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import { fromLonLat, transformExtent } from 'ol/proj';
import Cluster from 'ol/source/Cluster';
import VectorSource from 'ol/source/Vector';
import type { FeatureLike } from 'ol/Feature';
import { boundingExtent } from 'ol/extent';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import Icon from 'ol/style/Icon';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import Text from 'ol/style/Text';
import type { FlightFeature, TrackPoint } from '../../../contract/uploads';
import {
  BASE_LAYERS,
  DEFAULT_BASE_LAYER,
  HIGHLIGHT_COLOUR,
  INITIAL_CENTER,
  INITIAL_ZOOM,
  extentOf,
  featureColour,
  fitPoints,
  highlightAltitude,
  markerLabels,
  maxZoomOf,
  taskFeatures,
  trackFeature,
  type BaseLayerName,
  type TileUrls,
} from './map-style';
import { climbRuns } from './climb-colours';
import { altitude } from '../../format/units';
import { baseTileLayer, createOlMap, createView, disposeMap, fitView, toMap, toMapLine } from './ol-base';

/** Thermal markers: a dark orange that white text reads on. */
export const THERMAL_COLOUR = '#b34700';
/**
 * Thermal markers nearer than this (px) are drawn as one disc with their count (docs/analysis.md):
 * a flight's fifty thermals otherwise pile up into an unreadable heap over the task's labels.
 */
export const THERMAL_CLUSTER_PX = 30;

export interface FlightMapController {
  setTiles(tiles: TileUrls): void;
  setBaseLayer(name: BaseLayerName): void;
  /** Draws the track and task; fits the view (see fitFlight) when `fit` is true. */
  setFeatures(features: readonly FlightFeature[] | undefined, flightCode: string | null | undefined, fit: boolean): void;
  /** Fits the view to the track (else the task) and the photo markers drawn now; nothing without a track or task. */
  fitFlight(): void;
  setTaskVisible(visible: boolean): void;
  setHighlight(point: TrackPoint | null): void;
  /** Colours the track by climb rate instead of one colour. */
  setClimbColouring(on: boolean): void;
  /**
   * Numbered markers where the thermals were; markers that would overlap are drawn as one disc with
   * their count (clicking it zooms in until they part). The `active` one is drawn apart and larger.
   */
  setThermalMarkers(markers: readonly ThermalMarker[]): void;
  /** The thermal labels of each marker drawn at the current view (a group is one disc), and the active one's label. */
  drawnThermals(): { groups: string[][]; active: string | null };
  /** Outlined areas under the track (airspace), each in its colour. */
  setAreas(areas: readonly MapArea[]): void;
  /** Reports the track point under the pointer (its index in the track), or null away from the track. */
  onHoverPoint(listener: ((index: number | null) => void) | null): void;
  /** A camera marker per placed photo; `selectedId` is drawn larger. */
  setPhotoMarkers(markers: readonly PhotoMarker[], selectedId: number | null): void;
  /** Reports the photo whose marker was clicked. */
  onPhotoClick(listener: ((id: number) => void) | null): void;
  updateSize(): void;
  dispose(): void;
}

/** An outline drawn under the track: [longitude, latitude] pairs, closed. */
export interface MapArea {
  polygon: readonly (readonly [number, number])[];
  colour: string;
  label: string;
}

export interface ThermalMarker {
  latitude: number;
  longitude: number;
  label: string;
  /** The thermal highlighted in the table or on the profile: never hidden in a group. */
  active?: boolean;
}

export interface PhotoMarker {
  id: number;
  latitude: number;
  longitude: number;
  /** Shown as the tooltip while the pointer is on the marker. */
  label: string;
}

/** A white camera on a dark blue disc: reads on streets, topo and satellite tiles alike. */
const CAMERA_ICON = `data:image/svg+xml;utf8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="28" height="28" viewBox="0 0 28 28">' +
    '<circle cx="14" cy="14" r="13" fill="#1b3f8f" stroke="#fff" stroke-width="2"/>' +
    '<path d="M8 11h3l1.4-2h3.2l1.4 2h3a1 1 0 0 1 1 1v7a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1v-7a1 1 0 0 1 1-1z" fill="#fff"/>' +
    '<circle cx="14" cy="15.5" r="2.6" fill="#1b3f8f"/></svg>',
)}`;
const photoStyle = (selected: boolean) => new Style({ image: new Icon({ src: CAMERA_ICON, scale: selected ? 1.15 : 0.85 }), zIndex: selected ? 1 : 0 });

const thermalStyles = new Map<string, Style>();
/**
 * A thermal's number on an orange disc; a group of thermals, their count in orange on a larger white
 * disc (so a count never reads as a thermal's number); the active thermal larger, ringed in the highlight colour.
 */
function thermalStyle(text: string, kind: 'one' | 'group' | 'active'): Style {
  const key = `${kind}:${text}`;
  let style = thermalStyles.get(key);
  if (!style) {
    const group = kind === 'group';
    style = new Style({
      image: new CircleStyle({
        radius: group ? 13 : kind === 'active' ? 12 : 9,
        fill: new Fill({ color: group ? '#fff' : THERMAL_COLOUR }),
        stroke: new Stroke({ color: kind === 'active' ? HIGHLIGHT_COLOUR : group ? THERMAL_COLOUR : '#fff', width: kind === 'one' ? 2 : 3 }),
      }),
      text: new Text({ text, font: `bold ${kind === 'one' ? 10 : 12}px system-ui, sans-serif`, fill: new Fill({ color: group ? THERMAL_COLOUR : '#fff' }) }),
      zIndex: kind === 'active' ? 1 : 0,
    });
    thermalStyles.set(key, style);
  }
  return style;
}
const clusterMembers = (cluster: FeatureLike): Feature[] => (cluster.get('features') as Feature[] | undefined) ?? [];
const thermalClusterStyle = (cluster: FeatureLike) => {
  const members = clusterMembers(cluster);
  return members.length === 1 ? thermalStyle(members[0]!.get('label') as string, 'one') : thermalStyle(String(members.length), 'group');
};

/** How near (px) the pointer must be to the track to highlight a point. */
const HOVER_TOLERANCE_PX = 14;

function styleOf(feature: FlightFeature, label: string | null | undefined): Style {
  const colour = featureColour(feature);
  if (feature.geometry.type === 'LineString') {
    const isTrack = feature.type === 'flight';
    return new Style({ stroke: new Stroke({ color: colour, width: isTrack ? 3 : 2, lineDash: isTrack ? undefined : [8, 6] }) });
  }
  if (label) {
    return new Style({
      image: new CircleStyle({ radius: 12, fill: new Fill({ color: colour }), stroke: new Stroke({ color: '#222', width: 1.5 }) }),
      text: new Text({ text: label, font: 'bold 10px system-ui, sans-serif', fill: new Fill({ color: '#111' }) }),
    });
  }
  return new Style({ image: new CircleStyle({ radius: 6, fill: new Fill({ color: colour }), stroke: new Stroke({ color: '#fff', width: 2 }) }) });
}

function olFeature(feature: FlightFeature, label: string | null | undefined): Feature | null {
  const points = feature.geometry.points;
  if (!points.length) return null;
  const geometry = feature.geometry.type === 'Point' ? new Point(toMap(points[0]!)) : new LineString(toMapLine(points));
  const f = new Feature({ geometry });
  f.setStyle(styleOf(feature, label));
  return f;
}

export function createFlightMap(target: HTMLElement, onWheelWithoutCtrl: () => void): FlightMapController {
  const baseLayers = new Map(BASE_LAYERS.map(({ name }) => [name, baseTileLayer(name, { visible: name === DEFAULT_BASE_LAYER })]));
  const trackSource = new VectorSource();
  const taskSource = new VectorSource();
  const highlightSource = new VectorSource();
  const climbSource = new VectorSource();
  const thermalSource = new VectorSource();
  const thermalClusters = new Cluster({ source: thermalSource, distance: THERMAL_CLUSTER_PX });
  const activeThermalSource = new VectorSource();
  const photoSource = new VectorSource();
  const areaSource = new VectorSource();
  let photoListener: ((id: number) => void) | null = null;
  let features: readonly FlightFeature[] | undefined;
  let photoPoints: readonly PhotoMarker[] = [];
  let trackPoints: readonly TrackPoint[] = [];
  let trackCoords: number[][] = [];
  let climbOn = false;
  let hoverListener: ((index: number | null) => void) | null = null;
  let hovered: number | null = null;
  // Their own canvas (class flight-layers), apart from the tiles, so the drawing can be read back.
  const vectorClass = 'ol-layer flight-layers';
  // Above the thermal markers: the task's turnpoint labels are never hidden under them.
  const taskLayer = new VectorLayer({ source: taskSource, zIndex: 3, className: vectorClass });
  const thermalLayer = new VectorLayer({ source: thermalClusters, zIndex: 2, className: vectorClass, style: thermalClusterStyle });
  const trackLayer = new VectorLayer({ source: trackSource, zIndex: 1, className: vectorClass });
  const climbLayer = new VectorLayer({ source: climbSource, zIndex: 1, className: vectorClass, visible: false });
  const photoLayer = new VectorLayer({ source: photoSource, zIndex: 4, className: vectorClass });
  const view = createView(INITIAL_CENTER, INITIAL_ZOOM, DEFAULT_BASE_LAYER);

  // Scroll-wheel zoom only with Ctrl (Cmd on a Mac); otherwise the page scrolls and the panel shows a hint.
  const wheel = new MouseWheelZoom({
    condition: (event: MapBrowserEvent) => {
      const e = event.originalEvent as WheelEvent;
      if (e.ctrlKey || e.metaKey) return true;
      if (event.type === 'wheel') onWheelWithoutCtrl();
      return false;
    },
  });

  const map = createOlMap({
    target,
    layers: [
      ...baseLayers.values(),
      new VectorLayer({ source: areaSource, zIndex: 0, className: vectorClass }),
      trackLayer,
      climbLayer,
      thermalLayer,
      taskLayer,
      new VectorLayer({ source: activeThermalSource, zIndex: 3, className: vectorClass }),
      new VectorLayer({ source: highlightSource, zIndex: 3, className: vectorClass }),
      photoLayer,
    ],
    view,
    collapsibleAttribution: true,
    interactions: defaultInteractions({ mouseWheelZoom: false }).extend([wheel]),
  });

  const drawClimb = () => {
    climbSource.clear(true);
    if (!climbOn || !trackPoints.length) return;
    climbSource.addFeatures(
      climbRuns(trackPoints).map((run) => {
        const f = new Feature({ geometry: new LineString(trackCoords.slice(run.from, run.to + 1)) });
        f.setStyle(new Style({ stroke: new Stroke({ color: run.colour, width: 4 }) }));
        return f;
      }),
    );
  };

  const photoAt = (pixel: number[]): Feature | undefined =>
    map.forEachFeatureAtPixel(pixel, (f) => f as Feature, { layerFilter: (layer) => layer === photoLayer, hitTolerance: 2 });

  const thermalGroupAt = (pixel: number[]): Feature[] => {
    const cluster = map.forEachFeatureAtPixel(pixel, (f) => f, { layerFilter: (layer) => layer === thermalLayer, hitTolerance: 2 });
    const members = cluster ? clusterMembers(cluster) : [];
    return members.length > 1 ? members : [];
  };

  // 'click', not 'singleclick': the viewer opens without waiting to rule out a double click.
  map.on('click', (event) => {
    const id = photoAt(event.pixel)?.get('photoId') as number | undefined;
    if (id !== undefined) return photoListener?.(id);
    // A group of thermals opens up: the view zooms in on them until they part.
    const group = thermalGroupAt(event.pixel);
    if (group.length) fitView(view, boundingExtent(group.map((f) => (f.getGeometry() as Point).getCoordinates())));
  });

  // What the thermal layer draws, on the map's element for journeys to read (e2e/analysis.test.ts).
  map.on('rendercomplete', () => {
    const drawn = drawnThermals();
    target.dataset.thermalGroups = drawn.groups.map((g) => g.join(',')).join(' ');
    target.dataset.activeThermal = drawn.active ?? '';
  });

  map.on('pointermove', (event) => {
    if (!event.dragging) {
      const photo = photoListener ? photoAt(event.pixel) : undefined;
      const label = (photo?.get('label') as string | undefined) ?? '';
      const pointer = !!photo || thermalGroupAt(event.pixel).length > 0;
      if (target.title !== label) target.title = label;
      target.style.cursor = pointer ? 'pointer' : '';
    }
    if (!hoverListener || event.dragging || !trackCoords.length) return;
    let best: number | null = null;
    let bestDistance = HOVER_TOLERANCE_PX * HOVER_TOLERANCE_PX;
    for (let i = 0; i < trackCoords.length; i++) {
      const pixel = map.getPixelFromCoordinate(trackCoords[i]!);
      if (!pixel) continue;
      const d = (pixel[0]! - event.pixel[0]!) ** 2 + (pixel[1]! - event.pixel[1]!) ** 2;
      if (d < bestDistance) {
        bestDistance = d;
        best = i;
      }
    }
    if (best !== hovered) {
      hovered = best;
      hoverListener(best);
    }
  });

  const drawnThermals = () => {
    // Grouped for the view's resolution as the layer draws them (a no-op when the layer already did).
    const resolution = view.getResolution();
    if (resolution !== undefined) thermalClusters.loadFeatures(view.calculateExtent(map.getSize() ?? [0, 0]), resolution, view.getProjection());
    const groups = thermalClusters.getFeatures().map((cluster) => clusterMembers(cluster).map((f) => f.get('label') as string));
    const active = activeThermalSource.getFeatures()[0]?.get('label') as string | undefined;
    return { groups, active: active ?? null };
  };

  /** Fits the flight and its photos; false when there is nothing to fit. */
  const fit = () => {
    const extent = extentOf(fitPoints(features, photoPoints));
    if (extent) fitView(view, transformExtent(extent, 'EPSG:4326', view.getProjection()));
    return extent !== null;
  };

  return {
    setTiles(tiles) {
      for (const [name, layer] of baseLayers) layer.getSource()?.setUrl(tiles[name]);
    },
    setBaseLayer(name) {
      for (const [n, layer] of baseLayers) layer.setVisible(n === name);
      view.setMaxZoom(maxZoomOf(name));
      const zoom = view.getZoom();
      if (zoom !== undefined && zoom > maxZoomOf(name)) view.setZoom(maxZoomOf(name));
    },
    setFeatures(next, flightCode, shouldFit) {
      features = next;
      trackSource.clear(true);
      taskSource.clear(true);
      const track = trackFeature(features);
      const task = taskFeatures(features);
      const labels = markerLabels(task, flightCode);
      const trackOl = track ? olFeature(track, null) : null;
      trackPoints = track?.geometry.type === 'LineString' ? track.geometry.points : [];
      trackCoords = toMapLine(trackPoints);
      drawClimb();
      if (trackOl) trackSource.addFeature(trackOl);
      taskSource.addFeatures(task.map((f) => olFeature(f, labels.get(f))).filter((f): f is Feature => f !== null));
      if (shouldFit && !fit()) view.animate({ center: fromLonLat(INITIAL_CENTER), zoom: INITIAL_ZOOM, duration: 0 });
    },
    fitFlight() {
      fit();
    },
    setTaskVisible(visible) {
      taskLayer.setVisible(visible);
    },
    setHighlight(point) {
      highlightSource.clear(true);
      if (!point) return;
      const f = new Feature({ geometry: new Point(toMap(point)) });
      f.setStyle(
        new Style({
          image: new CircleStyle({ radius: 7, fill: new Fill({ color: HIGHLIGHT_COLOUR }), stroke: new Stroke({ color: '#fff', width: 2 }) }),
          text: new Text({
            text: altitude(highlightAltitude(point)),
            offsetY: -20,
            font: 'bold 12px system-ui, sans-serif',
            fill: new Fill({ color: '#fff' }),
            backgroundFill: new Fill({ color: HIGHLIGHT_COLOUR }),
            padding: [2, 4, 2, 4],
          }),
        }),
      );
      highlightSource.addFeature(f);
    },
    setClimbColouring(on) {
      climbOn = on;
      trackLayer.setVisible(!on);
      climbLayer.setVisible(on);
      drawClimb();
    },
    setAreas(areas) {
      areaSource.clear(true);
      areaSource.addFeatures(
        areas.map((a) => {
          const f = new Feature({ geometry: new Polygon([a.polygon.map(([lon, lat]) => fromLonLat([lon, lat]))]), name: a.label });
          f.setStyle(new Style({ stroke: new Stroke({ color: a.colour, width: 2 }), fill: new Fill({ color: `${a.colour}26` }) }));
          return f;
        }),
      );
    },
    setThermalMarkers(markers) {
      const feature = (m: ThermalMarker) => new Feature({ geometry: new Point(toMap(m)), label: m.label });
      thermalSource.clear(true);
      activeThermalSource.clear(true);
      thermalSource.addFeatures(markers.filter((m) => !m.active).map(feature));
      for (const m of markers.filter((marker) => marker.active)) {
        const f = feature(m);
        f.setStyle(thermalStyle(m.label, 'active'));
        activeThermalSource.addFeature(f);
      }
    },
    drawnThermals,
    onHoverPoint(listener) {
      hoverListener = listener;
      hovered = null;
    },
    setPhotoMarkers(markers, selectedId) {
      photoPoints = markers;
      photoSource.clear(true);
      photoSource.addFeatures(
        markers.map((m) => {
          const f = new Feature({ geometry: new Point(toMap(m)), photoId: m.id, label: m.label });
          f.setStyle(photoStyle(m.id === selectedId));
          return f;
        }),
      );
    },
    onPhotoClick(listener) {
      photoListener = listener;
    },
    updateSize() {
      map.updateSize();
    },
    dispose() {
      disposeMap(map);
    },
  };
}
