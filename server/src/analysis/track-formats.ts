import { isFit, parseFit } from './fit';
import { isKml, parseKml } from './kml';
import type { ReadTrack } from './parse';
import { isTcx, parseTcx } from './tcx';

/** The formats read beside IGC and GPX, each told by its content (docs/import.md). */
export type OtherTrackFormat = 'fit' | 'kml' | 'tcx';

/** FIT, KML or TCX by the bytes (never by the name alone), or null for IGC, GPX and anything else. */
export function otherTrackFormat(bytes: Uint8Array, text?: () => string): OtherTrackFormat | null {
  if (isFit(bytes)) return 'fit';
  if (bytes[0] !== 0x3c && bytes[0] !== 0xef && bytes[0] !== 0x20 && bytes[0] !== 0x0a && bytes[0] !== 0x0d && bytes[0] !== 0x09) return null;
  const t = text?.();
  if (t === undefined) return null;
  if (isKml(t)) return 'kml';
  if (isTcx(t)) return 'tcx';
  return null;
}

/** Reads a FIT, KML or TCX track, or undefined when the bytes are none of these. */
export function readOtherTrack(bytes: Uint8Array, decode: (bytes: Uint8Array) => string): ReadTrack | undefined {
  let text: string | undefined;
  const lazy = () => (text ??= decode(bytes));
  const format = otherTrackFormat(bytes, lazy);
  if (format === 'fit') return parseFit(bytes);
  if (format === 'kml') return parseKml(lazy());
  if (format === 'tcx') return parseTcx(lazy());
  return undefined;
}
