import { gunzipSync } from 'node:zlib';
import type { FlightAnalysis } from '../../src/analysis';
import type { StoredAnalysis } from '../../src/ingest/types';

/** Unpacks the worker's stored geometry back into the analysis shape, for assertions. */
export const unpack = (a: StoredAnalysis): FlightAnalysis => {
  const { track, ...fields } = a;
  const json = (b: Uint8Array) => JSON.parse(gunzipSync(b).toString('utf8'));
  return { ...fields, path: json(track.path), pathLowRes: json(track.pathLowRes), features: json(track.features), phases: track.phases ? json(track.phases) : null };
};
