// How a flight's track, features and phases are stored (flight_tracks): written by the analysis
// thread, read by every track reader (map, exports, photos, sharing, the community).
import { promisify } from 'node:util';
import { gunzip as gunzipCb, gzipSync } from 'node:zlib';

const gunzip = promisify(gunzipCb);

/** Encodes a column of flight_tracks (gzip'd JSON); synchronous, it runs in the analysis thread. */
export const pack = (value: unknown): Buffer => gzipSync(JSON.stringify(value));

/** Decodes a column of flight_tracks; on libuv's thread pool, so the event loop does not inflate. */
export const unpack = async <T>(b: Uint8Array): Promise<T> => JSON.parse((await gunzip(b)).toString('utf8')) as T;
