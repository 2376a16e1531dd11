import IGCParser from 'igc-parser';
import { isGpx, parseGpx } from './gpx';
import { readOtherTrack } from './track-formats';
import { REPAIR, readColumns, repairIgcText, repairTrack } from './repair';
import { fixesOf, trackLength, type Track } from './track';
import { IgcReadError, type Fix } from './types';
import { FILE_READ_ERRORS } from '../../../contract/uploads';

/** What a reader (IGC, GPX) answers: the repaired track, and what was repaired. */
export type ReadTrack = Omit<ParsedTrack, 'fixes'>;

/** A recording read from a file, IGC or GPX, with its fixes cleaned and what was repaired. */
export interface ParsedTrack {
  /** The cleaned fixes as typed arrays: what the analysis reads. */
  track: Track;
  /** The same fixes as objects, built on first use (tests and benches; the analysis never asks). */
  readonly fixes: Fix[];
  gliderType: string | null;
  /** IGC only: the competition class (HFCCL) and the recorder's maker and type (A record, HFFTY), which tell a sailplane (docs/aircraft-category.md). */
  competitionClass?: string | null;
  recorder?: string | null;
  /** YYYY-MM-DD of the recording's header (IGC), or of its first fix. */
  date: string | null;
  repairs: string[];
  /** GPX, FIT, KML and TCX come from general-purpose trackers, IGC from flight instruments (docs/validation.md, docs/import.md). */
  format: 'igc' | 'gpx' | 'fit' | 'kml' | 'tcx';
  /** GPX points carry a heart rate or a cadence (a sports watch or bike computer on a run or a ride). */
  fitness?: boolean;
}

/** UTF-8 when the bytes are valid UTF-8, else Latin-1 (older instruments); UTF-16 when it says so. */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return '\uFEFF' + new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return '\uFEFF' + new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

/** A missing or unreadable altitude is NaN in the columns. */
const altitude = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? NaN : v);

const hasUtf16Bom = (bytes: Uint8Array) => (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);

/**
 * Each B record's time under the date header above it: igc-parser dates every fix from the first
 * header and counts midnights, so a later section (a logger that keeps several days in one file)
 * would land on the wrong day. Null when the file has one date only.
 */
function sectionTimes(text: string): { clock: string; time: number }[] | null {
  const times: { clock: string; time: number }[] = [];
  let base = NaN;
  let day = 0;
  let previous = -1;
  let headers = 0;
  const dates = new Set<string>();
  for (const line of text.split('\n')) {
    const header = /^HFDTEDATE:(\d{2})(\d{2})(\d{2})/.exec(line);
    if (header) {
      const [, dd, mm, yy] = header;
      const year = Number(yy) < 80 ? 2000 + Number(yy) : 1900 + Number(yy);
      base = Date.UTC(year, Number(mm) - 1, Number(dd));
      dates.add(`${year}-${mm}-${dd}`);
      headers++;
      day = 0;
      previous = -1;
      continue;
    }
    const b = /^B(\d{2})(\d{2})(\d{2})/.exec(line);
    if (!b || Number.isNaN(base)) continue;
    const seconds = Number(b[1]) * 3600 + Number(b[2]) * 60 + Number(b[3]);
    if (seconds < previous) day++;
    previous = seconds;
    times.push({ clock: `${b[1]}:${b[2]}:${b[3]}`, time: base + (day * 86_400 + seconds) * 1000 });
  }
  return headers > 1 && dates.size > 1 ? times : null;
}

/**
 * igc-parser's own line reader, used line by line so each fix it reads is copied into ours and
 * dropped at once: `IGCParser.parse` keeps an object of ten fields (an extensions object and a time
 * string among them) for every fix of the file until it returns, the largest thing an analysis
 * held. Its members are private in its types only; the fixes are the library's own numbers, as the
 * optimizer's oracle tests and the analysis fixtures check.
 */
interface IgcLineReader {
  processLine(line: string): void;
  parseBRecord(line: string): IGCParser.BRecord;
  prevTimestamp: number | null;
  lineNumber: number;
  readonly result: IGCParser.IGCFile;
}

/** As IGCParser.parse with `lenient` (a line it cannot read is skipped), handing each fix to `onFix`. */
function readIgcLines(text: string, onFix: (fix: IGCParser.BRecord) => void): IGCParser.IGCFile {
  const reader = new IGCParser({ lenient: true }) as unknown as IgcLineReader;
  for (let start = 0; start <= text.length; ) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end).trim();
    start = end + 1;
    try {
      if (line[0] === 'B') {
        // processLine's B branch, without pushing the fix onto the file's list
        reader.lineNumber += 1;
        const fix = reader.parseBRecord(line);
        reader.prevTimestamp = fix.timestamp;
        onFix(fix);
      } else {
        reader.processLine(line);
      }
    } catch {
      // lenient: igc-parser collects the error and goes on; we never read its list
    }
  }
  return reader.result;
}

function parseIgcText(text: string, filename: string | undefined): ReadTrack {
  const repaired = repairIgcText(text, filename);
  if (!/^B\d{6}/m.test(repaired.text)) throw new IgcReadError(FILE_READ_ERRORS.noFixes);
  if (!repaired.hasDate) throw new IgcReadError(FILE_READ_ERRORS.noDate);
  // igc-parser skips B records it cannot read: match its fixes to ours by their clock time, in order.
  const sections = sectionTimes(repaired.text);
  let next = 0;
  let redated = false;
  const timeOf = (f: IGCParser.BRecord) => {
    if (!sections) return f.timestamp;
    while (next < sections.length && sections[next]!.clock !== f.time) next++;
    if (next >= sections.length) return f.timestamp;
    const time = sections[next++]!.time;
    if (time !== f.timestamp) redated = true;
    return time;
  };
  const read = readColumns();
  let raw: IGCParser.IGCFile;
  try {
    raw = readIgcLines(repaired.text, (f) => {
      read.timesMs.push(timeOf(f));
      read.latitudesDeg.push(f.latitude);
      read.longitudesDeg.push(f.longitude);
      read.baroAltitudesM.push(altitude(f.pressureAltitude));
      read.gpsAltitudesM.push(altitude(f.gpsAltitude));
    });
  } catch (err) {
    throw new IgcReadError(`The file could not be read: ${(err as Error).message}`);
  }
  const { track, repairs } = repairTrack(read);
  const nextDay = Date.parse(`${raw.date}T00:00:00Z`) + 86_400_000;
  const crossesMidnight = track.timesMs.some((t) => t >= nextDay);
  return {
    track,
    format: 'igc',
    gliderType: gliderNamed(raw.gliderType),
    competitionClass: raw.competitionClass?.trim() || null,
    recorder: [raw.loggerManufacturer, raw.loggerType].filter(Boolean).join(' ') || null,
    date: raw.date ?? null,
    repairs: [...repaired.repairs, ...(redated ? [REPAIR.laterDates] : []), ...(crossesMidnight && !redated ? [REPAIR.midnight] : []), ...repairs],
  };
}

/** What recorders write when the pilot never named a wing (the IGC standard's "NKN", apps' defaults): no name. */
const NO_GLIDER_NAMED = /^(?:nkn|not ?set|unknown|none|n\/?a|-+|\?+|my vehicle)$/i;

/** The H record's glider type, trimmed, or null when it is empty or a placeholder. */
export function gliderNamed(value: string | null | undefined): string | null {
  const name = value?.trim();
  return name && !NO_GLIDER_NAMED.test(name) ? name : null;
}

/**
 * Reads an IGC, GPX, FIT, KML or TCX file leniently (by its content; GPX also by a .gpx name), repairing what real files
 * get wrong; throws IgcReadError with a reason a pilot understands.
 */
export function parseTrack(bytes: Uint8Array, filename?: string): ParsedTrack {
  if (bytes.length === 0) throw new IgcReadError(FILE_READ_ERRORS.empty);
  // FIT, KML and TCX are told by their content first (a FIT file is binary, so before that refusal).
  const other = readOtherTrack(bytes, decodeText);
  if (!other && !hasUtf16Bom(bytes) && bytes.subarray(0, 8192).includes(0)) throw new IgcReadError(FILE_READ_ERRORS.binary);
  const read = other ?? readIgcOrGpx(decodeText(bytes), filename);
  if (trackLength(read.track) < 2) throw new IgcReadError(FILE_READ_ERRORS.noTrack);
  const { track } = read;
  let objects: Fix[] | undefined;
  return {
    ...read,
    get fixes() {
      return (objects ??= fixesOf(track));
    },
  };
}

const readIgcOrGpx = (text: string, filename: string | undefined) => (isGpx(text, filename) ? parseGpx(text) : parseIgcText(text, filename));

/** The IGC text as igc-parser reads it (benchmarks parse with igc-parser directly). */
export const normaliseHeaders = (text: string) => repairIgcText(text).text;
