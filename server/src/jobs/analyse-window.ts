// The analysis of one pilot-set window of a file (issue 15 corrections). Stands in for the pure
// window entry of server/src/analysis until that lands; same fields as analyseIgc's flights.
import { createHash } from 'node:crypto';
import { IgcReadError, type AnalysisOptions, type Fix, type FlightAnalysis, type TrackPoint } from '../analysis';
import { distanceKm } from '../analysis/geo';
import { computeMetrics } from '../analysis/metrics';
import { parseIgc } from '../analysis/parse';
import { localDateOf, nearestTown, timeZoneAt } from '../analysis/places';
import { scoreFlight } from '../analysis/scoring';
import { simplifyTrack } from '../analysis/simplify';
import { validateFlight } from '../analysis/validation';

export interface FlightWindow {
  takeoffTime: string;
  landingTime: string;
}

const iso = (ms: number) => new Date(ms).toISOString();
const hms = (ms: number) => iso(ms).slice(11, 19);
const MIN_FIXES = 5;

const toPoint = (f: Fix): TrackPoint => ({
  latitude: f.latitude,
  longitude: f.longitude,
  ...(f.baroAltitude !== null ? { baroAltitude: f.baroAltitude } : {}),
  ...(f.gpsAltitude !== null ? { gpsAltitude: f.gpsAltitude } : {}),
  timestamp: f.time,
});

function fingerprintOf(fixes: Fix[]): string {
  const h = createHash('sha256');
  for (const f of fixes) h.update(`${f.time},${f.latitude.toFixed(5)},${f.longitude.toFixed(5)};`);
  return h.digest('hex').slice(0, 40);
}

/** The flight made of exactly the fixes inside the window (no takeoff/landing detection inside it). */
export function analyseWindow(bytes: Uint8Array, options: AnalysisOptions, window: FlightWindow, segmentIndex: number): FlightAnalysis {
  const parsed = parseIgc(bytes);
  const from = Date.parse(window.takeoffTime);
  const to = Date.parse(window.landingTime);
  const first = parsed.fixes[0]!;
  const last = parsed.fixes.at(-1)!;
  if (from < first.time || to > last.time) {
    throw new IgcReadError(`Takeoff and landing must lie within the recorded track, ${hms(first.time)} to ${hms(last.time)} UTC.`);
  }
  const start = parsed.fixes.findIndex((f) => f.time >= from);
  let end = parsed.fixes.length - 1;
  while (end > 0 && parsed.fixes[end]!.time > to) end -= 1;
  if (start < 0 || end - start + 1 < MIN_FIXES) throw new IgcReadError(`The window holds fewer than ${MIN_FIXES} fixes: choose a longer one.`);
  const fixes = parsed.fixes.slice(start, end + 1);
  const a = fixes[0]!;
  const b = fixes.at(-1)!;
  const metrics = computeMetrics(fixes);
  const score = scoreFlight({ ...parsed.raw, fixes: parsed.raw.fixes.slice(start, end + 1) }, options.scoringRules);
  const timeZone = timeZoneAt(a);
  const path = fixes.map(toPoint);
  return {
    segmentIndex,
    startTime: iso(a.time),
    endTime: iso(b.time),
    timeZone,
    localDate: localDateOf(a.time, timeZone),
    flightTime: metrics.flightTime,
    distance: score.xcDistance,
    xcDistance: score.xcDistance,
    xcPoints: score.xcPoints,
    flightCode: score.flightCode,
    groundDistance: metrics.groundDistance,
    xcSpeed: metrics.flightTime > 0 ? score.xcDistance / (metrics.flightTime / 3600) : 0,
    maxAltitude: metrics.maxAltitude,
    maxHeight: metrics.maxAltitude,
    startHeight: metrics.startHeight,
    elevationGain: metrics.elevationGain,
    maxLift: metrics.maxLift,
    maxSink: metrics.maxSink,
    leftCircles: metrics.leftCircles,
    rightCircles: metrics.rightCircles,
    gliderType: parsed.gliderType,
    takeoff: { latitude: a.latitude, longitude: a.longitude },
    landing: { latitude: b.latitude, longitude: b.longitude },
    takeoffLocation: nearestTown(a),
    landingLocation: nearestTown(b),
    fingerprint: fingerprintOf(fixes),
    removalReason: validateFlight({ metrics, displacementKm: distanceKm(a, b) }),
    path,
    pathLowRes: simplifyTrack(path),
    features: score.features,
  };
}
