import { gunzipSync } from 'node:zlib';
import type { FlightAnalysis } from '../../src/analysis';
import { trackPoints } from '../../src/analysis/track';
import { decodeTrackSync } from '../../src/track';
import type { StoredAnalysis } from '../../src/ingest/types';

/** Unpacks the worker's stored geometry back into the analysis shape, for assertions. */
export const unpack = (a: StoredAnalysis): FlightAnalysis => {
  const { track, ...fields } = a;
  const json = (b: Uint8Array) => JSON.parse(gunzipSync(b).toString('utf8'));
  const points = (b: Uint8Array) => trackPoints(decodeTrackSync(b));
  return { ...fields, path: points(track.path), pathLowRes: points(track.pathLowRes), features: json(track.features), phases: track.phases ? json(track.phases) : null };
};
