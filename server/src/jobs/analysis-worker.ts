// Runs in a worker thread of the analysis pool: the pure analysis, plus compressing what is stored,
// so the event loop of the HTTP server does neither.
import { workerData } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { analyseIgc, IgcReadError, readIgc, type AnalysisOptions, type FlightAnalysis, type IgcSummary } from '../analysis';
import { nearestTown, shareTownsIndex } from '../analysis/places';

// The towns index the process shares with its threads; without one (running from the sources), build
// this thread's own while it starts, not during the first upload.
const shared = (workerData as { towns?: SharedArrayBuffer } | undefined)?.towns;
if (shared) shareTownsIndex(new Uint8Array(shared));
nearestTown({ latitude: 0, longitude: 0 });

export type WorkerResult<T> = { ok: true; value: T } | { ok: false; unreadable: boolean; message: string };

/** A flight's fields plus its stored geometry, gzip'd JSON. */
export type StoredAnalysis = Omit<FlightAnalysis, 'path' | 'pathLowRes' | 'features'> & {
  track: { path: Uint8Array; pathLowRes: Uint8Array; features: Uint8Array };
};

const pack = (value: unknown) => gzipSync(JSON.stringify(value));

function guard<T>(fn: () => T): WorkerResult<T> {
  try {
    return { ok: true, value: fn() };
  } catch (err) {
    return { ok: false, unreadable: err instanceof IgcReadError, message: (err as Error).message };
  }
}

export function read({ bytes, options }: { bytes: Uint8Array; options: AnalysisOptions }): WorkerResult<IgcSummary> {
  return guard(() => readIgc(bytes, options));
}

export function analyse({ bytes, options }: { bytes: Uint8Array; options: AnalysisOptions }): WorkerResult<StoredAnalysis[]> {
  return guard(() =>
    analyseIgc(bytes, options).map(({ path, pathLowRes, features, ...fields }) => ({
      ...fields,
      track: { path: pack(path), pathLowRes: pack(pathLowRes), features: pack(features) },
    })),
  );
}
