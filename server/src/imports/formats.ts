import { LOGBOOK_CSV_COLUMNS, type CsvImportAnswer } from '../../../contract/exports';
import { unescapeCell } from '../exports';

export type CsvFormat = CsvImportAnswer['format'];

/** A refused row's reason, for the pilot. */
export class RowError extends Error {}

/** A named place of a row; coordinates only when the file gives them. */
export interface RowPlace {
  name: string;
  latitude?: number;
  longitude?: number;
}

/** One row read from any of the formats, before it is matched against the pilot's logbook. */
export interface ImportRow {
  /** The takeoff instant when the file says it in UTC or with an offset. */
  startMs?: number;
  /** Otherwise the local takeoff, read in the flight's time zone. */
  local?: { date: string; time: string };
  /** IANA zone when the file names one (ours); else taken from the launch site's position. */
  timeZone?: string;
  /** A fixed offset east of UTC in minutes (Logfly), the zone's stand-in when the launch has no position. */
  utcOffsetMinutes?: number;
  flightTime: number;
  launch: RowPlace | null;
  landing: RowPlace | null;
  glider: string | null;
  notes: string | null;
  distance?: number;
  /** Our own export's review flag (a removal reason name or code); empty for none. */
  review?: string;
}

/** A recognised header: the format and how to read each row of it. */
export interface CsvLayout {
  format: CsvFormat;
  /** Which header columns are read (by index); the others are reported when they hold a value. */
  mapped: Set<number>;
  read(cells: string[]): ImportRow;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;
const pad = (n: string | number) => String(n).padStart(2, '0');

function isoDate(value: string, column: string): string {
  const v = value.trim();
  const dmy = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(v);
  const iso = DATE.test(v) ? v : dmy ? `${dmy[3]}-${pad(dmy[2]!)}-${pad(dmy[1]!)}` : null;
  // A calendar day that exists: 2024-13-01 and 2023-02-29 do not.
  if (iso && new Date(Date.parse(`${iso}T00:00:00Z`) || 0).toISOString().slice(0, 10) === iso) return iso;
  throw new RowError(v ? `${column} "${v}" is not a date (YYYY-MM-DD).` : `${column} is empty.`);
}

function clock(value: string, column: string): string {
  const m = TIME.exec(value.trim());
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59 || Number(m[3] ?? 0) > 59) throw new RowError(value.trim() ? `${column} "${value.trim()}" is not a time (HH:MM:SS).` : `${column} is empty.`);
  return `${pad(m[1]!)}:${m[2]}:${m[3] ?? '00'}`;
}

const secondsOfClock = (hhmmss: string) => hhmmss.split(':').reduce((s, part) => s * 60 + Number(part), 0);

/** H:MM:SS, H:MM or Logfly's "1h23mn" as seconds. */
function durationSeconds(value: string, column: string): number {
  const v = value.trim();
  const hm = /^(\d+)h(\d{1,2})(?:mn)?$/i.exec(v);
  if (hm) return Number(hm[1]) * 3600 + Number(hm[2]) * 60;
  const m = /^(\d+):(\d{2})(?::(\d{2}))?$/.exec(v);
  if (m) return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3] ?? 0);
  throw new RowError(`${column} "${v}" is not a duration (H:MM:SS).`);
}

/** A number, with a decimal comma accepted (spreadsheets in many languages write one); blank is undefined. */
function number(value: string | undefined, column: string): number | undefined {
  const v = (value ?? '').trim();
  if (v === '') return undefined;
  const n = Number(/^-?\d+,\d+$/.test(v) ? v.replace(',', '.') : v);
  if (!Number.isFinite(n)) throw new RowError(`${column} "${v}" is not a number.`);
  return n;
}

/** Landing minus takeoff on a 24-hour clock (a landing past midnight is the next day). */
const clockDifference = (from: string, to: string) => (secondsOfClock(to) - secondsOfClock(from) + 86_400) % 86_400;

function place(name: string | undefined, lat: string | undefined, lon: string | undefined, what: string): RowPlace | null {
  const n = (name ?? '').trim();
  if (!n) return null;
  const latitude = number(lat, `${what} latitude`);
  const longitude = number(lon, `${what} longitude`);
  return latitude !== undefined && longitude !== undefined ? { name: n, latitude, longitude } : { name: n };
}

const blank = (v: string | undefined) => (v === undefined || v.trim() === '' ? null : v);

/** Our own CSV (LOGBOOK_CSV_COLUMNS, any order, columns may be missing): text cells lose the formula guard. */
function flightlogLayout(header: string[]): CsvLayout | null {
  const at = (c: string) => header.indexOf(c);
  if (at('takeoff_utc') < 0 && (at('date') < 0 || at('takeoff_time') < 0)) return null;
  const mapped = new Set(
    ['date', 'takeoff_time', 'time_zone', 'takeoff_utc', 'landing_time', 'duration', 'duration_seconds', 'distance_km', 'launch_site', 'launch_latitude', 'launch_longitude', 'landing_site', 'landing_latitude', 'landing_longitude', 'glider', 'notes', 'source', 'review']
      .map(at)
      .filter((i) => i >= 0),
  );
  return {
    format: 'flightlog',
    mapped,
    read(cells) {
      const get = (c: string) => (at(c) < 0 ? undefined : (cells[at(c)] ?? ''));
      const text = (c: string) => {
        const v = blank(get(c));
        return v === null ? null : unescapeCell(v);
      };
      const utc = get('takeoff_utc')?.trim();
      const startMs = utc ? Date.parse(utc) : undefined;
      if (startMs !== undefined && Number.isNaN(startMs)) throw new RowError(`takeoff_utc "${utc}" is not an ISO 8601 instant.`);
      const local = startMs === undefined ? { date: isoDate(get('date') ?? '', 'date'), time: clock(get('takeoff_time') ?? '', 'takeoff_time') } : undefined;
      let flightTime: number;
      if (blank(get('duration_seconds'))) flightTime = number(get('duration_seconds'), 'duration_seconds')!;
      else if (blank(get('duration'))) flightTime = durationSeconds(get('duration')!, 'duration');
      else if (blank(get('landing_time')) && blank(get('takeoff_time'))) flightTime = clockDifference(clock(get('takeoff_time')!, 'takeoff_time'), clock(get('landing_time')!, 'landing_time'));
      else throw new RowError('The row has no duration (duration_seconds, duration or landing_time).');
      const launch = place(text('launch_site') ?? undefined, get('launch_latitude'), get('launch_longitude'), 'launch');
      const landing = place(text('landing_site') ?? undefined, get('landing_latitude'), get('landing_longitude'), 'landing');
      return { startMs, local, timeZone: blank(get('time_zone'))?.trim(), flightTime, launch, landing, glider: text('glider'), notes: text('notes'), distance: number(get('distance_km'), 'distance_km'), ...(blank(get('review')) ? { review: get('review')!.trim() } : {}) };
    },
  };
}

/**
 * flugbuech's CSV (github.com/dbrgn/flugbuech, src/import_csv.rs VALID_HEADERS, the format of its import
 * page): times in UTC, sites by name only, glider as "Manufacturer Model".
 */
export const FLUGBUECH_COLUMNS = [
  'number',
  'date',
  'glider',
  'launch_site',
  'launch_time_utc',
  'landing_site',
  'landing_time_utc',
  'track_distance',
  'hikeandfly',
  'comment',
  'xcontest_url',
  'xcontest_tracktype',
  'xcontest_scored_distance',
  'video_url',
] as const;

function flugbuechLayout(header: string[]): CsvLayout | null {
  const at = (c: string) => header.indexOf(c);
  if (at('launch_time_utc') < 0 || at('date') < 0) return null;
  const mapped = new Set(['date', 'glider', 'launch_site', 'launch_time_utc', 'landing_site', 'landing_time_utc', 'track_distance', 'comment'].map(at).filter((i) => i >= 0));
  return {
    format: 'flugbuech',
    mapped,
    read(cells) {
      const get = (c: string) => (at(c) < 0 ? '' : (cells[at(c)] ?? ''));
      const date = isoDate(get('date'), 'date');
      const launchTime = clock(get('launch_time_utc'), 'launch_time_utc');
      if (!get('landing_time_utc').trim()) throw new RowError('landing_time_utc is empty: the duration is unknown.');
      const landingTime = clock(get('landing_time_utc'), 'landing_time_utc');
      return {
        startMs: Date.parse(`${date}T${launchTime}Z`),
        flightTime: clockDifference(launchTime, landingTime),
        launch: place(get('launch_site'), undefined, undefined, 'launch'),
        landing: place(get('landing_site'), undefined, undefined, 'landing'),
        glider: blank(get('glider')),
        notes: blank(get('comment')),
        distance: number(get('track_distance'), 'track_distance'),
      };
    },
  };
}

/**
 * Logfly 5's CSV export (github.com/giloutho/Logfly5, littlewins/winCsv.java genDataCsv): ';'-separated,
 * unquoted, a header in the program's language, fixed column positions:
 * Date;Hour;UTC;Duration;Site;Country;Alt;Latitude;Longitude;Glider;Comment, with the track file name
 * first when tracks were exported (its header cell then runs into "Date").
 */
const LOGFLY_DATE_WORDS = ['date', 'datum', 'data'];
const LOGFLY_DURATION_WORDS = ['duration', 'durée', 'dauer', 'durata'];

function logflyLayout(header: string[], original: string[]): CsvLayout | null {
  if (header.length < 11 || header[2] !== 'utc' || !LOGFLY_DURATION_WORDS.includes(header[3]!)) return null;
  const first = header[0]!;
  if (!LOGFLY_DATE_WORDS.some((w) => first.endsWith(w))) return null;
  const shift = LOGFLY_DATE_WORDS.includes(first) ? 0 : 1;
  // Date, Hour, UTC, Duration, Site, (Country, Alt), Latitude, Longitude, Glider, Comment.
  const mapped = new Set([0, 1, 2, 3, 4, 7, 8, 9, 10].map((i) => i + shift));
  if (shift) {
    // "IGC FileDate" is two columns: the track file name's, then the date's.
    const word = LOGFLY_DATE_WORDS.find((w) => first.endsWith(w))!.length;
    const cell = original[0]!;
    original.splice(0, 1, cell.slice(0, cell.length - word).trim() || 'IGC File', cell.slice(cell.length - word));
  }
  const value = (v: string | undefined) => (v === undefined || v.trim() === '' || v.trim() === 'null' ? undefined : v.trim());
  return {
    format: 'logfly',
    mapped,
    read(raw) {
      // Comments are written unquoted: a ';' in one splits it, so the cells past the last column are its rest.
      const cells = raw.length > 11 + shift ? [...raw.slice(0, 10 + shift), raw.slice(10 + shift).join(';')] : raw;
      const c = (i: number) => value(cells[i + shift]);
      const date = isoDate(c(0) ?? '', 'Date');
      // Logfly 5 drops the first digit of the hour ("1:06:00" for 11:06:00); Logfly 6 reads it back as 1x, so do we.
      const hour = c(1) ?? '';
      const time = clock(/^\d:\d\d(:\d\d)?$/.test(hour) ? `1${hour}` : hour, 'Hour');
      const offset = number(c(2), 'UTC');
      const duration = c(3);
      if (!duration) throw new RowError('Duration is empty.');
      return {
        local: { date, time },
        // The offset is in minutes (Logfly 5 writes hours × 60); small values are taken as hours.
        utcOffsetMinutes: offset === undefined ? undefined : Math.abs(offset) <= 14 ? offset * 60 : offset,
        flightTime: durationSeconds(duration, 'Duration'),
        launch: place(c(4), c(7), c(8), 'launch'),
        landing: null,
        glider: c(9) ?? null,
        notes: c(10) ?? null,
      };
    },
  };
}

/** Which logbook wrote this header, or null. `header` as read; names are compared trimmed and in lower case. */
export function layoutOf(header: string[]): { layout: CsvLayout; columns: string[] } | null {
  const columns = header.map((h) => h.trim());
  const names = columns.map((h) => h.normalize('NFC').toLowerCase());
  const layout = flightlogLayout(names) ?? flugbuechLayout(names) ?? logflyLayout(names, columns);
  return layout ? { layout, columns } : null;
}

export const KNOWN_FORMATS = `this logbook's export (${LOGBOOK_CSV_COLUMNS.slice(0, 4).join(', ')}, …), Logfly 5's CSV export (Date;Hour;UTC;Duration;Site;…) or flugbuech's CSV (date, launch_time_utc, …)`;
