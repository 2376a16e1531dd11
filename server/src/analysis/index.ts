import { analyseFlight, iso } from './flight';
import { parseTrack, type ParsedTrack } from './parse';
import { localDateOf, timeZoneAt } from './places';
import { detectFlights, movingPart, type Segment } from './segments';
import type { AnalysedFlight, AnalysisOptions, IgcSummary } from './types';

export * from './types';
export { REASON, THRESHOLDS, validateFlight } from './validation';
export { simplifyTrack, LOW_RES_MAX_POINTS } from './simplify';
export { REPAIR } from './repair';
export { PHASES } from './phases';
export { solverFlight } from './flight';
export { analyseWindows, mergeWindow, splitWindows, WindowError, type TimeWindow } from './windows';

/** The flights of a recording; one that never flew is one segment over its moving part. */
function flightSegments(parsed: ParsedTrack): { segments: Segment[]; flew: boolean } {
  const segments = detectFlights(parsed.fixes, { gpx: parsed.format === 'gpx' });
  return segments.length ? { segments, flew: true } : { segments: [movingPart(parsed.fixes)], flew: false };
}

/** Fast: read and split only, for listing a file's flights before they are scored. IGC or GPX. */
export function readIgc(bytes: Uint8Array, options: AnalysisOptions): IgcSummary {
  const parsed = parseTrack(bytes, options.filename);
  const { segments } = flightSegments(parsed);
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

/** Full analysis of every flight in an IGC or GPX file; throws IgcReadError for unreadable files. */
export function analyseIgc(bytes: Uint8Array, options: AnalysisOptions): AnalysedFlight[] {
  const parsed = parseTrack(bytes, options.filename);
  const { segments, flew } = flightSegments(parsed);
  return segments.map((segment, segmentIndex) => analyseFlight(parsed.fixes.slice(segment.start, segment.end + 1), flew, segmentIndex, parsed, options));
}

