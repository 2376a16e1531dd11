import { XMLParser } from 'fast-xml-parser';
import type { ReadTrack } from './parse';
import { readColumns, REPAIR, repairTrack } from './repair';
import { IgcReadError } from './types';
import { FILE_READ_ERRORS } from '../../../contract/uploads';

/** GPX by its content (an XML declaration or a <gpx> element first), else by a .gpx file name. */
export function isGpx(text: string, filename?: string): boolean {
  const head = text.replace(/^\uFEFF/, '').trimStart().slice(0, 512);
  if (/^<\?xml|^<gpx[\s>]/i.test(head)) return true;
  return !!filename && /\.gpx$/i.test(filename) && head.startsWith('<');
}

const ARRAYS = new Set(['trk', 'trkseg', 'trkpt']);

interface TrackPointXml {
  lat?: string;
  lon?: string;
  ele?: string | number;
  time?: string;
  extensions?: unknown;
}

/** A heart rate or cadence among a point's extensions (Garmin TrackPointExtension, Strava, Endomondo). */
const FITNESS = /^(hr|heartrate|cad|cadence)$/i;
function hasFitness(ext: unknown, depth = 0): boolean {
  if (!ext || typeof ext !== 'object' || depth > 3) return false;
  return Object.entries(ext as Record<string, unknown>).some(([k, v]) => FITNESS.test(k) || hasFitness(v, depth + 1));
}

const num = (v: unknown) => (v === undefined || v === null || v === '' ? NaN : Number(v));

/**
 * GPX 1.0 and 1.1 tracks (trk/trkseg/trkpt with ele and time) as fixes; the GPS height is the only
 * height a GPX carries. A document type or entity declaration is refused: it can expand without bound
 * or reach outside the file, and no track needs one.
 */
export function parseGpx(text: string): ReadTrack {
  const bom = text.startsWith('\uFEFF');
  if (bom) text = text.slice(1);
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new IgcReadError(FILE_READ_ERRORS.gpxDoctype);
  let doc: { gpx?: { trk?: { trkseg?: { trkpt?: TrackPointXml[] }[] }[] } };
  try {
    doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      removeNSPrefix: true,
      parseTagValue: false,
      processEntities: false,
      isArray: (name) => ARRAYS.has(name),
    }).parse(text, true);
  } catch (err) {
    throw new IgcReadError(`The GPX file is not well-formed XML: ${(err as Error).message.split('\n')[0]}`);
  }
  if (!doc.gpx) throw new IgcReadError(FILE_READ_ERRORS.notGpx);
  const read = readColumns();
  let fitness = 0;
  for (const trk of doc.gpx.trk ?? [])
    for (const seg of trk.trkseg ?? [])
      for (const p of seg.trkpt ?? []) {
        const ele = num(p.ele);
        if (p.extensions && hasFitness(p.extensions)) fitness++;
        read.timesMs.push(p.time ? Date.parse(String(p.time)) : NaN);
        read.latitudesDeg.push(num(p.lat));
        read.longitudesDeg.push(num(p.lon));
        read.baroAltitudesM.push(NaN);
        read.gpsAltitudesM.push(Number.isFinite(ele) ? ele : NaN);
      }
  if (!read.timesMs.length) throw new IgcReadError(FILE_READ_ERRORS.gpxNoPoints);
  const { track, repairs } = repairTrack(read);
  return {
    track,
    format: 'gpx',
    // Heart rate or cadence on most points: a sports watch or a bike computer (docs/validation.md, "Human-powered").
    fitness: fitness >= read.timesMs.length / 2,
    gliderType: null,
    date: track.timesMs.length ? new Date(track.timesMs[0]!).toISOString().slice(0, 10) : null,
    repairs: [...(bom ? [REPAIR.byteOrderMark] : []), ...repairs],
  };
}
