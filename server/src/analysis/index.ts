import { createHash } from 'node:crypto';
import { distanceKm } from './geo';
import { computeMetrics } from './metrics';
import type IGCParser from 'igc-parser';
import { analysePhases } from './phases';
import { parseTrack, type ParsedTrack } from './parse';
import { localDateOf, nearestTown, timeZoneAt } from './places';
import { scoreFlight } from './scoring';
import { detectFlights, type Segment } from './segments';
import { simplifyTrack } from './simplify';
import type { AnalysisOptions, Fix, FlightAnalysis, IgcSummary, TrackPoint } from './types';
import { REASON, validateFlight } from './validation';

export * from './types';
export { REASON, THRESHOLDS, validateFlight } from './validation';
export { simplifyTrack, LOW_RES_MAX_POINTS } from './simplify';

/** The flights of a recording; one that never flew is one segment over everything. */
function flightSegments(fixes: Fix[]): { segments: Segment[]; flew: boolean } {
  const segments = detectFlights(fixes);
  return segments.length ? { segments, flew: true } : { segments: [{ start: 0, end: fixes.length - 1 }], flew: false };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Fast: read and split only, for listing a file's flights before they are scored. IGC or GPX. */
export function readIgc(bytes: Uint8Array, options: AnalysisOptions): IgcSummary {
  const parsed = parseTrack(bytes, options.filename);
  const { segments } = flightSegments(parsed.fixes);
  return {
    gliderType: parsed.gliderType,
    date: parsed.date,
    fixCount: parsed.fixes.length,
    repairs: parsed.repairs,
    segments: segments.map((s, segmentIndex) => {
      const first = parsed.fixes[s.start]!;
      const timeZone = timeZoneAt(first);
      return { segmentIndex, startTime: iso(first.time), endTime: iso(parsed.fixes[s.end]!.time), timeZone, localDate: localDateOf(first.time, timeZone) };
    }),
  };
}

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

/** igc-xc-score needs at least this many fixes in a flight. */
const MIN_SCORED_FIXES = 5;

/** The XC solver's input for these fixes: the fields of igc-parser's fixes it reads, fresh (it writes to them). */
export function solverFlight(fixes: Fix[]): IGCParser.IGCFile {
  const records = fixes.map((f) => ({
    timestamp: f.time,
    time: iso(f.time).slice(11, 19),
    latitude: f.latitude,
    longitude: f.longitude,
    valid: true,
    pressureAltitude: f.baroAltitude,
    gpsAltitude: f.gpsAltitude,
    extensions: {},
    enl: null,
    fixAccuracy: null,
  }));
  return { date: fixes.length ? iso(fixes[0]!.time).slice(0, 10) : '', fixes: records, dataRecords: [], commentRecords: [], errors: [] } as unknown as IGCParser.IGCFile;
}

/** One flight over exactly these fixes: figures, phases, score and validation. */
function analyseFlight(fixes: Fix[], flew: boolean, segmentIndex: number, parsed: ParsedTrack, options: AnalysisOptions): FlightAnalysis {
  const first = fixes[0]!;
  const last = fixes.at(-1)!;
  const { phases, leftCircles, rightCircles } = analysePhases(fixes);
  const metrics = computeMetrics(fixes, { leftCircles, rightCircles });
  // The solver refuses (throws on) a track of fewer than MIN_SCORED_FIXES fixes; such a scrap scores nothing.
  const score = flew && fixes.length >= MIN_SCORED_FIXES ? scoreFlight(solverFlight(fixes), options.scoringRules) : null;
  const timeZone = timeZoneAt(first);
  const displacementKm = distanceKm(first, last);
  const xcDistance = score?.xcDistance ?? 0;
  const path = fixes.map(toPoint);
  return {
    segmentIndex,
    startTime: iso(first.time),
    endTime: iso(last.time),
    timeZone,
    localDate: localDateOf(first.time, timeZone),
    flightTime: metrics.flightTime,
    distance: xcDistance,
    xcDistance,
    xcPoints: score?.xcPoints ?? 0,
    flightCode: score?.flightCode ?? 'none',
    groundDistance: metrics.groundDistance,
    xcSpeed: metrics.flightTime > 0 ? xcDistance / (metrics.flightTime / 3600) : 0,
    maxAltitude: metrics.maxAltitude,
    maxHeight: metrics.maxAltitude,
    startHeight: metrics.startHeight,
    elevationGain: metrics.elevationGain,
    maxLift: metrics.maxLift,
    maxSink: metrics.maxSink,
    leftCircles: metrics.leftCircles,
    rightCircles: metrics.rightCircles,
    gliderType: parsed.gliderType,
    takeoff: { latitude: first.latitude, longitude: first.longitude },
    landing: { latitude: last.latitude, longitude: last.longitude },
    takeoffLocation: nearestTown(first),
    landingLocation: nearestTown(last),
    fingerprint: fingerprintOf(fixes),
    removalReason: flew ? validateFlight({ metrics, displacementKm }) : REASON.noFlight,
    path,
    pathLowRes: simplifyTrack(path),
    features: score?.features ?? [],
    phases,
    repairs: parsed.repairs,
  };
}

/** Full analysis of every flight in an IGC or GPX file; throws IgcReadError for unreadable files. */
export function analyseIgc(bytes: Uint8Array, options: AnalysisOptions): FlightAnalysis[] {
  const parsed = parseTrack(bytes, options.filename);
  const { segments, flew } = flightSegments(parsed.fixes);
  return segments.map((segment, segmentIndex) => analyseFlight(parsed.fixes.slice(segment.start, segment.end + 1), flew, segmentIndex, parsed, options));
}
