import type IGCParser from 'igc-parser';
import { scoringRules, solver } from 'igc-xc-score';
import { SCORING_RULES } from '../../../contract/scoring';
import type { Feature, FeatureType, ScoringRules, TrackPoint } from './types';

export interface XcScore {
  xcDistance: number; // km, before the closing penalty
  xcPoints: number;
  flightCode: string; // od, tri, fai
  optimal: boolean;
  features: Feature[];
}

/** Longest the solver may search one flight; real flights reach their optimum far sooner. */
export const SOLVER_TIME_LIMIT_MS = 60_000;

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

/** The optimal XC score of one flight under the pilot's or the instance's rules, with its geometry as features. */
export function scoreFlight(flight: IGCParser.IGCFile, rules: ScoringRules): XcScore {
  const started = Date.now();
  const it = solver(flight, scoringRulesFor(rules), { maxcycle: 2000, noflight: true, invalid: true });
  let step = it.next();
  while (!step.done && Date.now() - started < SOLVER_TIME_LIMIT_MS) step = it.next();
  const best = step.value;
  const info = best.scoreInfo;
  const geojson = (best as unknown as { geojson(): { features: GeoJsonFeature[] } }).geojson();
  return {
    xcDistance: info?.distance ?? 0,
    xcPoints: best.score ?? 0,
    flightCode: best.opt.scoring.code,
    optimal: !!best.optimal,
    features: geojson.features.map((f) => toFeature(f, best.opt.flight.filtered ?? flight.fixes)).filter((f): f is Feature => f !== null),
  };
}
