import { analyseFlight, detectFlight, iso, type DetectedFlight } from './flight';
import { parseTrack, type ParsedTrack } from './parse';
import { localDateOf, timeZoneAt } from './places';
import { detectFlights, movingPart, type Segment } from './segments';
import { positionAt, sliceTrack, trackLength } from './track';
import type { AnalysedFlight, AnalysisOptions, IgcSummary } from './types';

export * from './types';
export { REASON, THRESHOLDS, validateFlight } from './validation';
export { simplifyTrack, LOW_RES_MAX_POINTS } from './simplify';
export { REPAIR } from './repair';
export { PHASES } from './phases';
export { solverFlight, type DetectedFlight } from './flight';
export { analyseWindows, mergeWindow, splitWindows, WindowError, type TimeWindow } from './windows';

/** The flights of a recording; one that never flew is one segment over its moving part. */
function flightSegments(parsed: ParsedTrack): { segments: Segment[]; flew: boolean } {
  const notes: string[] = [];
  const segments = detectFlights(parsed.track, { gpx: parsed.format !== 'igc', fitness: parsed.fitness }, notes);
  // What a detection rule decided that a pilot sees goes into the file's reason with the repairs.
  for (const note of notes) if (!parsed.repairs.includes(note)) parsed.repairs.push(note);
  return segments.length ? { segments, flew: true } : { segments: [movingPart(parsed.track)], flew: false };
}

/** Fast: read and split only, for listing a file's flights before they are scored. IGC or GPX. */
export function readIgc(bytes: Uint8Array, options: AnalysisOptions): IgcSummary {
  const parsed = parseTrack(bytes, options.filename);
  const { segments } = flightSegments(parsed);
  const { track } = parsed;
  const times = track.timesMs;
  return {
    gliderType: parsed.gliderType,
    date: parsed.date,
    fixCount: trackLength(track),
    recordingStart: iso(times[0]!),
    recordingEnd: iso(times.at(-1)!),
    repairs: parsed.repairs,
    segments: segments.map((s, segmentIndex) => {
      const timeZone = timeZoneAt(positionAt(track, s.start));
      return { segmentIndex, startTime: iso(times[s.start]!), endTime: iso(times[s.end]!), timeZone, localDate: localDateOf(times[s.start]!, timeZone) };
    }),
  };
}

/** Full analysis of every flight in an IGC or GPX file; throws IgcReadError for unreadable files. */
export function analyseIgc(bytes: Uint8Array, options: AnalysisOptions): AnalysedFlight[] {
  const parsed = parseTrack(bytes, options.filename);
  const { segments, flew } = flightSegments(parsed);
  return segments.map((segment, segmentIndex) => analyseFlight(sliceTrack(parsed.track, segment.start, segment.end), flew, segmentIndex, parsed, options));
}


/** Detection only, for the labelled corpus (docs/validation.md): the same segments and removal reasons as analyseIgc, without towns, time zones, score, simplification or fingerprint. */
export function detectIgc(bytes: Uint8Array, filename?: string): DetectedFlight[] {
  const parsed = parseTrack(bytes, filename);
  const { segments, flew } = flightSegments(parsed);
  return segments.map((segment) => detectFlight(sliceTrack(parsed.track, segment.start, segment.end), flew, parsed));
}

export { distanceKm, distanceKmOf } from './geo';
export { decodeText } from './parse';
export { otherTrackFormat } from './track-formats';
export { allTowns, localDateOf, nearestTown, shareTownsIndex, timeZoneAt } from './places';
export { encodeTowns } from './towns';
export { type Track, trackFromPoints, trackPoints } from './track';
export { type AnalysedFlight, type AnalysisOptions, IgcReadError, type IgcSummary, type SegmentSummary } from './types';
export { categoryFromHeader, wingClassFromName, nameWords } from './aircraft-category';
export { PROOF_WORK } from './optimizer';
