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

/** SQLite's file header (sqlite.org/fileformat.html §1.3.1): Logfly's logbook is such a database, whatever its name. */
const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');
export const isSqlite = (bytes: Uint8Array) => bytes.length >= 100 && Buffer.from(bytes.buffer, bytes.byteOffset, 16).equals(SQLITE_HEADER);
/** A name that says "database" (Logfly's `Logfly.db`, `.sqlite`): such a file that is not SQLite is unreadable, not a CSV. */
export const isDatabaseName = (name: string) => /\.(db|sqlite3?)$/i.test(name);

/** The reason listed for an entry that is not a track. */
export const notTrackReason = (kind: string) => `Not a track file: ${kind}.`;
