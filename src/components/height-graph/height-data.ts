// Pure rules of the height profile (docs/product.md §2 Height graph); the component only draws what these return.
import type { TrackPoint } from '../../../contract/uploads';

/** Points without a timestamp are spaced this far apart. */
export const UNTIMED_SPACING_MS = 10_000;
/** The Y range reaches this share of the data's span beyond its lowest and highest value… */
export const Y_MARGIN = 0.05;
/** …and at least this many metres, so a flat track is not drawn as noise. */
export const Y_MIN_PAD_M = 10;
/** Chart height: 64 units of 4 px. */
export const CHART_HEIGHT = 256;

export interface ChartPoint {
  /** Index of the point in the track it came from (what the map highlights). */
  index: number;
  /** Milliseconds: the timestamp, or 10 s × position when the track has no timestamps. */
  x: number;
  baro: number;
  gps: number;
  timed: boolean;
}

export interface HeightSeries {
  points: ChartPoint[];
  hasBaro: boolean;
  hasGps: boolean;
  timed: boolean;
  yDomain: [number, number];
}

/**
 * Keeps the points that have a nonzero altitude or a timestamp (docs/product.md §3 Flight feature), places
 * untimed ones 10 s apart, and computes the Y range (docs/product.md §2 Height graph): the drawn values'
 * lowest to highest with a margin of 5 % of the span (at least 10 m) each side, never below 0, so a flight
 * from 1,210 m to 1,790 m fills the chart instead of lying flat on a range rounded to 0–2,000 m.
 */
export function heightSeries(track: readonly TrackPoint[] | undefined): HeightSeries {
  const points: ChartPoint[] = [];
  (track ?? []).forEach((p, index) => {
    const baro = p.baroAltitude ?? 0;
    const gps = p.gpsAltitude ?? 0;
    const timed = typeof p.timestamp === 'number' && Number.isFinite(p.timestamp);
    if (!baro && !gps && !timed) return;
    points.push({ index, x: timed ? p.timestamp! : points.length * UNTIMED_SPACING_MS, baro, gps, timed });
  });
  const timed = points.length > 0 && points.every((p) => p.timed);
  if (!timed) points.forEach((p, i) => (p.x = i * UNTIMED_SPACING_MS));
  const hasBaro = points.some((p) => p.baro > 0);
  const hasGps = points.some((p) => p.gps > 0);
  return { points, hasBaro, hasGps, timed, yDomain: yDomain(points) };
}

/** The Y range of the values the lines draw (only those above 0: a missing altitude comes as 0). */
function yDomain(points: readonly ChartPoint[]): [number, number] {
  let lowest = Infinity;
  let highest = -Infinity;
  for (const p of points) {
    for (const value of [p.baro, p.gps]) {
      if (value <= 0) continue;
      if (value < lowest) lowest = value;
      if (value > highest) highest = value;
    }
  }
  if (lowest > highest) return [0, Y_MIN_PAD_M];
  const pad = Math.max((highest - lowest) * Y_MARGIN, Y_MIN_PAD_M);
  return [Math.max(lowest - pad, 0), highest + pad];
}

/** The chart point nearest to x (points sorted by x), or null without points. */
export function nearestPoint(points: readonly ChartPoint[], x: number): ChartPoint | null {
  if (!points.length) return null;
  let lo = 0;
  let hi = points.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (points[mid]!.x < x) lo = mid + 1;
    else hi = mid;
  }
  const before = points[lo - 1];
  const at = points[lo]!;
  return before && x - before.x <= at.x - x ? before : at;
}

const pad = (n: number) => String(n).padStart(2, '0');

const formatters = new Map<string, Intl.DateTimeFormat>();
function clockFormat(timeZone: string, withSeconds: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${withSeconds}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: withSeconds ? '2-digit' : undefined, hourCycle: 'h23', timeZone });
    formatters.set(key, format);
  }
  return format;
}

/** HH:MM:SS of a timestamp in the flight's time zone (UTC when unknown). */
export function clockTime(ms: number, timeZone?: string | null, withSeconds = true): string {
  const date = new Date(ms);
  try {
    const parts = clockFormat(timeZone ?? 'UTC', withSeconds).formatToParts(date);
    const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
    return withSeconds ? `${get('hour')}:${get('minute')}:${get('second')}` : `${get('hour')}:${get('minute')}`;
  } catch {
    return withSeconds ? `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}` : `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
  }
}

/** Elapsed time h:mm for the axis of an untimed track. */
export function elapsed(ms: number): string {
  const minutes = Math.floor(ms / 60000);
  return `${Math.floor(minutes / 60)}:${pad(minutes % 60)}`;
}
