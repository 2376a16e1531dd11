import IGCParser from 'igc-parser';
import { IgcReadError, type Fix } from './types';

export interface ParsedIgc {
  fixes: Fix[];
  gliderType: string | null;
  date: string | null;
  /** The parser's flight object, which the XC solver takes as input. */
  raw: IGCParser.IGCFile;
}

/** UTF-8 when the bytes are valid UTF-8, else Latin-1 (older instruments). */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

/**
 * Rewrites header forms igc-parser rejects into the ones it accepts:
 * `HFDTEDATE: 030418` (with a space) and `HFDTE:030418`.
 */
export function normaliseHeaders(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => {
      const m = /^HFDTE(?:DATE)?\s*:?\s*(\d{6})\s*(?:,\s*(\d{1,2}))?/i.exec(line);
      return m ? `HFDTEDATE:${m[1]}${m[2] ? `,${m[2].padStart(2, '0')}` : ''}` : line;
    })
    .join('\n');
}

const altitude = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? null : v);

/** Parses an IGC file leniently and cleans its fixes; throws IgcReadError with a readable reason. */
export function parseIgc(bytes: Uint8Array): ParsedIgc {
  if (bytes.length === 0) throw new IgcReadError('The file is empty.');
  if (bytes.subarray(0, 8192).includes(0)) throw new IgcReadError('This is not an IGC file (it contains binary data).');
  const text = normaliseHeaders(decodeText(bytes));
  if (!/^B\d{6}/m.test(text)) throw new IgcReadError('The file contains no GPS fixes (no B records).');
  let raw: IGCParser.IGCFile;
  try {
    raw = IGCParser.parse(text, { lenient: true });
  } catch (err) {
    const reason = (err as Error).message;
    throw new IgcReadError(/HFDTE/.test(reason) ? 'The file has no valid date header (HFDTE).' : `The file could not be read: ${reason}`);
  }
  const fixes: Fix[] = [];
  const kept: IGCParser.BRecord[] = [];
  let last = -Infinity;
  for (const f of raw.fixes) {
    const valid =
      Number.isFinite(f.timestamp) &&
      Math.abs(f.latitude) <= 90 &&
      Math.abs(f.longitude) <= 180 &&
      !(f.latitude === 0 && f.longitude === 0);
    // Instruments that repeat a timestamp or step back in time: keep the first fix of each second.
    if (!valid || f.timestamp <= last) continue;
    last = f.timestamp;
    kept.push(f);
    fixes.push({
      time: f.timestamp,
      latitude: f.latitude,
      longitude: f.longitude,
      baroAltitude: altitude(f.pressureAltitude),
      gpsAltitude: altitude(f.gpsAltitude),
    });
  }
  if (fixes.length < 2) throw new IgcReadError('The file has too few valid GPS fixes to form a track.');
  raw.fixes = kept;
  return { fixes, gliderType: raw.gliderType?.trim() || null, date: raw.date ?? null, raw };
}
