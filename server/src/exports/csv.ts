import { stringify } from 'csv-stringify/sync';
import { LOGBOOK_CSV_COLUMNS, type LogbookCsvColumn } from '../../../contract/exports';
import { REMOVAL_REASONS } from '../../../contract/rules';
import { SCORING_RULE_NAMES, flightTypeName, isScoringRules } from '../../../contract/scoring';
import { localDateOf } from '../analysis';
import type { LogbookRow } from './repository';

/** What a spreadsheet would run as a formula: text starting with = + - @, a tab or a carriage return. */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/**
 * A text cell made harmless for spreadsheets: a leading apostrophe (shown by none of them) before text
 * that would start a formula. Text already starting with apostrophes before such a character gets one
 * more, so that unescapeCell gives back exactly what was written.
 */
export const escapeCell = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);
/** The inverse of escapeCell, for our own file read back. */
export const unescapeCell = (text: string) => (text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text);

const clocks = new Map<string, Intl.DateTimeFormat>();
/** HH:MM:SS of an instant in a time zone (one formatter per zone: making one costs more than using it). */
export function localClock(ms: number, timeZone: string): string {
  let clock = clocks.get(timeZone);
  if (!clock) clocks.set(timeZone, (clock = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })));
  return clock.format(new Date(ms));
}

/** H:MM:SS of a number of seconds. */
export function clockDuration(seconds: number): string {
  const s = Math.round(seconds);
  return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}


const REASON_NAMES = new Map<number, string>(Object.entries(REMOVAL_REASONS).map(([name, code]) => [code, name]));

const num = (v: number | null | undefined, digits?: number) => (v == null ? '' : digits === undefined ? String(v) : String(Number(v.toFixed(digits))));
const text = (v: string | null | undefined) => (v ? escapeCell(v) : '');

/** One flight as the cells of LOGBOOK_CSV_COLUMNS. */
export function logbookCells(f: LogbookRow): Record<LogbookCsvColumn, string> {
  const zone = f.timeZone ?? 'UTC';
  const start = Date.parse(f.startTime!);
  const end = f.endTime ? Date.parse(f.endTime) : f.flightTime != null ? start + f.flightTime * 1000 : null;
  return {
    date: f.localDate ?? localDateOf(start, zone),
    takeoff_time: localClock(start, zone),
    time_zone: zone,
    takeoff_utc: new Date(start).toISOString(),
    landing_time: end === null ? '' : localClock(end, zone),
    duration: f.flightTime == null ? '' : clockDuration(f.flightTime),
    duration_seconds: num(f.flightTime),
    distance_km: num(f.distance, 3),
    xc_distance_km: num(f.xcDistance, 3),
    score: num(f.xcPoints, 2),
    flight_type: f.flightCode ? text(flightTypeName(f.flightCode)) : '',
    league: f.xcPoints != null && isScoringRules(f.scoringRules) ? text(SCORING_RULE_NAMES[f.scoringRules]) : '',
    max_altitude_m: num(f.maxAltitude, 0),
    elevation_gain_m: num(f.elevationGain, 0),
    launch_site: text(f.launchName ?? f.takeoffLocation),
    launch_latitude: num(f.launchName !== null ? f.launchLatitude : f.takeoffLat, 6),
    launch_longitude: num(f.launchName !== null ? f.launchLongitude : f.takeoffLon, 6),
    landing_site: text(f.landingName ?? f.landingLocation),
    landing_latitude: num(f.landingName !== null ? f.landingLatitude : f.landingLat, 6),
    landing_longitude: num(f.landingName !== null ? f.landingLongitude : f.landingLon, 6),
    glider: text(f.gliderName),
    glider_type_igc: text(f.gliderType),
    notes: text(f.notes),
    source: f.source,
    igc_file: text(f.originalFilename?.split(/[\\/]/).pop()),
    review: f.removalReason ? (REASON_NAMES.get(f.removalReason) ?? String(f.removalReason)) : '',
    airspace_infringements: num(f.airspaceInfringements),
  };
}

/** The logbook CSV: UTF-8 with a byte order mark, CRLF line ends, RFC 4180 quoting, a header row. */
export function logbookCsv(rows: LogbookRow[]): Buffer {
  const body = stringify(
    rows.map((r) => logbookCells(r)),
    { header: true, columns: [...LOGBOOK_CSV_COLUMNS], record_delimiter: 'windows', bom: true, quoted_match: /^\s|\s$/ },
  );
  return Buffer.from(body, 'utf8');
}
