// The OpenLayers wiring of the replay map: each flight's low-resolution track drawn once, and per
// frame a marker and a short tail moved to the interpolated position (React only calls this).
// Smoothness (docs/compare.md): the tracks are an image layer, drawn again only when the view changes;
// markers and tails are no features at all but drawn straight onto the canvas after each render, from
// geometries updated in place, so a frame builds no features, styles or arrays.
import Feature from 'ol/Feature';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import VectorImageLayer from 'ol/layer/VectorImage';
import { fromLonLat } from 'ol/proj';
import { getVectorContext } from 'ol/render';
import VectorSource from 'ol/source/Vector';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import Text from 'ol/style/Text';
import { PATH_FIT_MAX_ZOOM, PATH_MAP_VIEW } from '../../components/map/map-style';
import { baseTileLayer, createOlMap, createView, disposeMap, fitView } from '../../components/map/ol-base';
import { flightColour } from './colours';
import { positionAt, TAIL_SECONDS, type ReplayTrack } from './replay';

export interface CompareMapController {
  setTileUrl(url: string): void;
  /** Draws the tracks and fits the view to them. */
  setTracks(tracks: readonly ReplayTrack[]): void;
  /** Moves every marker and tail to this second of the shared timeline. */
  setTime(time: number): void;
  dispose(): void;
}

interface Drawn {
  track: ReplayTrack;
  x: Float64Array;
  y: Float64Array;
  marker: Point;
  tail: LineString;
  /** The tail's flat coordinates, reused every frame. */
  tailFlat: number[];
  markerStyle: Style;
  tailStyle: Style;
}

const lerp = (a: Float64Array, i: number, f: number) => (f > 0 ? a[i]! + (a[i + 1]! - a[i]!) * f : a[i]!);

export function createCompareMap(target: HTMLElement): CompareMapController {
  const tiles = baseTileLayer('street', { zIndex: 0 });
  const trackSource = new VectorSource();
  const markerLayer = new VectorLayer({ source: new VectorSource(), zIndex: 2, updateWhileAnimating: true, updateWhileInteracting: true });
  const view = createView([PATH_MAP_VIEW.longitude, PATH_MAP_VIEW.latitude], PATH_MAP_VIEW.zoom, 'street');
  const map = createOlMap({
    target,
    layers: [tiles, new VectorImageLayer({ source: trackSource, zIndex: 1 }), markerLayer],
    view,
    collapsibleAttribution: true,
    rotate: false,
  });
  let drawn: Drawn[] = [];

  // Tails first, then markers and names above every tail.
  markerLayer.on('postrender', (event) => {
    const context = getVectorContext(event);
    for (const d of drawn) {
      context.setStyle(d.tailStyle);
      context.drawGeometry(d.tail);
    }
    for (const d of drawn) {
      context.setStyle(d.markerStyle);
      context.drawGeometry(d.marker);
    }
  });

  return {
    setTileUrl(url) {
      tiles.getSource()?.setUrl(url);
    },
    setTracks(tracks) {
      trackSource.clear(true);
      drawn = tracks.map((track) => {
        const colour = flightColour(track.flight.colourIndex);
        const n = track.times.length;
        const x = new Float64Array(n);
        const y = new Float64Array(n);
        const coords: number[][] = [];
        for (let i = 0; i < n; i++) {
          const [px, py] = fromLonLat([track.lon[i]!, track.lat[i]!]);
          x[i] = px!;
          y[i] = py!;
          coords.push([px!, py!]);
        }
        const line = new Feature({ geometry: new LineString(coords) });
        line.setStyle(new Style({ stroke: new Stroke({ color: `${colour}80`, width: 2 }) }));
        trackSource.addFeature(line);
        const markerStyle = new Style({
          image: new CircleStyle({ radius: 7, fill: new Fill({ color: colour }), stroke: new Stroke({ color: '#fff', width: 2 }) }),
          text: new Text({
            text: track.flight.pilot.name,
            offsetY: -17,
            font: '12px system-ui, sans-serif',
            fill: new Fill({ color: '#111' }),
            backgroundFill: new Fill({ color: 'rgba(255, 255, 255, 0.88)' }),
            padding: [1, 3, 1, 3],
          }),
        });
        const tailStyle = new Style({ stroke: new Stroke({ color: colour, width: 4 }) });
        return { track, x, y, marker: new Point(coords[0]!), tail: new LineString([coords[0]!, coords[0]!]), tailFlat: [], markerStyle, tailStyle };
      });
      const extent = trackSource.getExtent();
      if (drawn.length && extent) {
        map.updateSize();
        fitView(view, extent, PATH_FIT_MAX_ZOOM);
      }
      map.render();
    },
    setTime(time) {
      for (const d of drawn) {
        const p = positionAt(d.track.times, time);
        const hx = lerp(d.x, p.i, p.f);
        const hy = lerp(d.y, p.i, p.f);
        const at = d.marker.getFlatCoordinates();
        at[0] = hx;
        at[1] = hy;
        d.marker.changed();
        const flat = d.tailFlat;
        flat.length = 0;
        let j = p.i;
        while (j >= 0 && d.track.times[j]! >= time - TAIL_SECONDS) j--;
        for (let k = Math.max(0, j); k <= p.i; k++) flat.push(d.x[k]!, d.y[k]!);
        flat.push(hx, hy);
        d.tail.setFlatCoordinates('XY', flat);
        d.tail.changed();
      }
      map.render();
    },
    dispose() {
      disposeMap(map);
    },
  };
}
