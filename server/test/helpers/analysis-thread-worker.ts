// A worker thread that runs the pure analysis for tests (analysisThreads, ./analysis.ts): outside jest's
// module sandbox, where the scoring runs slower (docs/testing.md, "Analysis outside the sandbox").
import { workerData } from 'node:worker_threads';
import { analyseIgc, shareTownsIndex, type AnalysedFlight, type AnalysisOptions } from '../../src/analysis';

// The run's towns index (scripts/jest-global-setup.cjs), as the server's analysis threads share it.
const shared = (workerData as { towns?: SharedArrayBuffer } | undefined)?.towns;
if (shared) shareTownsIndex(new Uint8Array(shared));

export function analyse({ bytes, options }: { bytes: Uint8Array; options: AnalysisOptions }): AnalysedFlight[] {
  return analyseIgc(bytes, options);
}
