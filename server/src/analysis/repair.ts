import { distanceKmOf } from './geo';
import type { Track } from './track';

// A module binding: jest's sandbox looks each global up slowly (docs/testing.md, "Globals in jest's sandbox").
const Math = globalThis.Math;

/**
 * Repairs of real files that would otherwise be refused or mis-read. Each returns what it changed as
 * a short English sentence, which the upload history shows as the file's reason.
 */
export const REPAIR = {
  byteOrderMark: 'Byte-order mark at the start of the file ignored.',
  crLineEnds: 'Old-style line ends (CR only) read.',
  lowerCase: 'Lower-case record letters read as upper case.',
  noARecord: 'The file has no A record (instrument identification): read without it.',
  dateFromFilename: 'Date taken from the file name.',
  midnight: 'Fixes after midnight UTC dated to the next day.',
  outOfOrder: (n: number) => `${n} ${n === 1 ? 'fix' : 'fixes'} out of time order put back in order.`,
  repeated: (n: number) => `${n} repeated ${n === 1 ? 'fix' : 'fixes'} dropped.`,
  spikes: (n: number) => `${n} altitude ${n === 1 ? 'spike' : 'spikes'} smoothed.`,
  invalidPositions: (n: number) => `${n} ${n === 1 ? 'fix' : 'fixes'} without a valid position or time dropped.`,
  impossible: (n: number) => `${n} impossible ${n === 1 ? 'fix' : 'fixes'} dropped (position jumps faster than any aircraft).`,
  impossibleAltitudes: (n: number) => `${n} impossible ${n === 1 ? 'altitude' : 'altitudes'} ignored (outside ${IMPOSSIBLE.minAltitudeM} to ${IMPOSSIBLE.maxAltitudeM} m).`,
  baroReplaced: (m: number) => `The pressure altitude disagrees with the GPS altitude by up to ${m} m: GPS altitude used instead.`,
  laterDates: 'Date headers later in the file honoured as written.',
  missingAltitudes: (n: number) => `${n} ${n === 1 ? 'fix' : 'fixes'} without an altitude given the altitude of the fix before.`,
};

/**
 * Fixes no aircraft we log can produce (docs/validation.md, "Impossible fixes"): a position reached
 * faster than maxSpeedKmh from the fix before, by more than minJumpKm (so GPS noise at 1 Hz never
 * counts); an altitude outside [minAltitudeM, maxAltitudeM].
 */
export const IMPOSSIBLE = { maxSpeedKmh: 500, minJumpKm: 1, minAltitudeM: -500, maxAltitudeM: 12_000, fastAircraftShare: 0.3 };

/**
 * Barometric altitude is replaced by GPS altitude when the two disagree beyond what pressure and the
 * geoid explain (docs/validation.md, "Altitude sources"): a median offset beyond maxOffsetM, or a
 * spread around that offset (90th percentile) beyond maxSpreadM. Needs minFixes with both.
 */
export const ALTITUDE_SOURCE = { maxOffsetM: 1000, maxSpreadM: 300, minFixes: 10 };

/** A date in a file name, as XCTrack and phone apps write it: 2024-07-14-…, 2024_07_14…, 20240714…. */
export function dateFromFilename(filename: string | undefined): string | null {
  const base = filename?.split(/[\\/]/).pop() ?? '';
  const m = /(?:^|\D)((?:19|20)\d{2})[-_.]?(\d{2})[-_.]?(\d{2})(?!\d)/.exec(base);
  if (!m) return null;
  const [, y, mo, d] = m;
  const date = `${y}-${mo}-${d}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(date) ? date : null;
}

/** Every spelling of the date header we have met: HFDTE140724, HFDTEDATE:140724,01, HFDTEDATE: 140724, HODTE…, HPDTE…. */
const DATE_HEADER = /^H[FOP]DTE(?:DATE)?\s*:?\s*(\d{2})(\d{2})(\d{2})\s*(?:,\s*(\d{1,2}))?/i;

function validDayMonth(dd: string, mm: string) {
  return Number(dd) >= 1 && Number(dd) <= 31 && Number(mm) >= 1 && Number(mm) <= 12;
}

/** Record letters igc-parser reads; a lower-case one is the same record. */
const RECORD = /^[abcdefghijkl]/;

function upperCaseRecord(line: string): string {
  const letter = line[0]!.toUpperCase();
  if (letter === 'L') return letter + line.slice(1);
  if (letter === 'H') {
    const colon = line.indexOf(':');
    return colon < 0 ? line.toUpperCase() : line.slice(0, colon).toUpperCase() + line.slice(colon);
  }
  return line.toUpperCase();
}

/**
 * The IGC text in the form igc-parser reads: one record per line, upper-case record letters, the date
 * header as `HFDTEDATE:ddmmyy`, an A record, a date (from the file name when the header has none).
 * Returns null for the date when neither the file nor its name has one.
 */
export function repairIgcText(text: string, filename?: string): { text: string; repairs: string[]; hasDate: boolean } {
  const repairs: string[] = [];
  if (text.startsWith('\uFEFF')) {
    text = text.slice(1);
    repairs.push(REPAIR.byteOrderMark);
  }
  if (text.includes('\r') && !text.includes('\n')) repairs.push(REPAIR.crLineEnds);
  let lowerCase = false;
  let hasA = false;
  let hasDate = false;
  const lines: string[] = [];
  for (let line of text.split(/\r\n|\r|\n/)) {
    line = line.trim();
    if (RECORD.test(line) && !/^l/.test(line)) {
      line = upperCaseRecord(line);
      lowerCase = true;
    }
    const date = DATE_HEADER.exec(line);
    if (/^H.DTE/i.test(line)) {
      // A date header we cannot use is dropped, so the file name can give the date.
      if (!date || !validDayMonth(date[1]!, date[2]!)) continue;
      line = `HFDTEDATE:${date[1]}${date[2]}${date[3]}${date[4] ? `,${date[4].padStart(2, '0')}` : ''}`;
      hasDate = true;
    }
    if (line.startsWith('A')) hasA = true;
    lines.push(line);
  }
  if (lowerCase) repairs.push(REPAIR.lowerCase);
  const head: string[] = [];
  if (!hasA) {
    head.push('AXXX');
    repairs.push(REPAIR.noARecord);
  }
  if (!hasDate) {
    const date = dateFromFilename(filename);
    if (date) {
      head.push(`HFDTEDATE:${date.slice(8, 10)}${date.slice(5, 7)}${date.slice(2, 4)}`);
      repairs.push(REPAIR.dateFromFilename);
      hasDate = true;
    }
  }
  return { text: [...head, ...lines].join('\n'), repairs, hasDate };
}

/**
 * An altitude spike: a jump faster than any glider climbs or dives (a paraglider's spiral sinks at
 * 20-25 m/s) and of at least 40 m, after which the altitude comes back within 5 fixes.
 */
export const SPIKE = { maxVerticalMs: 30, minJumpM: 40, maxFixes: 5 };

/** Fixes as read, one plain array per column (NaN for a missing value), before repairTrack. */
export interface ReadColumns {
  timesMs: number[];
  latitudesDeg: number[];
  longitudesDeg: number[];
  baroAltitudesM: number[];
  gpsAltitudesM: number[];
}

export const readColumns = (): ReadColumns => ({ timesMs: [], latitudesDeg: [], longitudesDeg: [], baroAltitudesM: [], gpsAltitudesM: [] });

/** Replaces altitude spikes of one sensor's column by the line between the good fixes around them; returns how many fixes. */
function smoothSpikes(time: Float64Array, z: Float64Array): number {
  const missing = (i: number) => Number.isNaN(z[i]!);
  const implausible = (a: number, b: number) => {
    const dz = Math.abs(z[b]! - z[a]!);
    return dz > SPIKE.minJumpM && dz / Math.max(1, (time[b]! - time[a]!) / 1000) > SPIKE.maxVerticalMs;
  };
  const n = time.length;
  let count = 0;
  let prev = -1;
  for (let i = 0; i < n; i++) {
    if (missing(i)) continue;
    if (prev < 0 || !implausible(prev, i)) {
      prev = i;
      continue;
    }
    let back = -1;
    for (let k = i + 1; k < n && k <= i + SPIKE.maxFixes; k++) {
      if (!missing(k) && !implausible(prev, k)) {
        back = k;
        break;
      }
    }
    if (back < 0) {
      prev = i; // a lasting step (a sensor reset, a gap): not a spike
      continue;
    }
    const a = prev;
    const b = back;
    for (let k = i; k < back; k++) {
      if (missing(k)) continue;
      const share = (time[k]! - time[a]!) / (time[b]! - time[a]!);
      z[k] = Math.round(z[a]! + share * (z[b]! - z[a]!));
      count++;
    }
    prev = back;
    i = back;
  }
  return count;
}

const validPosition = (time: number, latitude: number, longitude: number) =>
  Number.isFinite(time) && Number.isFinite(latitude) && Number.isFinite(longitude) && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 && !(latitude === 0 && longitude === 0);

const possibleAltitude = (v: number) => (Number.isNaN(v) || (v >= IMPOSSIBLE.minAltitudeM && v <= IMPOSSIBLE.maxAltitudeM) ? v : NaN);

/**
 * Drops fixes reached impossibly fast. The track is cut into stretches whose consecutive fixes are
 * possible; the longest stretch is the recording, and the others are kept only where they can be
 * reached from it in time (a logging gap), so a corrupt tail or a wrong first fix goes. `order` holds
 * indexes into the read columns; answers the indexes kept.
 */
function dropImpossibleFixes(c: ReadColumns, order: number[]): number[] {
  // A receiver that lost its fix repeats its last position (the altitude sensor runs on); when the fix
  // comes back the position catches up in one step. That step is measured from the first repeat, where
  // the aircraft really was last seen (2008-07-28-XPG-KVE-02.igc: 70 s on one spot, then 1.1 km in 2 s,
  // which dropped the last 20 minutes of the flight as impossible).
  const seenSince = new Map<number, number>();
  for (let k = 1; k < order.length; k++) {
    const [a, b] = [order[k - 1]!, order[k]!];
    if (c.latitudesDeg[a] === c.latitudesDeg[b] && c.longitudesDeg[a] === c.longitudesDeg[b]) seenSince.set(b, seenSince.get(a) ?? c.timesMs[a]!);
  }
  const possible = (a: number, b: number) => {
    const km = distanceKmOf(c.latitudesDeg[a]!, c.longitudesDeg[a]!, c.latitudesDeg[b]!, c.longitudesDeg[b]!);
    const since = seenSince.get(a) ?? c.timesMs[a]!;
    return km <= IMPOSSIBLE.minJumpKm || km / (Math.max(1, c.timesMs[b]! - since) / 3_600_000) <= IMPOSSIBLE.maxSpeedKmh;
  };
  const stretches: { start: number; end: number }[] = [];
  for (let i = 0; i < order.length; i++) {
    const last = stretches.at(-1);
    if (last && possible(order[i - 1]!, order[i]!)) last.end = i;
    else stretches.push({ start: i, end: i });
  }
  if (stretches.length <= 1) return order;
  // Most steps "impossible": not a corrupt stretch but an aircraft faster than any glider (an airliner
  // logged every few seconds). Kept whole, so detection can say what it is (docs/validation.md, "Powered").
  if (stretches.length > IMPOSSIBLE.fastAircraftShare * order.length) return order;
  let main = 0;
  stretches.forEach((s, k) => {
    if (s.end - s.start > stretches[main]!.end - stretches[main]!.start) main = k;
  });
  const keep = new Array<boolean>(stretches.length).fill(false);
  keep[main] = true;
  let edge = order[stretches[main]!.end]!;
  for (let k = main + 1; k < stretches.length; k++) {
    if (!possible(edge, order[stretches[k]!.start]!)) continue;
    keep[k] = true;
    edge = order[stretches[k]!.end]!;
  }
  edge = order[stretches[main]!.start]!;
  for (let k = main - 1; k >= 0; k--) {
    if (!possible(order[stretches[k]!.end]!, edge)) continue;
    keep[k] = true;
    edge = order[stretches[k]!.start]!;
  }
  return stretches.flatMap((s, k) => (keep[k] ? order.slice(s.start, s.end + 1) : []));
}

/** Largest disagreement (m) that makes the barometric altitude unusable, or null when it is usable. */
function baroDisagreement(baro: Float64Array, gps: Float64Array): number | null {
  const diffs: number[] = [];
  for (let i = 0; i < baro.length; i++) if (!Number.isNaN(baro[i]!) && baro[i] !== 0 && !Number.isNaN(gps[i]!)) diffs.push(baro[i]! - gps[i]!);
  if (diffs.length < ALTITUDE_SOURCE.minFixes) return null;
  diffs.sort((a, b) => a - b);
  const offset = diffs[diffs.length >> 1]!;
  const spread = diffs.map((d) => Math.abs(d - offset)).sort((a, b) => a - b);
  const p90 = spread[Math.floor(spread.length * 0.9)]!;
  if (Math.abs(offset) <= ALTITUDE_SOURCE.maxOffsetM && p90 <= ALTITUDE_SOURCE.maxSpreadM) return null;
  return Math.round(Math.max(Math.abs(diffs[0]!), Math.abs(diffs.at(-1)!)));
}

/**
 * Fixes as the analysis needs them, as the typed-array track: valid positions, in time order, one
 * per timestamp, no impossible fixes or altitudes, a usable altitude source, without altitude
 * spikes. Shared by IGC and GPX.
 */
/**
 * A fix without any altitude in a track that has altitudes (GPX points without <ele>, a sensor that
 * dropped out) takes the last known one, per sensor (the first known before any): read as 0 m it
 * made a phantom climb or sink of the whole height (corpus/gpx/phpgpx-endomondo.gpx, a hike at
 * 1,700 m with points without <ele>, was two flights). Returns how many fixes had no altitude at all.
 */
function fillAltitudeHoles(baro: Float64Array, gps: Float64Array): number {
  let none = 0;
  for (let k = 0; k < baro.length; k++) if (Number.isNaN(baro[k]!) && Number.isNaN(gps[k]!)) none++;
  for (const z of [baro, gps]) {
    const first = z.findIndex((v) => !Number.isNaN(v));
    if (first < 0) continue;
    let last = z[first]!;
    for (let k = 0; k < z.length; k++) {
      if (Number.isNaN(z[k]!)) z[k] = last;
      else last = z[k]!;
    }
  }
  const anyAltitude = baro.some((v) => !Number.isNaN(v)) || gps.some((v) => !Number.isNaN(v));
  return anyAltitude ? none : 0;
}

export function repairTrack(c: ReadColumns): { track: Track; repairs: string[] } {
  const repairs: string[] = [];
  const read = c.timesMs.length;
  const time = c.timesMs;
  let order: number[] = [];
  for (let i = 0; i < read; i++) if (validPosition(time[i]!, c.latitudesDeg[i]!, c.longitudesDeg[i]!)) order.push(i);
  if (order.length < read) repairs.push(REPAIR.invalidPositions(read - order.length));
  let outOfOrder = 0;
  for (let k = 1; k < order.length; k++) if (time[order[k]!]! < time[order[k - 1]!]!) outOfOrder++;
  if (outOfOrder) {
    order.sort((a, b) => time[a]! - time[b]!); // stable: repeated fixes keep their order
    repairs.push(REPAIR.outOfOrder(outOfOrder));
  }
  const valid = order.length;
  order = order.filter((i, k) => k === 0 || time[i] !== time[order[k - 1]!]);
  if (order.length < valid) repairs.push(REPAIR.repeated(valid - order.length));
  const unique = order.length;
  order = dropImpossibleFixes(c, order);
  if (order.length < unique) repairs.push(REPAIR.impossible(unique - order.length));
  const n = order.length;
  const column = (values: number[]) => {
    const out = new Float64Array(n);
    for (let k = 0; k < n; k++) out[k] = values[order[k]!]!;
    return out;
  };
  const track: Track = { timesMs: column(time), latitudesDeg: column(c.latitudesDeg), longitudesDeg: column(c.longitudesDeg), baroAltitudesM: null, gpsAltitudesM: null };
  const baro = column(c.baroAltitudesM);
  const gps = column(c.gpsAltitudesM);
  const disagreement = baroDisagreement(baro, gps);
  if (disagreement !== null) {
    // Everything downstream (metrics, profile, exports, achievements) reads the fixes: drop the column.
    baro.fill(NaN);
    repairs.push(REPAIR.baroReplaced(disagreement));
  }
  let badAltitudes = 0;
  for (const z of [baro, gps]) {
    for (let k = 0; k < n; k++) {
      const v = possibleAltitude(z[k]!);
      if (Number.isNaN(v) && !Number.isNaN(z[k]!)) {
        z[k] = NaN;
        badAltitudes++;
      }
    }
  }
  if (badAltitudes) repairs.push(REPAIR.impossibleAltitudes(badAltitudes));
  const spikes = smoothSpikes(track.timesMs, baro) + smoothSpikes(track.timesMs, gps);
  if (spikes) repairs.push(REPAIR.spikes(spikes));
  const filled = fillAltitudeHoles(baro, gps);
  if (filled) repairs.push(REPAIR.missingAltitudes(filled));
  const present = (z: Float64Array) => (z.some((v) => !Number.isNaN(v)) ? z : null);
  track.baroAltitudesM = present(baro);
  track.gpsAltitudesM = present(gps);
  return { track, repairs };
}
