import { constants, gunzipSync } from 'node:zlib';
import { isLogbookFile, isTrackFile } from '../../../contract/rules';
import { decodeText, otherTrackFormat } from '../analysis';

/**
 * What a file found in an upload is when it is not a track, by its name, as the ledger names it
 * (docs/import.md): the folders of recorders and phone apps hold tasks, waypoints, photos, logs and
 * the instrument's own files beside their IGC.
 */
const KINDS: [RegExp, string][] = [
  [/\.(xctsk|tsk|fsdb|xctsk\.json)$/i, 'task file'],
  [/\.(cup|wpt|wpx|waypoints|cupx|dat|oza|openair|txt\.wpt)$/i, 'waypoint or airspace file'],
  [/\.(jpe?g|png|heic|heif|gif|webp|bmp|tiff?|dng|raw)$/i, 'photo'],
  [/\.(mp4|mov|avi|mkv|m4v|3gp)$/i, 'video'],
  [/\.(log|txt|nmea|json|xml|html?|md|pdf|docx?|odt|rtf)$/i, 'log or document'],
  [/\.(xlsx?|ods)$/i, 'spreadsheet'],
  [/\.(igc\.sig|sig|g|vali)$/i, 'signature file'],
  [/\.(ini|cfg|conf|sys|bin|fw|hex|img|upd|dfu|ttf|otf|bak|tmp|lck|lock|exe|dll|apk|plist|db-journal)$/i, 'system file'],
];
const SYSTEM_NAMES = /^(\.DS_Store|Thumbs\.db|desktop\.ini|\.Spotlight-V100|\.Trashes|\.fseventsd|System Volume Information|\$RECYCLE\.BIN|\.nomedia)$/i;

/** Archives opened inside an archive (one level), and KMZ, a zipped KML. */
export const isArchiveName = (name: string) => /\.(zip|tar\.gz|tgz)$/i.test(name);
export const isKmzName = (name: string) => /\.kmz$/i.test(name);

export type EntryDecision = { read: 'track' | 'logbook' | 'archive' | 'kmz' | 'sniff' } | { kind: string };

/** How an archive entry is handled: read as a track, imported as a logbook (CSV, Logfly's database), opened as an archive, read to see what it is, or named and left. */
export function decideEntry(name: string): EntryDecision {
  const parts = name.split(/[\\/]+/);
  const base = parts.at(-1) ?? name;
  if (parts.some((p) => SYSTEM_NAMES.test(p)) || base.startsWith('.')) return { kind: 'system file' };
  if (isKmzName(name)) return { read: 'kmz' };
  if (isTrackFile(name)) return { read: 'track' };
  if (isLogbookFile(base) || /\.sqlite3?$/i.test(base)) return { read: 'logbook' };
  if (isArchiveName(name)) return { read: 'archive' };
  for (const [pattern, kind] of KINDS) if (pattern.test(base)) return { kind };
  return { read: 'sniff' };
}

/** A file of an unknown name that holds a track all the same: IGC, GPX, FIT, KML or TCX by its first bytes. */
export function looksLikeTrack(bytes: Uint8Array): boolean {
  if (otherTrackFormat(bytes, () => decodeText(bytes.subarray(0, 65536)))) return true;
  const head = decodeText(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '');
  if (/^\s*<(\?xml[^>]*>\s*<)?gpx[\s>]/i.test(head)) return true;
  return /^A[A-Z0-9]{3}/.test(head) && /\nB\d{6}\d{7}[NS]\d{8}[EW]/.test(head + decodeText(bytes.subarray(4096, 65536)));
}

/** The kind a name gives a file the upload does not read (a photo, a system file), or undefined for a name it reads. */
export function namedKind(name: string): string | undefined {
  const decision = decideEntry(name);
  return 'kind' in decision ? decision.kind : undefined;
}

/** How many first bytes of a file tell what it is (looksLikeTrack looks at up to 64 KB). */
export const SNIFF_BYTES = 65536;

/** How a file is read: as a track, a logbook, a zip (or KMZ) or a gzip'd tar. */
export type ReadAs = 'track' | 'logbook' | 'zip' | 'kmz' | 'tarGz';

const isZip = (b: Uint8Array) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
/** Formats that are zip files themselves (office documents, apps, SeeYou's cupx): not archives of the pilot's files. */
const ZIP_CONTAINERS = /\.(docx|xlsx|pptx|odt|ods|odp|epub|apk|jar|ipa|cupx|3mf)$/i;

/**
 * A gzip'd tar: gzip's header, and tar's `ustar` magic in its first block once unpacked. Only the first
 * kilobyte is unpacked (at most about a megabyte out, deflate's ratio being bounded), so a bomb costs nothing.
 */
function isTarGz(b: Uint8Array): boolean {
  if (b.length < 18 || b[0] !== 0x1f || b[1] !== 0x8b || b[2] !== 8) return false;
  try {
    const block = gunzipSync(b.subarray(0, 1024), { finishFlush: constants.Z_SYNC_FLUSH });
    return block.length >= 262 && block.toString('latin1', 257, 262) === 'ustar';
  } catch {
    return false;
  }
}

/**
 * How a file is read by its first bytes, whatever its name (docs/import.md, "Told by content"): SQLite
 * (Logfly's logbook), a zip (a KMZ when named as KML), a gzip'd tar, a track (IGC, GPX, FIT, KML, TCX).
 * Undefined when the bytes are none of these: then the name decides.
 */
export function readAsByContent(name: string, head: Uint8Array): ReadAs | undefined {
  if (isSqlite(head)) return 'logbook';
  if (isZip(head)) return ZIP_CONTAINERS.test(name) ? undefined : isKmzName(name) || /\.kml$/i.test(name) ? 'kmz' : 'zip';
  if (isTarGz(head)) return 'tarGz';
  if (looksLikeTrack(head)) return 'track';
  return undefined;
}

/**
 * Whether a file starting with these bytes may still be a format read (readAsByContent): the binary
 * formats' signatures lie in its first 16 bytes (SQLite, zip, gzip, FIT), and the text ones start with
 * `A` (IGC) or `<` (XML), after a byte order mark or white space. False rules a file out at its first
 * bytes (a photo, a video), so the rest of it is not unpacked.
 */
export function mayBeReadable(head: Uint8Array): boolean {
  if (head.length < 16) return true;
  if (Buffer.from(head.buffer, head.byteOffset, 16).equals(SQLITE_HEADER) || isZip(head) || (head[0] === 0x1f && head[1] === 0x8b)) return true;
  if (head[8] === 0x2e && head[9] === 0x46 && head[10] === 0x49 && head[11] === 0x54) return true;
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) return true;
  let i = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  while (i < head.length && (head[i] === 0x20 || head[i] === 0x09 || head[i] === 0x0a || head[i] === 0x0d)) i++;
  return i === head.length || head[i] === 0x41 || head[i] === 0x3c;
}

/** How a file whose bytes said nothing is read by a name that is read (docs/import.md): an archive's kind by its extension. */
export const readAsByName = (read: 'track' | 'logbook' | 'archive' | 'kmz', name: string): ReadAs => (read === 'archive' ? (/\.zip$/i.test(name) ? 'zip' : 'tarGz') : read);

/** SQLite's file header (sqlite.org/fileformat.html §1.3.1): Logfly's logbook is such a database, whatever its name. */
const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');
export const isSqlite = (bytes: Uint8Array) => bytes.length >= 100 && Buffer.from(bytes.buffer, bytes.byteOffset, 16).equals(SQLITE_HEADER);
/** A name that says "database" (Logfly's `Logfly.db`, `.sqlite`): such a file that is not SQLite is unreadable, not a CSV. */
export const isDatabaseName = (name: string) => /\.(db|sqlite3?)$/i.test(name);

/** The reason listed for an entry that is not a track. */
export const notTrackReason = (kind: string) => `Not a track file: ${kind}.`;
