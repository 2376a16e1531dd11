// How a flight's track, features and phases are stored (flight_tracks): written by the analysis
// thread, read by every track reader (map, exports, photos, sharing, the community).
//
// The track is stored once, in a compact binary form: the columns of a typed-array track
// (analysis/track.ts) as Int32 (times in ms from the first fix, latitude and longitude in 1e-7 degrees,
// altitudes in decimetres), each delta-encoded, its bytes split into four planes (the high bytes of
// small deltas are nearly all 0 or 255, which deflate packs to almost nothing), then deflated. The
// low-resolution track (at most 1,000 of the track's fixes) is stored the same way in its own column:
// the map reads it first, and decoding the whole track to pick its fixes made that read 4.8 times
// slower than the old gzip'd JSON (bench/track-codec.ts). Rows written before this format (gzip'd
// JSON of points; migration 010 converts them) are still read, told apart by their first bytes.
import { promisify } from 'node:util';
import { deflateRawSync, gunzip as gunzipCb, gunzipSync, gzipSync, inflateRaw as inflateRawCb, inflateRawSync } from 'node:zlib';
import type { TrackPoint } from '../../../contract/uploads';
import { trackFromPoints, trackPoints, type Track } from '../analysis';

const gunzip = promisify(gunzipCb);
const inflateRaw = promisify(inflateRawCb);

/** Encodes a small JSON column of flight_tracks (features, phases) as gzip'd JSON; synchronous, it runs in the analysis thread. */
export const pack = (value: unknown): Buffer => gzipSync(JSON.stringify(value));

/** Decodes a gzip'd JSON column; on libuv's thread pool, so the event loop does not inflate. */
export const unpack = async <T>(b: Uint8Array): Promise<T> => JSON.parse((await gunzip(b)).toString('utf8')) as T;

/** First bytes of a stored track (format 1). */
const TRACK_MAGIC = [0x46, 0x4c, 0x54, 0x01]; // "FLT" 1
const isGzip = (b: Uint8Array) => b[0] === 0x1f && b[1] === 0x8b;
const hasMagic = (b: Uint8Array, magic: number[]) => magic.every((m, i) => b[i] === m);

/** A fix without this value (a time or an altitude the recorder did not give). */
const MISSING = -0x80000000;
const DEGREE_SCALE = 1e7;
const DECIMETRES = 10;
const HAS_BARO = 1;
const HAS_GPS = 2;
/** Times too far apart for Int32 milliseconds (fixes more than 24 days from the first): kept as Float64. */
const WIDE_TIMES = 4;
const INT32_MAX = 0x7fffffff;
const HEADER_BYTES = 4 + 1 + 8;

const toInt = (v: number, scale: number) => (Number.isFinite(v) ? Math.round(v * scale) : MISSING);
const fromInt = (v: number, scale: number) => (v === MISSING ? NaN : v / scale);

/** Writes a column of Int32 as byte planes of its deltas (differences wrap modulo 2^32, so any value round-trips). */
function writeColumn(out: Uint8Array, offset: number, values: Int32Array): number {
  const n = values.length;
  let previous = 0;
  for (let i = 0; i < n; i++) {
    const delta = (values[i]! - previous) | 0;
    previous = values[i]!;
    out[offset + i] = delta & 0xff;
    out[offset + n + i] = (delta >>> 8) & 0xff;
    out[offset + 2 * n + i] = (delta >>> 16) & 0xff;
    out[offset + 3 * n + i] = (delta >>> 24) & 0xff;
  }
  return offset + 4 * n;
}

function readColumn(bytes: Uint8Array, offset: number, n: number): Int32Array {
  const values = new Int32Array(n);
  let previous = 0;
  for (let i = 0; i < n; i++) {
    const delta = bytes[offset + i]! | (bytes[offset + n + i]! << 8) | (bytes[offset + 2 * n + i]! << 16) | (bytes[offset + 3 * n + i]! << 24);
    previous = (previous + delta) | 0;
    values[i] = previous;
  }
  return values;
}

const scaled = (column: Float64Array, scale: number, origin = 0) => Int32Array.from(column, (v) => toInt(v - origin, scale));
const unscaled = (column: Int32Array, scale: number, origin = 0) => Float64Array.from(column, (v) => fromInt(v, scale) + origin);

/** The stored form of a track (synchronous: the analysis thread encodes). */
export function encodeTrack(track: Track): Buffer {
  const n = track.timesMs.length;
  const firstTime = track.timesMs.find((t) => Number.isFinite(t)) ?? 0;
  const wideTimes = track.timesMs.some((t) => Math.abs(Math.round(t - firstTime)) > INT32_MAX);
  const columns = [scaled(track.latitudesDeg, DEGREE_SCALE), scaled(track.longitudesDeg, DEGREE_SCALE)];
  if (!wideTimes) columns.unshift(scaled(track.timesMs, 1, firstTime));
  if (track.baroAltitudesM) columns.push(scaled(track.baroAltitudesM, DECIMETRES));
  if (track.gpsAltitudesM) columns.push(scaled(track.gpsAltitudesM, DECIMETRES));
  const body = new Uint8Array(HEADER_BYTES + (wideTimes ? 8 * n : 0) + columns.length * 4 * n);
  const view = new DataView(body.buffer);
  view.setUint32(0, n, true);
  view.setUint8(4, (track.baroAltitudesM ? HAS_BARO : 0) | (track.gpsAltitudesM ? HAS_GPS : 0) | (wideTimes ? WIDE_TIMES : 0));
  view.setFloat64(5, firstTime, true);
  let offset = HEADER_BYTES;
  if (wideTimes) {
    track.timesMs.forEach((t, i) => view.setFloat64(offset + 8 * i, Math.round(t), true));
    offset += 8 * n;
  }
  for (const column of columns) offset = writeColumn(body, offset, column);
  return Buffer.concat([Buffer.from(TRACK_MAGIC), deflateRawSync(body)]);
}

function decodeBody(body: Uint8Array): Track {
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const n = view.getUint32(0, true);
  const flags = view.getUint8(4);
  const firstTime = view.getFloat64(5, true);
  let offset = HEADER_BYTES;
  const next = () => {
    const column = readColumn(body, offset, n);
    offset += 4 * n;
    return column;
  };
  let timesMs: Float64Array;
  if (flags & WIDE_TIMES) {
    timesMs = Float64Array.from({ length: n }, (_, i) => view.getFloat64(offset + 8 * i, true));
    offset += 8 * n;
  } else timesMs = unscaled(next(), 1, firstTime);
  const latitudesDeg = unscaled(next(), DEGREE_SCALE);
  const longitudesDeg = unscaled(next(), DEGREE_SCALE);
  const baroAltitudesM = flags & HAS_BARO ? unscaled(next(), DECIMETRES) : null;
  const gpsAltitudesM = flags & HAS_GPS ? unscaled(next(), DECIMETRES) : null;
  return { timesMs, latitudesDeg, longitudesDeg, baroAltitudesM, gpsAltitudesM };
}

/** A stored track as typed arrays, whichever format the row was written in. */
export async function decodeTrack(stored: Uint8Array): Promise<Track> {
  if (isGzip(stored)) return trackFromPoints(await unpack<TrackPoint[]>(stored));
  if (!hasMagic(stored, TRACK_MAGIC)) throw new Error('Unknown stored track format.');
  return decodeBody(await inflateRaw(stored.subarray(TRACK_MAGIC.length)));
}

/** decodeTrack on the calling thread, for callers that hold no event loop others wait on (tests, scripts). */
export function decodeTrackSync(stored: Uint8Array): Track {
  if (isGzip(stored)) return trackFromPoints(JSON.parse(gunzipSync(stored).toString('utf8')) as TrackPoint[]);
  if (!hasMagic(stored, TRACK_MAGIC)) throw new Error('Unknown stored track format.');
  return decodeBody(inflateRawSync(stored.subarray(TRACK_MAGIC.length)));
}

/** A stored track as the API's points (the map, exports, photos, the community read these). */
export const readTrackPoints = async (stored: Uint8Array): Promise<TrackPoint[]> => trackPoints(await decodeTrack(stored));

/** Whether a stored track column is still in the old gzip'd JSON form (migration 010 converts those). */
export const isLegacyTrack = isGzip;
