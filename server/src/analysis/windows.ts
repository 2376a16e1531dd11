import { analyseFlight, iso } from './flight';
import { parseTrack } from './parse';
import { sliceTrack } from './track';
import type { AnalysedFlight, AnalysisOptions } from './types';

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
export function analyseWindows(bytes: Uint8Array, options: AnalysisOptions, windows: TimeWindow[]): AnalysedFlight[] {
  const parsed = parseTrack(bytes, options.filename);
  const times = parsed.track.timesMs;
  const first = times[0]!;
  const last = times.at(-1)!;
  return windows.map((window, segmentIndex) => {
    const from = msOf(window.takeoffTime);
    const to = msOf(window.landingTime);
    if (!Number.isFinite(from) || !Number.isFinite(to)) throw new WindowError('Takeoff and landing must be valid times.');
    if (from >= to) throw new WindowError('The takeoff must be before the landing.');
    // the fixes are in time order (repair.ts), so those inside the window are one run of them
    let start = 0;
    while (start < times.length && times[start]! < from) start++;
    let end = start - 1;
    while (end + 1 < times.length && times[end + 1]! <= to) end++;
    if (end - start + 1 < 2)
      throw new WindowError(`There are not two GPS fixes between the takeoff and the landing: the recording runs from ${clock(first)} to ${clock(last)} UTC.`);
    return analyseFlight(sliceTrack(parsed.track, start, end), true, segmentIndex, parsed, options);
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
