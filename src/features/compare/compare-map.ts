// The OpenLayers wiring of the replay map: each flight's low-resolution track drawn once, and per
// frame a marker and a short tail moved to the interpolated position (React only calls this).
import Feature from 'ol/Feature';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat } from 'ol/proj';
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
}

const lerp = (a: Float64Array, i: number, f: number) => (f > 0 ? a[i]! + (a[i + 1]! - a[i]!) * f : a[i]!);

export function createCompareMap(target: HTMLElement): CompareMapController {
  const tiles = baseTileLayer('street', { zIndex: 0 });
  const trackSource = new VectorSource();
  const markerSource = new VectorSource();
  const view = createView([PATH_MAP_VIEW.longitude, PATH_MAP_VIEW.latitude], PATH_MAP_VIEW.zoom, 'street');
  const map = createOlMap({
    target,
    layers: [tiles, new VectorLayer({ source: trackSource, zIndex: 1 }), new VectorLayer({ source: markerSource, zIndex: 2, updateWhileAnimating: true, updateWhileInteracting: true })],
    view,
    collapsibleAttribution: true,
    rotate: false,
  });
  let drawn: Drawn[] = [];

  return {
    setTileUrl(url) {
      tiles.getSource()?.setUrl(url);
    },
    setTracks(tracks) {
      trackSource.clear(true);
      markerSource.clear(true);
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
        const marker = new Point(coords[0]!);
        const tail = new LineString([coords[0]!, coords[0]!]);
        const tailFeature = new Feature({ geometry: tail });
        tailFeature.setStyle(new Style({ stroke: new Stroke({ color: colour, width: 4 }) }));
        const markerFeature = new Feature({ geometry: marker });
        markerFeature.setStyle(
          new Style({
            image: new CircleStyle({ radius: 7, fill: new Fill({ color: colour }), stroke: new Stroke({ color: '#fff', width: 2 }) }),
            text: new Text({
              text: track.flight.pilot.name,
              offsetY: -17,
              font: '12px system-ui, sans-serif',
              fill: new Fill({ color: '#111' }),
              backgroundFill: new Fill({ color: 'rgba(255, 255, 255, 0.88)' }),
              padding: [1, 3, 1, 3],
            }),
          }),
        );
        markerSource.addFeatures([tailFeature, markerFeature]);
        return { track, x, y, marker, tail };
      });
      const extent = trackSource.getExtent();
      if (drawn.length && extent) {
        map.updateSize();
        fitView(view, extent, PATH_FIT_MAX_ZOOM);
      }
    },
    setTime(time) {
      for (const d of drawn) {
        const p = positionAt(d.track.times, time);
        const here = [lerp(d.x, p.i, p.f), lerp(d.y, p.i, p.f)];
        d.marker.setCoordinates(here);
        const tail: number[][] = [];
        let j = p.i;
        while (j >= 0 && d.track.times[j]! >= time - TAIL_SECONDS) j--;
        for (let k = Math.max(0, j); k <= p.i; k++) tail.push([d.x[k]!, d.y[k]!]);
        tail.push(here);
        d.tail.setCoordinates(tail);
      }
    },
    dispose() {
      disposeMap(map);
    },
  };
}
