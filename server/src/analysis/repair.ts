import { distanceKm } from './geo';
import type { Fix } from './types';

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
};

/**
 * Fixes no aircraft we log can produce (docs/validation.md, "Impossible fixes"): a position reached
 * faster than maxSpeedKmh from the fix before, by more than minJumpKm (so GPS noise at 1 Hz never
 * counts); an altitude outside [minAltitudeM, maxAltitudeM].
 */
export const IMPOSSIBLE = { maxSpeedKmh: 500, minJumpKm: 1, minAltitudeM: -500, maxAltitudeM: 12_000 };

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

/** Replaces altitude spikes of one sensor by the line between the good fixes around them; returns how many fixes. */
function smoothSpikes(fixes: Fix[], key: 'baroAltitude' | 'gpsAltitude'): number {
  const implausible = (a: number, b: number) => {
    const dz = Math.abs(fixes[b]![key]! - fixes[a]![key]!);
    return dz > SPIKE.minJumpM && dz / Math.max(1, (fixes[b]!.time - fixes[a]!.time) / 1000) > SPIKE.maxVerticalMs;
  };
  let count = 0;
  let prev = -1;
  for (let i = 0; i < fixes.length; i++) {
    if (fixes[i]![key] === null) continue;
    if (prev < 0 || !implausible(prev, i)) {
      prev = i;
      continue;
    }
    let back = -1;
    for (let k = i + 1; k < fixes.length && k <= i + SPIKE.maxFixes; k++) {
      if (fixes[k]![key] !== null && !implausible(prev, k)) {
        back = k;
        break;
      }
    }
    if (back < 0) {
      prev = i; // a lasting step (a sensor reset, a gap): not a spike
      continue;
    }
    const a = fixes[prev]!;
    const b = fixes[back]!;
    for (let k = i; k < back; k++) {
      if (fixes[k]![key] === null) continue;
      const share = (fixes[k]!.time - a.time) / (b.time - a.time);
      fixes[k] = { ...fixes[k]!, [key]: Math.round(a[key]! + share * (b[key]! - a[key]!)) };
      count++;
    }
    prev = back;
    i = back;
  }
  return count;
}

const validPosition = (f: Fix) =>
  Number.isFinite(f.time) && Number.isFinite(f.latitude) && Number.isFinite(f.longitude) && Math.abs(f.latitude) <= 90 && Math.abs(f.longitude) <= 180 && !(f.latitude === 0 && f.longitude === 0);

const possibleAltitude = (v: number | null) => (v === null || (v >= IMPOSSIBLE.minAltitudeM && v <= IMPOSSIBLE.maxAltitudeM) ? v : null);

/**
 * Drops fixes reached impossibly fast. The track is cut into stretches whose consecutive fixes are
 * possible; the longest stretch is the recording, and the others are kept only where they can be
 * reached from it in time (a logging gap), so a corrupt tail or a wrong first fix goes.
 */
function dropImpossibleFixes(fixes: Fix[]): Fix[] {
  const possible = (a: Fix, b: Fix) => {
    const km = distanceKm(a, b);
    return km <= IMPOSSIBLE.minJumpKm || km / (Math.max(1, b.time - a.time) / 3_600_000) <= IMPOSSIBLE.maxSpeedKmh;
  };
  const stretches: { start: number; end: number }[] = [];
  for (let i = 0; i < fixes.length; i++) {
    const last = stretches.at(-1);
    if (last && possible(fixes[i - 1]!, fixes[i]!)) last.end = i;
    else stretches.push({ start: i, end: i });
  }
  if (stretches.length <= 1) return fixes;
  let main = 0;
  stretches.forEach((s, k) => {
    if (s.end - s.start > stretches[main]!.end - stretches[main]!.start) main = k;
  });
  const keep = new Array<boolean>(stretches.length).fill(false);
  keep[main] = true;
  let edge = fixes[stretches[main]!.end]!;
  for (let k = main + 1; k < stretches.length; k++) {
    if (!possible(edge, fixes[stretches[k]!.start]!)) continue;
    keep[k] = true;
    edge = fixes[stretches[k]!.end]!;
  }
  edge = fixes[stretches[main]!.start]!;
  for (let k = main - 1; k >= 0; k--) {
    if (!possible(fixes[stretches[k]!.end]!, edge)) continue;
    keep[k] = true;
    edge = fixes[stretches[k]!.start]!;
  }
  return stretches.flatMap((s, k) => (keep[k] ? fixes.slice(s.start, s.end + 1) : []));
}

/** Largest disagreement (m) that makes the barometric altitude unusable, or null when it is usable. */
function baroDisagreement(fixes: Fix[]): number | null {
  const both = fixes.filter((f) => f.baroAltitude !== null && f.baroAltitude !== 0 && f.gpsAltitude !== null);
  if (both.length < ALTITUDE_SOURCE.minFixes) return null;
  const diffs = both.map((f) => f.baroAltitude! - f.gpsAltitude!).sort((a, b) => a - b);
  const offset = diffs[diffs.length >> 1]!;
  const spread = diffs.map((d) => Math.abs(d - offset)).sort((a, b) => a - b);
  const p90 = spread[Math.floor(spread.length * 0.9)]!;
  if (Math.abs(offset) <= ALTITUDE_SOURCE.maxOffsetM && p90 <= ALTITUDE_SOURCE.maxSpreadM) return null;
  return Math.round(Math.max(Math.abs(diffs[0]!), Math.abs(diffs.at(-1)!)));
}

/**
 * Fixes as the analysis needs them: valid positions, in time order, one per timestamp, no impossible
 * fixes or altitudes, a usable altitude source, without altitude spikes. Shared by IGC and GPX.
 */
export function repairFixes(input: Fix[]): { fixes: Fix[]; repairs: string[] } {
  const repairs: string[] = [];
  const valid = input.filter(validPosition);
  if (valid.length < input.length) repairs.push(REPAIR.invalidPositions(input.length - valid.length));
  let outOfOrder = 0;
  for (let i = 1; i < valid.length; i++) if (valid[i]!.time < valid[i - 1]!.time) outOfOrder++;
  if (outOfOrder) {
    valid.sort((a, b) => a.time - b.time); // stable: repeated fixes keep their order
    repairs.push(REPAIR.outOfOrder(outOfOrder));
  }
  const unique = valid.filter((f, i) => i === 0 || f.time !== valid[i - 1]!.time);
  if (unique.length < valid.length) repairs.push(REPAIR.repeated(valid.length - unique.length));
  const possible = dropImpossibleFixes(unique);
  if (possible.length < unique.length) repairs.push(REPAIR.impossible(unique.length - possible.length));
  let fixes = possible;
  const disagreement = baroDisagreement(fixes);
  if (disagreement !== null) {
    // Everything downstream (metrics, profile, exports, achievements) reads the fixes: drop the column.
    fixes = fixes.map((f) => ({ ...f, baroAltitude: null }));
    repairs.push(REPAIR.baroReplaced(disagreement));
  }
  let badAltitudes = 0;
  fixes = fixes.map((f) => {
    const baroAltitude = possibleAltitude(f.baroAltitude);
    const gpsAltitude = possibleAltitude(f.gpsAltitude);
    if (baroAltitude === f.baroAltitude && gpsAltitude === f.gpsAltitude) return f;
    badAltitudes += Number(baroAltitude !== f.baroAltitude) + Number(gpsAltitude !== f.gpsAltitude);
    return { ...f, baroAltitude, gpsAltitude };
  });
  if (badAltitudes) repairs.push(REPAIR.impossibleAltitudes(badAltitudes));
  const spikes = smoothSpikes(fixes, 'baroAltitude') + smoothSpikes(fixes, 'gpsAltitude');
  if (spikes) repairs.push(REPAIR.spikes(spikes));
  return { fixes, repairs };
}
