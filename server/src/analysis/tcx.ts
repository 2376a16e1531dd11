import type { ReadTrack } from './parse';
import { readColumns, REPAIR, repairTrack } from './repair';
import { IgcReadError } from './types';
import { nodesNamed, rootElement, textOf, xmlDocument } from './xml-track';
import { FILE_READ_ERRORS } from '../../../contract/uploads';

/** TCX by its content: the root element is <TrainingCenterDatabase>. */
export const isTcx = (text: string) => rootElement(text) === 'trainingcenterdatabase';

const ARRAYS = new Set(['Activity', 'Lap', 'Track', 'Trackpoint', 'Course']);
const num = (v: unknown) => {
  const t = textOf(v);
  return t === undefined || t.trim() === '' ? NaN : Number(t);
};

/**
 * Garmin Training Center (TCX) activities and courses: every Trackpoint with a time and a position.
 * TCX names one altitude (AltitudeMeters), read as GPS height; points without a position (a watch
 * indoors, a pause) are left out.
 */
export function parseTcx(text: string): ReadTrack {
  const bom = text.startsWith('\uFEFF');
  if (bom) text = text.slice(1);
  const doc = xmlDocument(text, ARRAYS, 'TCX');
  if (!doc.TrainingCenterDatabase) throw new IgcReadError(FILE_READ_ERRORS.tcxNoPoints);
  const read = readColumns();
  for (const p of nodesNamed(doc, 'Trackpoint')) {
    const pos = p.Position as Record<string, unknown> | undefined;
    if (!pos) continue;
    read.timesMs.push(Date.parse(textOf(p.Time) ?? ''));
    read.latitudesDeg.push(num(pos.LatitudeDegrees));
    read.longitudesDeg.push(num(pos.LongitudeDegrees));
    read.gpsAltitudesM.push(num(p.AltitudeMeters));
    read.baroAltitudesM.push(NaN);
  }
  if (!read.timesMs.length) throw new IgcReadError(FILE_READ_ERRORS.tcxNoPoints);
  const { track, repairs } = repairTrack(read);
  return { track, format: 'tcx', gliderType: null, date: track.timesMs.length ? new Date(track.timesMs[0]!).toISOString().slice(0, 10) : null, repairs: [...(bom ? [REPAIR.byteOrderMark] : []), ...repairs] };
}
