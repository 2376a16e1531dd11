import type IGCParser from 'igc-parser';
import { scoringRules } from 'igc-xc-score';
import { SCORING_RULES } from '../../../contract/scoring';
import { type Optimum, type OptimumPoint, optimize } from './optimizer';
import { fcc } from './optimizer/geometry';
import type { Feature, FeatureType, ScoringRules, TrackPoint } from './types';

export interface XcScore {
  xcDistance: number; // km, before the closing penalty
  xcPoints: number;
  flightCode: string; // od, tri, fai
  optimal: boolean;
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

function toFeature(f: GeoJsonFeature, fixes: IGCParser.BRecord[]): Feature | null {
  const id = String(f.id ?? f.properties?.id ?? '');
  const type = FEATURE_TYPES.find(([re]) => re.test(id))?.[1];
  if (!type) return null;
  const point = (c: number[]): TrackPoint => ({ longitude: c[0]!, latitude: c[1]! });
  const { r, timestamp, stroke, ...rest } = f.properties ?? {};
  const p = f.geometry.type === 'Point' ? point(f.geometry.coordinates as number[]) : null;
  if (p && typeof r === 'number') {
    const fix = fixes[r];
    if (fix) {
      p.timestamp = fix.timestamp;
      if (fix.pressureAltitude) p.baroAltitude = fix.pressureAltitude;
      if (fix.gpsAltitude) p.gpsAltitude = fix.gpsAltitude;
    }
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
function geojsonOf(best: Optimum, fixes: IGCParser.BRecord[]): GeoJsonFeature[] {
  const features: GeoJsonFeature[] = [];
  const point = (id: string, p: OptimumPoint): GeoJsonFeature => ({ id, properties: { id, r: p.r, timestamp: p.r !== undefined ? fixes[p.r]?.timestamp : undefined }, geometry: { type: 'Point', coordinates: [p.x, p.y] } });
  const line = (id: string, a: OptimumPoint, b: OptimumPoint, stroke: string, width: number): GeoJsonFeature => ({
    id,
    properties: { id, stroke, 'stroke-width': width, d: fcc(a.x, a.y, b.x, b.y) },
    geometry: { type: 'LineString', coordinates: [[a.x, a.y], [b.x, b.y]] },
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
  const last = fixes.length - 1;
  features.push(point('launch0', { x: fixes[0]!.longitude, y: fixes[0]!.latitude, r: 0 }), point('land0', { x: fixes[last]!.longitude, y: fixes[last]!.latitude, r: last }));
  return features;
}

/** The optimal XC score of one flight under the pilot's or the instance's rules, with its geometry as features (docs/scoring.md). */
export function scoreFlight(flight: IGCParser.IGCFile, rules: ScoringRules): XcScore {
  const fixes = flight.fixes;
  const best = optimize(fixes, rules);
  if (!best) return { xcDistance: 0, xcPoints: 0, flightCode: 'od', optimal: true, features: [] };
  return {
    xcDistance: best.distance,
    xcPoints: best.score,
    flightCode: best.code,
    optimal: best.optimal,
    features: geojsonOf(best, fixes)
      .map((f) => toFeature(f, fixes))
      .filter((f): f is Feature => f !== null),
  };
}
