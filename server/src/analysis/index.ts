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
    recordingStart: iso(parsed.fixes[0]!.time),
    recordingEnd: iso(parsed.fixes.at(-1)!.time),
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

/** The pilot's takeoff and landing: ISO times or ms since the epoch, both inclusive. */
export interface TimeWindow {
  takeoffTime: string | number;
  landingTime: string | number;
}

/** A window that cannot be a flight; the message is for the pilot (a 400). */
export class WindowError extends Error {}

const clock = (ms: number) => iso(ms).slice(0, 19).replace('T', ' ');
const msOf = (t: string | number) => (typeof t === 'number' ? t : Date.parse(t));

/**
 * The flights the pilot set by hand: each window is one flight over exactly the file's fixes inside
 * it, with no takeoff or landing detection inside (the pilot's window is the flight), scored by the
 * solver over those fixes. One window corrects a flight's takeoff and landing, or merges two
 * consecutive flights of the file; two windows split one. segmentIndex is the window's position.
 */
export function analyseWindows(bytes: Uint8Array, options: AnalysisOptions, windows: TimeWindow[]): FlightAnalysis[] {
  const parsed = parseTrack(bytes, options.filename);
  const first = parsed.fixes[0]!.time;
  const last = parsed.fixes.at(-1)!.time;
  return windows.map((window, segmentIndex) => {
    const from = msOf(window.takeoffTime);
    const to = msOf(window.landingTime);
    if (!Number.isFinite(from) || !Number.isFinite(to)) throw new WindowError('Takeoff and landing must be valid times.');
    if (from >= to) throw new WindowError('The takeoff must be before the landing.');
    const fixes = parsed.fixes.filter((f) => f.time >= from && f.time <= to);
    if (fixes.length < 2)
      throw new WindowError(`There are not two GPS fixes between the takeoff and the landing: the recording runs from ${clock(first)} to ${clock(last)} UTC.`);
    return analyseFlight(fixes, true, segmentIndex, parsed, options);
  });
}

/** Two windows that split a flight at a moment; the fix at that moment ends the first and starts the second. */
export function splitWindows(flight: { startTime: string; endTime: string }, at: string | number): [TimeWindow, TimeWindow] {
  const moment = msOf(at);
  if (!(moment > Date.parse(flight.startTime) && moment < Date.parse(flight.endTime))) throw new WindowError('The split must fall between the flight\'s takeoff and landing.');
  return [
    { takeoffTime: flight.startTime, landingTime: iso(moment) },
    { takeoffTime: iso(moment), landingTime: flight.endTime },
  ];
}

/** One window over two consecutive flights of a file, from the first's takeoff to the second's landing. */
export function mergeWindow(first: { startTime: string }, second: { endTime: string }): TimeWindow {
  if (Date.parse(second.endTime) <= Date.parse(first.startTime)) throw new WindowError('The flights to merge must follow each other.');
  return { takeoffTime: first.startTime, landingTime: second.endTime };
}
