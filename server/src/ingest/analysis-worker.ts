// Runs in a worker thread of the analysis pool: the pure analysis, plus encoding what is stored
// (track/codec.ts), so the event loop of the HTTP server does neither.
import { getHeapStatistics } from 'node:v8';
import { threadId, workerData } from 'node:worker_threads';
import { analyseIgc, analyseWindows, IgcReadError, readIgc, WindowError, type AnalysedFlight, type AnalysisOptions, type IgcSummary } from '../analysis';
import { nearestTown, shareTownsIndex } from '../analysis';
import { encodeTrack, pack } from '../track';
import type { FlightWindow, RunOptions, StoredAnalysis, WorkerResult } from './types';

// The towns index the process shares with its threads; without one (running from the sources), build
// this thread's own while it starts, not during the first upload.
const shared = (workerData as { towns?: SharedArrayBuffer } | undefined)?.towns;
if (shared) shareTownsIndex(new Uint8Array(shared));
nearestTown({ latitude: 0, longitude: 0 });

function guard<T>(fn: () => T): WorkerResult<T> {
  try {
    return { ok: true, value: fn() };
  } catch (err) {
    return { ok: false, unreadable: err instanceof IgcReadError, message: (err as Error).message };
  }
}

function stored(a: AnalysedFlight, window: FlightWindow | null): StoredAnalysis {
  const { track, trackLowRes, features, phases, ...fields } = a;
  // The track and its low-resolution selection as typed arrays in binary (track/codec.ts).
  return { ...fields, window, track: { path: encodeTrack(track), pathLowRes: encodeTrack(trackLowRes), features: pack(features), phases: pack(phases) } };
}

const hms = (iso: string) => iso.slice(11, 19);

/** The pilot's windows must lie within the recording (a clear reason otherwise). */
function checkWithinRecording(summary: IgcSummary, windows: FlightWindow[]) {
  const start = Date.parse(summary.recordingStart);
  const end = Date.parse(summary.recordingEnd);
  for (const w of windows) {
    if (Date.parse(w.takeoffTime) < start || Date.parse(w.landingTime) > end) {
      throw new WindowError(`Takeoff and landing must lie within the recorded track, ${hms(summary.recordingStart)} to ${hms(summary.recordingEnd)} UTC.`);
    }
  }
}

const overlaps = (a: AnalysedFlight, w: FlightWindow) => Date.parse(a.startTime) < Date.parse(w.landingTime) && Date.parse(a.endTime) > Date.parse(w.takeoffTime);

export function read({ bytes, options }: { bytes: Uint8Array; options: AnalysisOptions }): WorkerResult<IgcSummary> {
  return guard(() => readIgc(bytes, options));
}

/**
 * Every flight of a file: the pilot's windows as set, then the detected flights outside them (whose
 * segment index the store matches to the stored rows).
 */
/** ANALYSIS_HEAP_LOG=1: each thread prints its heap after every file (docs/ingestion.md, where the import's memory goes). */
const HEAP_LOG = process.env.ANALYSIS_HEAP_LOG === '1';

export function analyse(input: { bytes: Uint8Array; options: RunOptions }): WorkerResult<StoredAnalysis[]> {
  const result = analyseFile(input);
  if (HEAP_LOG) {
    const h = getHeapStatistics();
    const mb = (v: number) => Math.round(v / 1048576);
    console.error(`analysis-heap thread=${threadId} fileKb=${Math.round(input.bytes.length / 1024)} heapUsedMb=${mb(h.used_heap_size)} heapTotalMb=${mb(h.total_heap_size)} physicalMb=${mb(h.total_physical_size)} mallocMb=${mb(h.malloced_memory)} peakMallocMb=${mb(h.peak_malloced_memory)} externalMb=${mb(h.external_memory)}`);
  }
  return result;
}

function analyseFile({ bytes, options }: { bytes: Uint8Array; options: RunOptions }): WorkerResult<StoredAnalysis[]> {
  return guard(() => {
    const windows = options.windows ?? [];
    const detected = analyseIgc(bytes, options).filter((a) => !windows.some((w) => overlaps(a, w)));
    if (!windows.length) return detected.map((a) => stored(a, null));
    checkWithinRecording(readIgc(bytes, options), windows);
    const windowed = analyseWindows(bytes, options, windows).map((a, i) => {
      const { segmentIndex, takeoffTime, landingTime } = windows[i]!;
      return stored({ ...a, segmentIndex }, { takeoffTime, landingTime });
    });
    return [...windowed, ...detected.map((a) => stored(a, null))];
  });
}
