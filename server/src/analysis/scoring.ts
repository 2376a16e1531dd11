import { scoringRules } from 'igc-xc-score';
import { SCORING_RULES } from '../../../contract/scoring';
import { type Optimum, type OptimumPoint, optimizeTrack } from './optimizer';
import { unwrapLongitudes, wrapLongitude } from './geo';
import { fcc } from './optimizer/geometry';
import { type Track, trackLength } from './track';
import type { Feature, FeatureType, ScoringRules, TrackPoint } from './types';

export interface XcScore {
  xcDistance: number; // km, before the closing penalty
  xcPoints: number;
  flightCode: string; // od, tri, fai
  optimal: boolean;
  /** When not optimal: no flight scores more than this. */
  bound?: number;
  features: Feature[];
}

const FEATURE_TYPES: [RegExp, FeatureType][] = [
  [/^tp\d*$/, 'tp'],
  [/^(seg\d*|closing)$/, 'seg'],
  [/^launch\d*$/, 'launch'],
  [/^land\d*$/, 'land'],
  [/^ep_start$/, 'ep_start'],
  [/^ep_finish$/, 'ep_finish'],
  [/^cp_in$/, 'cp_in'],
  [/^cp_out$/, 'cp_out'],
];

interface GeoJsonFeature {
  id?: string;
  properties?: Record<string, unknown>;
  geometry: { type: string; coordinates: number[] | number[][] };
}

function toFeature(f: GeoJsonFeature, track: Track): Feature | null {
  const id = String(f.id ?? f.properties?.id ?? '');
  const type = FEATURE_TYPES.find(([re]) => re.test(id))?.[1];
  if (!type) return null;
  const point = (c: number[]): TrackPoint => ({ longitude: c[0]!, latitude: c[1]! });
  const { r, timestamp, stroke, ...rest } = f.properties ?? {};
  const p = f.geometry.type === 'Point' ? point(f.geometry.coordinates as number[]) : null;
  if (p && typeof r === 'number' && r >= 0 && r < trackLength(track)) {
    p.timestamp = track.timesMs[r]!;
    // as the library's fixes: a missing (NaN) or zero altitude is left out
    const baro = track.baroAltitudesM?.[r];
    const gps = track.gpsAltitudesM?.[r];
    if (baro) p.baroAltitude = baro;
    if (gps) p.gpsAltitude = gps;
  }
  return {
    type,
    id,
    properties: { ...(typeof stroke === 'string' ? { stroke } : {}), ...rest },
    geometry: p
      ? { type: 'Point', points: [p] }
      : { type: 'LineString', points: (f.geometry.coordinates as number[][]).map(point) },
  };
}

/** igc-xc-score's rule set for a league of contract/scoring.ts (the same names). */
export function scoringRulesFor(rules: ScoringRules) {
  const found = scoringRules[rules] as object[] | undefined;
  if (!found) throw new Error(`Unknown scoring rules "${String(rules)}": expected one of ${SCORING_RULES.join(', ')}.`);
  return found;
}

/**
 * The features igc-xc-score's best solution lists (its Solution.geojson), built from our optimum:
 * turnpoints and the legs between them, the closing pair and its line, start and finish, launch and
 * landing. Points off the track (cylinders, FAI-OAR's second turnpoint) carry no fix index.
 */
function geojsonOf(best: Optimum, track: Track): GeoJsonFeature[] {
  const features: GeoJsonFeature[] = [];
  const n = trackLength(track);
  const timeOf = (r: number | undefined) => (r !== undefined && r >= 0 && r < n ? track.timesMs[r] : undefined);
  // the optimizer works on unwrapped longitudes (scoreFlight): stored points are back in [−180, 180)
  const point = (id: string, p: OptimumPoint): GeoJsonFeature => ({ id, properties: { id, r: p.r, timestamp: timeOf(p.r) }, geometry: { type: 'Point', coordinates: [wrapLongitude(p.x), p.y] } });
  const line = (id: string, a: OptimumPoint, b: OptimumPoint, stroke: string, width: number): GeoJsonFeature => ({
    id,
    properties: { id, stroke, 'stroke-width': width, d: fcc(a.x, a.y, b.x, b.y) },
    geometry: { type: 'LineString', coordinates: [[wrapLongitude(a.x), a.y], [wrapLongitude(b.x), b.y]] },
  });
  best.tp.forEach((p, r) => {
    features.push(point(`tp${r}`, p));
    // An open flight does not close its circuit. The library walks the turnpoints with for…in, so
    // its "next" is (r + '1') % count: the same as r + 1 for three turnpoints, but an
    // out-and-return's second leg ends where it starts (length 0); kept so stored features do not change.
    const next = Number(`${r}1`) % best.tp.length;
    if (!(best.ep && r === best.tp.length - 1)) features.push(line(`seg${r}`, p, best.tp[next]!, 'yellow', 4));
  });
  if (best.cp) features.push(point('cp_in', best.cp.in), point('cp_out', best.cp.out), line('closing', best.cp.in, best.cp.out, 'green', 3));
  // the library drops the start and finish of cylinder flights (moved off the track, no fix to time them)
  if (best.ep && best.ep.start.r !== undefined && best.ep.finish.r !== undefined) features.push(point('ep_start', best.ep.start), point('ep_finish', best.ep.finish));
  const last = n - 1;
  const { latitudesDeg: lat, longitudesDeg: lon } = track;
  features.push(point('launch0', { x: lon[0]!, y: lat[0]!, r: 0 }), point('land0', { x: lon[last]!, y: lat[last]!, r: last }));
  return features;
}

/** The optimal XC score of one flight under the pilot's or the instance's rules, with its geometry as features (docs/scoring.md). */
export function scoreFlight(track: Track, rules: ScoringRules, work?: number): XcScore {
  // across the antimeridian the FCC formula needs continuous longitudes (geo.ts unwrapLongitudes)
  const best = optimizeTrack({ x: unwrapLongitudes(track.longitudesDeg), y: track.latitudesDeg, n: trackLength(track) }, rules, work === undefined ? {} : { work });
  if (!best) return { xcDistance: 0, xcPoints: 0, flightCode: 'od', optimal: true, features: [] };
  return {
    xcDistance: best.distance,
    xcPoints: best.score,
    flightCode: best.code,
    optimal: best.optimal,
    ...(best.bound !== undefined ? { bound: best.bound } : {}),
    features: geojsonOf(best, track)
      .map((f) => toFeature(f, track))
      .filter((f): f is Feature => f !== null),
  };
}
