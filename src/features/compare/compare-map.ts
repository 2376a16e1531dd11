// The OpenLayers wiring of the replay map: each flight's low-resolution track drawn once, and per
// frame a marker and a short tail moved to the interpolated position (React only calls this).
// Smoothness (docs/compare.md): OpenLayers draws only the tiles and the faint tracks, again only when
// the view changes. The markers, names and tails are an SVG layer above its canvas, moved by setting a
// few attributes per frame: the browser then repaints a few small shapes, instead of the map's whole
// canvas being drawn and handed to the compositor every frame (which cost most of each frame).
import Feature from 'ol/Feature';
import LineString from 'ol/geom/LineString';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
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
  /** The track in map coordinates (EPSG:3857), projected once. */
  x: Float64Array;
  y: Float64Array;
  tail: SVGPolylineElement;
  /** The marker and its name, moved together. */
  marker: SVGGElement;
  name: SVGTextElement;
}

const LABEL_LINE = 14;
/** Rough width of a name at 12 px (the map's names are short; exact text metrics would cost a layout per frame). */
const labelWidth = (text: string) => text.length * 7 + 8;

/** Below this baseline (px from the map's top) a 12 px name is cut by the map's edge. */
const TOP_BASELINE = 12;

/**
 * Lifts a name one line at a time while it would cover a name already placed, so pilots flying close
 * together stay readable (docs/compare.md). A name lifted past the map's top edge goes under its marker
 * instead, moved down the same way (two pilots at the top of the map had one name cut in half). Returns
 * the name's baseline offset from its marker.
 */
export function liftLabel(placed: { x: number; y: number; w: number }[], x: number, y: number, w: number): number {
  let offset = -12;
  const overlaps = () => placed.some((p) => Math.abs(p.x - x) < (p.w + w) / 2 && Math.abs(p.y - (y + offset)) < LABEL_LINE);
  for (let i = 0; i < 10 && overlaps(); i++) offset -= LABEL_LINE;
  if (y + offset < TOP_BASELINE) {
    offset = 22;
    for (let i = 0; i < 10 && overlaps(); i++) offset += LABEL_LINE;
  }
  placed.push({ x, y: y + offset, w });
  return offset;
}

const SVG = 'http://www.w3.org/2000/svg';
const lerp = (a: Float64Array, i: number, f: number) => (f > 0 ? a[i]! + (a[i + 1]! - a[i]!) * f : a[i]!);

function svgElement<K extends keyof SVGElementTagNameMap>(name: K, attributes: Record<string, string | number>): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, String(v));
  return el;
}

export function createCompareMap(target: HTMLElement): CompareMapController {
  const tiles = baseTileLayer('street', { zIndex: 0 });
  const trackSource = new VectorSource();
  const view = createView([PATH_MAP_VIEW.longitude, PATH_MAP_VIEW.latitude], PATH_MAP_VIEW.zoom, 'street');
  const map = createOlMap({
    target,
    layers: [tiles, new VectorLayer({ source: trackSource, zIndex: 1 })],
    view,
    collapsibleAttribution: true,
    rotate: false,
  });
  // Above the map's canvas, below its controls; decoration only (the standings table says where everyone is).
  const overlay = svgElement('svg', { 'aria-hidden': 'true', style: 'position:absolute;inset:0;width:100%;height:100%;pointer-events:none;overflow:hidden' });
  const tails = svgElement('g', { fill: 'none', 'stroke-width': 4, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' });
  const markers = svgElement('g', { 'font-size': 12, 'font-family': 'system-ui, sans-serif' });
  overlay.append(tails, markers);
  const viewport = map.getViewport();
  viewport?.insertBefore(overlay, viewport.querySelector('.ol-overlaycontainer'));

  let drawn: Drawn[] = [];
  let time = 0;
  /** Map coordinates to CSS pixels as of the map's last render ([a, b, c, d, e, f]: x' = a·x + c·y + e). */
  let toPixel: number[] | null = null;

  const place = () => {
    const m = toPixel;
    if (!m) return;
    const placed: { x: number; y: number; w: number }[] = [];
    for (const d of drawn) {
      const p = positionAt(d.track.times, time);
      const hx = lerp(d.x, p.i, p.f);
      const hy = lerp(d.y, p.i, p.f);
      let j = p.i;
      while (j >= 0 && d.track.times[j]! >= time - TAIL_SECONDS) j--;
      let points = '';
      for (let k = Math.max(0, j); k <= p.i; k++) points += `${(m[0]! * d.x[k]! + m[2]! * d.y[k]! + m[4]!).toFixed(1)},${(m[1]! * d.x[k]! + m[3]! * d.y[k]! + m[5]!).toFixed(1)} `;
      const px = m[0]! * hx + m[2]! * hy + m[4]!;
      const py = m[1]! * hx + m[3]! * hy + m[5]!;
      d.tail.setAttribute('points', `${points}${px.toFixed(1)},${py.toFixed(1)}`);
      d.marker.setAttribute('transform', `translate(${px.toFixed(1)} ${py.toFixed(1)})`);
      d.name.setAttribute('y', String(liftLabel(placed, px, py, labelWidth(d.track.label))));
    }
  };
  // After every render of the map (a pan, a zoom, a resize), the markers follow its new view.
  map.on('postrender', (event) => {
    toPixel = event.frameState ? [...event.frameState.coordinateToPixelTransform] : null;
    place();
  });

  return {
    setTileUrl(url) {
      tiles.getSource()?.setUrl(url);
    },
    setTracks(tracks) {
      trackSource.clear(true);
      tails.replaceChildren();
      markers.replaceChildren();
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
        const tail = svgElement('polyline', { stroke: colour });
        const marker = svgElement('g', {});
        const name = svgElement('text', { y: -12, 'text-anchor': 'middle', fill: '#111', stroke: 'rgba(255, 255, 255, 0.9)', 'stroke-width': 3, 'paint-order': 'stroke', 'stroke-linejoin': 'round' });
        name.textContent = track.label;
        marker.append(svgElement('circle', { r: 7, fill: colour, stroke: '#fff', 'stroke-width': 2 }), name);
        tails.append(tail);
        markers.append(marker);
        return { track, x, y, tail, marker, name };
      });
      const extent = trackSource.getExtent();
      if (drawn.length && extent) {
        map.updateSize();
        fitView(view, extent, PATH_FIT_MAX_ZOOM);
      }
      map.render();
    },
    setTime(t) {
      time = t;
      place();
    },
    dispose() {
      overlay.remove();
      disposeMap(map);
    },
  };
}
