// Runs in a worker thread of the analysis pool: the pure analysis functions, off the event loop.
import { analyseIgc, IgcReadError, readIgc, type AnalysisOptions, type FlightAnalysis, type IgcSummary } from '../analysis';

export type WorkerResult<T> = { ok: true; value: T } | { ok: false; unreadable: boolean; message: string };

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

export function analyse({ bytes, options }: { bytes: Uint8Array; options: AnalysisOptions }): WorkerResult<FlightAnalysis[]> {
  return guard(() => analyseIgc(bytes, options));
}
