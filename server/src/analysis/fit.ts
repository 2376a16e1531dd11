import type FitParserClass from 'fit-file-parser';
import type { ReadTrack } from './parse';
import { readColumns, repairTrack } from './repair';
import { IgcReadError } from './types';
import { FILE_READ_ERRORS } from '../../../contract/uploads';

/** A FIT file by its header: a header size of 12 or 14 bytes and ".FIT" at bytes 8 to 11 (the FIT protocol). */
export function isFit(bytes: Uint8Array): boolean {
  return bytes.length >= 12 && (bytes[0] === 12 || bytes[0] === 14) && bytes[8] === 0x2e && bytes[9] === 0x46 && bytes[10] === 0x49 && bytes[11] === 0x54;
}

interface FitRecord {
  timestamp?: Date | string;
  position_lat?: number;
  position_long?: number;
  altitude?: number;
  enhanced_altitude?: number;
}

const finite = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : NaN);

/**
 * A Garmin FIT activity (watch, Edge, inReach) as fixes: the record messages' time, position and
 * altitude. Garmin devices with a barometric altimeter write its height into `altitude` /
 * `enhanced_altitude` (the enhanced field is the wider one), so that column is read as the pressure
 * altitude; a device without one writes GPS height there, which the altitude-source check then
 * compares with nothing and keeps. A damaged file (bad header or checksum) is refused.
 */
export function parseFit(bytes: Uint8Array): ReadTrack {
  // Required here, not imported: the parser's tables took longer to load than the rest of the analysis,
  // and a process (or test) that reads no FIT file never needs them.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const FitParser = (require('fit-file-parser') as { default: typeof FitParserClass }).default;
  let records: FitRecord[] | undefined;
  let failure: string | undefined;
  try {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    // The parser calls back before parse() returns (it reads the whole buffer synchronously).
    new FitParser({ force: false, mode: 'list', lengthUnit: 'm', speedUnit: 'm/s', elapsedRecordField: false }).parse(buffer as Buffer<ArrayBuffer>, (err, data) => {
      failure = err;
      records = (data?.records as FitRecord[] | undefined) ?? [];
    });
  } catch (err) {
    failure = (err as Error).message;
  }
  if (failure !== undefined || !records) throw new IgcReadError(FILE_READ_ERRORS.fitDamaged);
  const read = readColumns();
  for (const r of records) {
    const lat = finite(r.position_lat);
    const lon = finite(r.position_long);
    if (Number.isNaN(lat) || Number.isNaN(lon)) continue;
    read.timesMs.push(r.timestamp ? new Date(r.timestamp).getTime() : NaN);
    read.latitudesDeg.push(lat);
    read.longitudesDeg.push(lon);
    const alt = finite(r.enhanced_altitude);
    read.baroAltitudesM.push(Number.isNaN(alt) ? finite(r.altitude) : alt);
    read.gpsAltitudesM.push(NaN);
  }
  if (!read.timesMs.length) throw new IgcReadError(FILE_READ_ERRORS.fitNoPositions);
  const { track, repairs } = repairTrack(read);
  return { track, format: 'fit', gliderType: null, date: track.timesMs.length ? new Date(track.timesMs[0]!).toISOString().slice(0, 10) : null, repairs };
}
