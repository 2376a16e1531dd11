import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { FILE_READ_ERRORS } from '../../../contract/uploads';

/** The server's reasons for a file it could not read, in the pilot's language (same words in English). */
const TRANSLATED: Record<string, MessageDescriptor> = {
  [FILE_READ_ERRORS.empty]: msg`The file is empty.`,
  [FILE_READ_ERRORS.binary]: msg`This is not an IGC file (it contains binary data).`,
  [FILE_READ_ERRORS.noFixes]: msg`The file contains no GPS fixes (no B records).`,
  [FILE_READ_ERRORS.noDate]: msg`The file has no valid date header (HFDTE), and its name holds no date (such as 2024-07-14).`,
  [FILE_READ_ERRORS.noTrack]: msg`The file has no usable track: fewer than two GPS fixes with a valid position and time.`,
  [FILE_READ_ERRORS.gpxDoctype]: msg`This GPX file declares a document type or entities, which are refused for safety.`,
  [FILE_READ_ERRORS.notGpx]: msg`This XML file is not a GPX track (no <gpx> element).`,
  [FILE_READ_ERRORS.gpxNoPoints]: msg`The GPX file contains no track points (trk/trkseg/trkpt).`,
  [FILE_READ_ERRORS.fitDamaged]: msg`This FIT file is damaged or not a FIT file (its header or checksum does not match).`,
  [FILE_READ_ERRORS.fitNoPositions]: msg`The FIT file has no GPS positions (an indoor activity, or not an activity file).`,
  [FILE_READ_ERRORS.kmlNoTimes]: msg`This KML file has a line but no times: a flight cannot be read from a drawn route.`,
  [FILE_READ_ERRORS.kmlNoTrack]: msg`The KML file contains no track (no gx:Track, timed placemarks or line).`,
  [FILE_READ_ERRORS.tcxNoPoints]: msg`The TCX file contains no track points with a position (Trackpoint/Position).`,
};

/** A file's reason as the pilot reads it: translated when it is one of the server's known reasons, else as sent. */
export function fileReason(i18n: I18n, reason: string): string {
  const known = TRANSLATED[reason];
  return known ? i18n._(known) : reason;
}
