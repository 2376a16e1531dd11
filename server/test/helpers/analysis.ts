import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import Piscina from 'piscina';
import type { AnalysedFlight, AnalysisOptions, FlightAnalysis } from '../../src/analysis';
import { trackPoints } from '../../src/analysis/track';
import { decodeTrackSync } from '../../src/track';
import type { AnalysisPool } from '../../src/ingest/analysis-pool';
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

/**
 * A test app's analysis pool that reads and analyses each distinct input once: the same bytes under the same
 * name and options (league, windows) get a copy of the first answer, kept in `answers`, which several test apps
 * may share. The analysis is a pure function of those, so what is tested stays the same: a file that arrives
 * changed (other bytes, another name) is a new input and is analysed in a thread. Give it only apps with the
 * same configuration (read() adds the app's default league).
 */
export function analysingEachInputOnce(pool: AnalysisPool, answers: Map<string, Promise<unknown>>): AnalysisPool {
  const once = <T>(what: string, bytes: Uint8Array, args: unknown, run: () => Promise<T>): Promise<T> => {
    const key = `${what} ${createHash('sha256').update(bytes).digest('hex')} ${JSON.stringify(args)}`;
    let answer = answers.get(key) as Promise<T> | undefined;
    if (!answer) {
      answer = run();
      answers.set(key, answer);
      answer.catch(() => answers.delete(key));
    }
    // Each caller gets its own copy: the ingest path may change what it is given.
    return answer.then((a) => structuredClone(a));
  };
  return {
    read: (bytes: Uint8Array, filename?: string) => once('read', bytes, filename ?? null, () => pool.read(bytes, filename)),
    analyse: (bytes: Uint8Array, options: Parameters<AnalysisPool['analyse']>[1] = {}) => once('analyse', bytes, options, () => pool.analyse(bytes, options)),
    close: () => pool.close(),
  } as unknown as AnalysisPool;
}
