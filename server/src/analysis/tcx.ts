import type { ReadTrack } from './parse';
import { readColumns, REPAIR, repairTrack } from './repair';
import { IgcReadError } from './types';
import { rootElement, scanXml } from './xml-track';
import { FILE_READ_ERRORS } from '../../../contract/uploads';

/** TCX by its content: the root element is <TrainingCenterDatabase>. */
export const isTcx = (text: string) => rootElement(text) === 'trainingcenterdatabase';

const num = (t: string | undefined) => (t === undefined || t === '' ? NaN : Number(t));

/**
 * Garmin Training Center (TCX) activities and courses: every Trackpoint with a time and a position.
 * TCX names one altitude (AltitudeMeters), read as GPS height; points without a position (a watch
 * indoors, a pause) are left out.
 */
export function parseTcx(text: string): ReadTrack {
  const bom = text.startsWith('\uFEFF');
  if (bom) text = text.slice(1);
  const read = readColumns();
  let root: string | undefined;
  let point: { time?: string; lat?: string; lon?: string; alt?: string; positioned: boolean } | undefined;
  scanXml(text, 'TCX', {
    open(name) {
      root ??= name;
      if (name === 'Trackpoint') point = { positioned: false };
      else if (point && name === 'Position') point.positioned = true;
    },
    close(name, value, ancestors) {
      if (!point) return;
      const parent = ancestors[ancestors.length - 1];
      if (name === 'Trackpoint') {
        if (point.positioned) {
          read.timesMs.push(Date.parse(point.time ?? ''));
          read.latitudesDeg.push(num(point.lat));
          read.longitudesDeg.push(num(point.lon));
          read.gpsAltitudesM.push(num(point.alt));
          read.baroAltitudesM.push(NaN);
        }
        point = undefined;
      } else if (parent === 'Trackpoint') {
        if (name === 'Time') point.time = value;
        else if (name === 'AltitudeMeters') point.alt = value;
      } else if (parent === 'Position') {
        if (name === 'LatitudeDegrees') point.lat = value;
        else if (name === 'LongitudeDegrees') point.lon = value;
      }
    },
  });
  if (root !== 'TrainingCenterDatabase') throw new IgcReadError(FILE_READ_ERRORS.tcxNoPoints);
  if (!read.timesMs.length) throw new IgcReadError(FILE_READ_ERRORS.tcxNoPoints);
  const { track, repairs } = repairTrack(read);
  return { track, format: 'tcx', gliderType: null, date: track.timesMs.length ? new Date(track.timesMs[0]!).toISOString().slice(0, 10) : null, repairs: [...(bom ? [REPAIR.byteOrderMark] : []), ...repairs] };
}
