import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import Piscina from 'piscina';
import type { AnalysedFlight, AnalysisOptions, FlightAnalysis } from '../../src/analysis';
import { trackPoints } from '../../src/analysis/track';
import { decodeTrackSync } from '../../src/track';
import type { StoredAnalysis } from '../../src/ingest/types';
import { sharedTownsIndex } from '../../src/jobs';

/** Unpacks the worker's stored geometry back into the analysis shape, for assertions. */
export const unpack = (a: StoredAnalysis): FlightAnalysis => {
  const { track, ...fields } = a;
  const json = (b: Uint8Array) => JSON.parse(gunzipSync(b).toString('utf8'));
  const points = (b: Uint8Array) => trackPoints(decodeTrackSync(b));
  return { ...fields, path: points(track.path), pathLowRes: points(track.pathLowRes), features: json(track.features), phases: track.phases ? json(track.phases) : null };
};

/**
 * analyseIgc in real threads, outside jest's module sandbox, where the scoring runs slower (docs/testing.md,
 * "Analysis outside the sandbox"). The answer is the same AnalysedFlight, typed
 * arrays included (structured clone). Close it in afterAll.
 */
export function analysisThreads(threads = 1) {
  const pool = new Piscina({ filename: join(__dirname, 'analysis-thread-worker.cjs'), workerData: { towns: sharedTownsIndex() }, minThreads: 0, maxThreads: threads });
  return {
    analyse: (bytes: Uint8Array, options: AnalysisOptions): Promise<AnalysedFlight[]> => pool.run({ bytes, options }, { name: 'analyse' }),
    close: () => pool.destroy(),
  };
}
