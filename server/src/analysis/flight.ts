import { createHash } from 'node:crypto';
import type IGCParser from 'igc-parser';
import { categoryFromHeader, wingClassFromName } from './aircraft-category';
import { distanceKm } from './geo';
import { computeMetrics } from './metrics';
import type { ParsedTrack } from './parse';
import { analysePhases } from './phases';
import { localDateOf, nearestTown, timeZoneAt } from './places';
import { scoreFlight } from './scoring';
import { simplifyTrackArrays } from './simplify';
import { positionAt, trackLength, type Track } from './track';
import type { AnalysedFlight, AnalysisOptions, Fix } from './types';
import { REASON, validateFlight } from './validation';

export const iso = (ms: number) => new Date(ms).toISOString();

function fingerprintOf(track: Track): string {
  const h = createHash('sha256');
  const { timesMs, latitudesDeg, longitudesDeg } = track;
  for (let i = 0; i < timesMs.length; i++) h.update(`${timesMs[i]},${latitudesDeg[i]!.toFixed(5)},${longitudesDeg[i]!.toFixed(5)};`);
  return h.digest('hex').slice(0, 40);
}

/** igc-xc-score needs at least this many fixes in a flight (we score none below it, as it does). */
const MIN_SCORED_FIXES = 5;

/** igc-xc-score's input for these fixes (the oracle tests and bench:score): the fields of igc-parser's fixes it reads, fresh (it writes to them). */
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

/** What decides whether these fixes are a flight: phases, figures and the removal reason, nothing else. */
function judgeFlight(track: Track, flew: boolean) {
  const n = trackLength(track);
  const first = positionAt(track, 0);
  const last = positionAt(track, n - 1);
  const { phases, leftCircles, rightCircles } = analysePhases(track);
  const metrics = computeMetrics(track, { leftCircles, rightCircles });
  const displacementKm = distanceKm(first, last);
  const removalReason = flew ? validateFlight({ metrics, displacementKm }) : REASON.noFlight;
  return { n, first, last, phases, metrics, removalReason };
}

/** A flight as detection alone sees it (the labelled corpus judges only this; docs/validation.md). */
export interface DetectedFlight {
  startTime: string;
  endTime: string;
  removalReason: number;
  maxAltitude: number;
  /** What the header says the aircraft is, as analyseFlight stores it (null: what the wing says, else a paraglider). */
  aircraftCategory: AnalysedFlight['aircraftCategory'];
}

/** Detection only: no towns, time zone, score, simplification or fingerprint, which the corpus does not judge. */
export function detectFlight(track: Track, flew: boolean, parsed: ParsedTrack): DetectedFlight {
  const { n, metrics, removalReason } = judgeFlight(track, flew);
  return { startTime: iso(track.timesMs[0]!), endTime: iso(track.timesMs[n - 1]!), removalReason, maxAltitude: metrics.maxAltitude, aircraftCategory: categoryFromHeader(parsed) };
}

/** One flight over exactly these fixes (a view of the file's track): figures, phases, score and validation. */
export function analyseFlight(track: Track, flew: boolean, segmentIndex: number, parsed: ParsedTrack, options: AnalysisOptions): AnalysedFlight {
  const { n, first, last, phases, metrics, removalReason } = judgeFlight(track, flew);
  const startMs = track.timesMs[0]!;
  // The library refuses (throws on) a track of fewer than MIN_SCORED_FIXES fixes; such a scrap scores nothing.
  const score = flew && n >= MIN_SCORED_FIXES && options.score !== false ? scoreFlight(track, options.scoringRules, options.scoringWork) : null;
  const timeZone = timeZoneAt(first);
  const xcDistance = score?.xcDistance ?? 0;
  return {
    segmentIndex,
    startTime: iso(startMs),
    endTime: iso(track.timesMs[n - 1]!),
    timeZone,
    localDate: localDateOf(startMs, timeZone),
    flightTime: metrics.flightTime,
    distance: xcDistance,
    xcDistance,
    xcPoints: score?.xcPoints ?? 0,
    xcOptimal: score?.optimal ?? true,
    xcBound: score?.bound ?? null,
    xcProofRun: options.scoringWork !== undefined,
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
    aircraftCategory: categoryFromHeader(parsed),
    wingClass: wingClassFromName(parsed.gliderType),
    takeoff: { latitude: first.latitude, longitude: first.longitude },
    landing: { latitude: last.latitude, longitude: last.longitude },
    takeoffLocation: nearestTown(first),
    landingLocation: nearestTown(last),
    fingerprint: fingerprintOf(track),
    removalReason,
    track,
    trackLowRes: simplifyTrackArrays(track),
    features: score?.features ?? [],
    phases,
    repairs: parsed.repairs,
  };
}

