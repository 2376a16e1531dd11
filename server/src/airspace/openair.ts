import type { AirspaceLimit, UnreadLine } from '../../../contract/airspace';
import { readableActivationTime } from './activation';
import { bearingDeg, destination, distanceM, METRES_PER_FOOT, METRES_PER_NM } from './geometry';

/**
 * Our own OpenAir reader (the text format of varios and leagues; the SeeYou specification in
 * docs/airspace.md). Every airspace becomes a closed polygon once, here, so the check never
 * meets a circle or an arc. A line that cannot be read is listed with its number and the rest of
 * the file loads; limits keep a hostile file from taking the server's memory or time.
 */

/** A parsed airspace: its outline flat as lon0, lat0, lon1, lat1, …, closed. */
export interface ParsedAirspace {
  name: string;
  class: string;
  floor: AirspaceLimit;
  ceiling: AirspaceLimit;
  ring: number[];
  /** The type (`AY`) and activation times (`AA`) as the file writes them, when it does (activation.ts reads them). */
  type?: string;
  times?: string[];
}

export interface OpenAirResult {
  airspaces: ParsedAirspace[];
  unreadLines: UnreadLine[];
}

export const OPENAIR_LIMITS = {
  /** Lines longer than this are not OpenAir. */
  lineChars: 1000,
  /** Unread lines listed one by one; the rest are summed up in one last entry. */
  unreadListed: 200,
  /** Points in one outline and airspaces in one file (a country has a few thousand). */
  pointsPerShape: 20_000,
  shapes: 50_000,
  /** A circle or arc radius beyond this (nautical miles) is a typo, not an airspace. */
  radiusNm: 500,
};

/** Degrees between the points of a drawn arc or circle (72 points for a full circle). */
const ARC_STEP_DEG = 5;

const COORD = /(\d{1,3})\s*:\s*(\d{1,2}(?:\.\d+)?)(?:\s*:\s*(\d{1,2}(?:\.\d+)?))?\s*([NSEW])/gi;

/** Reads "47:25:52 N 007:46:41 E" or "45:15.531N 014:18.333E" (several per line for DB) as [lat, lon] pairs. */
export function parseCoordinates(text: string): [number, number][] | null {
  const values: { v: number; axis: 'lat' | 'lon' }[] = [];
  for (const m of text.matchAll(COORD)) {
    const deg = Number(m[1]);
    const min = Number(m[2]);
    const sec = m[3] === undefined ? 0 : Number(m[3]);
    if (min > 60 || sec > 60) return null;
    const hemi = m[4]!.toUpperCase();
    const v = (deg + min / 60 + sec / 3600) * (hemi === 'S' || hemi === 'W' ? -1 : 1);
    values.push({ v, axis: hemi === 'N' || hemi === 'S' ? 'lat' : 'lon' });
  }
  if (values.length === 0 || values.length % 2 !== 0) return null;
  const pairs: [number, number][] = [];
  for (let i = 0; i < values.length; i += 2) {
    const a = values[i]!, b = values[i + 1]!;
    if (a.axis !== 'lat' || b.axis !== 'lon' || Math.abs(a.v) > 90 || Math.abs(b.v) > 180) return null;
    pairs.push([a.v, b.v]);
  }
  return pairs;
}

/** Reads a floor or ceiling: SFC/GND, UNL, FL95, "2500ft AMSL", "1000 m AGL", "5000 STD" (pressure altitude in feet). */
export function parseLimit(raw: string): AirspaceLimit | null {
  const text = raw.trim();
  const s = text.toUpperCase().replace(/\s+/g, ' ');
  if (/^(SFC|GND|SURFACE|ASFC|AGND)$/.test(s) || /^0+ ?(FT|F|M)?$/.test(s)) return { reference: 'sfc', metres: 0, text };
  if (/^(UNL|UNLIM|UNLIMITED)( ?(FT|M|AMSL|MSL))*$/.test(s)) return { reference: 'unl', metres: 0, text };
  const fl = /^FL ?(\d{1,3})$/.exec(s);
  if (fl) return { reference: 'fl', metres: Number(fl[1]) * 100 * METRES_PER_FOOT, text };
  const m = /^(\d+(?:\.\d+)?) ?(FT|F|FEET|M|METERS?|METRES?)? ?(AMSL|MSL|ALT|AGL|AGND|GND|SFC|ASFC|STD)?$/.exec(s);
  if (!m) return null;
  const unit = m[2] ?? 'FT';
  const metres = Number(m[1]) * (unit.startsWith('M') ? 1 : METRES_PER_FOOT);
  const ref = m[3];
  if (ref === 'STD') return { reference: 'fl', metres, text };
  if (ref && /AGL|AGND|GND|SFC|ASFC/.test(ref)) return metres === 0 ? { reference: 'sfc', metres: 0, text } : { reference: 'agl', metres, text };
  return { reference: 'msl', metres, text };
}

/** Points along an arc around (lat, lon), from one true bearing to another, clockwise or not, ends included. */
function arcPoints(lat: number, lon: number, radiusM: number, fromDeg: number, toDeg: number, clockwise: boolean): [number, number][] {
  const norm = (a: number) => ((a % 360) + 360) % 360;
  let sweep = clockwise ? norm(toDeg - fromDeg) : -norm(fromDeg - toDeg);
  if (sweep === 0) sweep = clockwise ? 360 : -360;
  const steps = Math.max(1, Math.ceil(Math.abs(sweep) / ARC_STEP_DEG));
  const out: [number, number][] = [];
  for (let i = 0; i <= steps; i++) out.push(destination(lat, lon, norm(fromDeg + (sweep * i) / steps), radiusM));
  return out;
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

export function parseOpenAir(text: string): OpenAirResult {
  const airspaces: ParsedAirspace[] = [];
  const unread: UnreadLine[] = [];
  let unreadMore = 0;
  const fail = (line: number, message: string) => {
    if (unread.length < OPENAIR_LIMITS.unreadListed) unread.push({ line, message });
    else unreadMore++;
  };

  interface Draft { line: number; name: string; class: string; floor: AirspaceLimit | null; ceiling: AirspaceLimit | null; points: [number, number][]; full: boolean; type?: string; times?: string[] }
  let draft: Draft | null = null;
  let centre: [number, number] | null = null;
  let clockwise = true;

  const finish = () => {
    if (!draft) return;
    const d = draft;
    draft = null;
    if (d.full) return fail(d.line, `Airspace "${d.name}" has more than ${OPENAIR_LIMITS.pointsPerShape} points and was skipped.`);
    if (d.points.length < 3) return fail(d.line, `Airspace "${d.name}" has no outline (fewer than 3 points) and was skipped.`);
    if (!d.floor || !d.ceiling) return fail(d.line, `Airspace "${d.name}" has no ${d.floor ? 'ceiling (AH)' : 'floor (AL)'} and was skipped.`);
    if (airspaces.length >= OPENAIR_LIMITS.shapes) return fail(d.line, `More than ${OPENAIR_LIMITS.shapes} airspaces: the rest of the file was skipped.`);
    const ring: number[] = [];
    for (const [lat, lon] of d.points) ring.push(round6(lon), round6(lat));
    if (ring[0] !== ring[ring.length - 2] || ring[1] !== ring[ring.length - 1]) ring.push(ring[0]!, ring[1]!);
    airspaces.push({ name: d.name || 'Unnamed', class: d.class, floor: d.floor, ceiling: d.ceiling, ring, ...(d.type ? { type: d.type } : {}), ...(d.times ? { times: d.times } : {}) });
  };
  const add = (points: [number, number][]) => {
    if (!draft) return false;
    if (draft.points.length + points.length > OPENAIR_LIMITS.pointsPerShape) draft.full = true;
    else draft.points.push(...points);
    return true;
  };

  const lines = text.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const no = i + 1;
    let line = lines[i]!;
    if (i === 0) line = line.replace(/^\uFEFF/, '');
    if (line.length > OPENAIR_LIMITS.lineChars) {
      fail(no, 'The line is too long.');
      continue;
    }
    const star = line.indexOf('*');
    if (star >= 0) line = line.slice(0, star);
    line = line.trim();
    if (!line) continue;
    const cmd = /^([A-Za-z]{1,2})(?:\s+|$)(.*)$/.exec(line);
    if (!cmd) {
      fail(no, 'Not an OpenAir command.');
      continue;
    }
    const op = cmd[1]!.toUpperCase();
    const arg = cmd[2]!.trim();
    const needDraft = () => {
      if (draft) return true;
      fail(no, `${op} outside an airspace (no AC line before it).`);
      return false;
    };
    switch (op) {
      case 'AC':
        finish();
        if (!arg) fail(no, 'AC needs a class.');
        draft = { line: no, name: '', class: arg.toUpperCase().slice(0, 20) || '?', floor: null, ceiling: null, points: [], full: false };
        centre = null;
        clockwise = true;
        break;
      case 'AN':
        if (needDraft()) draft!.name = arg.slice(0, 200);
        break;
      case 'AL':
      case 'AH': {
        if (!needDraft()) break;
        const limit = parseLimit(arg);
        if (!limit) fail(no, `Cannot read the ${op === 'AL' ? 'floor' : 'ceiling'} "${arg}".`);
        else if (op === 'AL') draft!.floor = limit;
        else draft!.ceiling = limit;
        break;
      }
      case 'AY': {
        // A type outside an airspace says nothing: ignored, as before types were read.
        const d = draft as Draft | null;
        if (d && arg) d.type = arg.toUpperCase().slice(0, 20);
        break;
      }
      // Activation times (extended OpenAir): ISO 8601 UTC intervals, or NONE (active when announced).
      case 'AA':
        if (!needDraft()) break;
        if (!readableActivationTime(arg)) fail(no, `Cannot read the activation time "${arg.slice(0, 60)}" (AA start/end in UTC, or NONE).`);
        else if ((draft!.times ??= []).length < 50) draft!.times!.push(arg.trim());
        break;
      // Id, frequency, call sign, label, style, transponder code: nothing the check needs.
      case 'AI': case 'AF': case 'AG': case 'AR': case 'AT': case 'SP': case 'SB': case 'AX':
        break;
      case 'V': {
        const v = /^([XDWZ])\s*=\s*(.*)$/i.exec(arg);
        if (!v) {
          fail(no, `Unknown variable "${arg}".`);
          break;
        }
        const name = v[1]!.toUpperCase();
        if (name === 'X') {
          const c = parseCoordinates(v[2]!);
          if (!c || c.length !== 1) fail(no, 'Cannot read the centre (V X=).');
          else centre = c[0]!;
        } else if (name === 'D') {
          if (v[2]!.trim() === '+') clockwise = true;
          else if (v[2]!.trim() === '-') clockwise = false;
          else fail(no, 'V D= must be + or -.');
        }
        break;
      }
      case 'DP': {
        if (!needDraft()) break;
        const c = parseCoordinates(arg);
        if (!c || c.length !== 1) fail(no, 'Cannot read the point.');
        else add(c);
        break;
      }
      case 'DC': {
        if (!needDraft()) break;
        const r = Number(arg.replace(',', '.'));
        if (!centre) fail(no, 'DC without a centre (V X=).');
        else if (!Number.isFinite(r) || r <= 0 || r > OPENAIR_LIMITS.radiusNm) fail(no, `Cannot read the radius "${arg}".`);
        else add(arcPoints(centre[0], centre[1], r * METRES_PER_NM, 0, 360, true).slice(0, -1));
        break;
      }
      case 'DA': {
        if (!needDraft()) break;
        const parts = arg.split(',').map((p) => Number(p.trim()));
        if (!centre) fail(no, 'DA without a centre (V X=).');
        else if (parts.length !== 3 || !parts.every(Number.isFinite) || parts[0]! <= 0 || parts[0]! > OPENAIR_LIMITS.radiusNm) fail(no, 'DA needs radius, start and end angle.');
        else add(arcPoints(centre[0], centre[1], parts[0]! * METRES_PER_NM, parts[1]!, parts[2]!, clockwise));
        break;
      }
      case 'DB': {
        if (!needDraft()) break;
        const c = parseCoordinates(arg);
        if (!centre) fail(no, 'DB without a centre (V X=).');
        else if (!c || c.length !== 2) fail(no, 'DB needs two points.');
        else {
          const [[lat1, lon1], [lat2, lon2]] = c as [[number, number], [number, number]];
          const r = distanceM(centre[0], centre[1], lat1, lon1);
          if (r <= 0 || r > OPENAIR_LIMITS.radiusNm * METRES_PER_NM) fail(no, 'DB arc radius is out of range.');
          else {
            const from = bearingDeg(centre[0], centre[1], lat1, lon1);
            const to = bearingDeg(centre[0], centre[1], lat2, lon2);
            const arc = arcPoints(centre[0], centre[1], r, from, to, clockwise);
            // The file's own end points, exactly (the arc's radius to the second point may differ a little).
            add([[lat1, lon1], ...arc.slice(1, -1), [lat2, lon2]]);
          }
        }
        break;
      }
      default:
        fail(no, `Unknown command "${op}".`);
    }
  }
  finish();
  unread.sort((a, b) => a.line - b.line);
  if (unreadMore > 0) unread.push({ line: lines.length, message: `And ${unreadMore} more lines that could not be read.` });
  return { airspaces, unreadLines: unread };
}
