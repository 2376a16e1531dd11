import type { ReadTrack } from './parse';
import { readColumns, REPAIR, repairTrack } from './repair';
import { IgcReadError } from './types';
import { scanXml } from './xml-track';
import { FILE_READ_ERRORS } from '../../../contract/uploads';

/** GPX by its content (an XML declaration or a <gpx> element first), else by a .gpx file name. */
export function isGpx(text: string, filename?: string): boolean {
  const head = text.replace(/^\uFEFF/, '').trimStart().slice(0, 512);
  if (/^<\?xml|^<gpx[\s>]/i.test(head)) return true;
  return !!filename && /\.gpx$/i.test(filename) && head.startsWith('<');
}

/** A heart rate or cadence among a point's extensions (Garmin TrackPointExtension, Strava, Endomondo). */
const FITNESS = /^(hr|heartrate|cad|cadence)$/i;

const num = (v: string | undefined) => (v === undefined || v === '' ? NaN : Number(v));

/**
 * GPX 1.0 and 1.1 tracks (trk/trkseg/trkpt with ele and time) as fixes; the GPS height is the only
 * height a GPX carries. A document type or entity declaration is refused: it can expand without bound
 * or reach outside the file, and no track needs one.
 */
export function parseGpx(text: string): ReadTrack {
  const bom = text.startsWith('\uFEFF');
  if (bom) text = text.slice(1);
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new IgcReadError(FILE_READ_ERRORS.gpxDoctype);
  const read = readColumns();
  let root: string | undefined;
  let fitness = 0;
  // A track point is gpx/trk/trkseg/trkpt; its ele and time are its children, its fitness data anywhere in its extensions.
  let point: { lat?: string; lon?: string; ele?: string; time?: string; fitness: boolean } | undefined;
  const inSegment = (a: readonly string[]) => a.length === 3 && a[0] === 'gpx' && a[1] === 'trk' && a[2] === 'trkseg';
  scanXml(text, 'GPX', {
    open(name, attributes, ancestors) {
      root ??= name;
      if (name === 'trkpt' && inSegment(ancestors)) point = { lat: attributes.lat, lon: attributes.lon, fitness: false };
      else if (point && FITNESS.test(name) && ancestors.includes('extensions')) point.fitness = true;
    },
    close(name, value, ancestors) {
      if (!point) return;
      if (name === 'trkpt' && inSegment(ancestors)) {
        const ele = num(point.ele);
        if (point.fitness) fitness++;
        read.timesMs.push(point.time ? Date.parse(point.time) : NaN);
        read.latitudesDeg.push(num(point.lat));
        read.longitudesDeg.push(num(point.lon));
        read.baroAltitudesM.push(NaN);
        read.gpsAltitudesM.push(Number.isFinite(ele) ? ele : NaN);
        point = undefined;
      } else if (ancestors.length === 4) {
        if (name === 'ele') point.ele = value;
        else if (name === 'time') point.time = value;
      }
    },
  });
  if (root !== 'gpx') throw new IgcReadError(FILE_READ_ERRORS.notGpx);
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
