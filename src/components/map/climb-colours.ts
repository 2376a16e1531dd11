// Pure rules of the track coloured by climb rate; flight-map.ts only draws what these return.
import type { TrackPoint } from '../../../contract/uploads';

/** Climb is averaged over this many seconds, so single-fix noise does not colour the track. */
export const CLIMB_WINDOW_S = 10;

/** Upper bounds (m/s) of each colour band, strong sink to strong climb; the last band takes the rest. */
export const CLIMB_BANDS: readonly { upTo: number; colour: string }[] = [
  { upTo: -3, colour: '#1f3fbf' },
  { upTo: -1.5, colour: '#2f7fe0' },
  { upTo: -0.5, colour: '#5fb8e8' },
  { upTo: 0.5, colour: '#9aa3ad' },
  { upTo: 1.5, colour: '#f2c230' },
  { upTo: 3, colour: '#f08a24' },
  { upTo: Infinity, colour: '#d62020' },
];

const altitudeOf = (p: TrackPoint) => p.baroAltitude || p.gpsAltitude || 0;

/** Climb rate (m/s) at each point: the altitude change over the window centred on it. */
export function climbRates(points: readonly TrackPoint[]): number[] {
  const half = (CLIMB_WINDOW_S * 1000) / 2;
  let lo = 0;
  let hi = 0;
  return points.map((p, i) => {
    const t = p.timestamp ?? i * 1000;
    while (lo < i && (points[lo]!.timestamp ?? lo * 1000) < t - half) lo += 1;
    if (hi < i) hi = i;
    while (hi + 1 < points.length && (points[hi + 1]!.timestamp ?? (hi + 1) * 1000) <= t + half) hi += 1;
    const dt = ((points[hi]!.timestamp ?? hi * 1000) - (points[lo]!.timestamp ?? lo * 1000)) / 1000;
    return dt > 0 ? (altitudeOf(points[hi]!) - altitudeOf(points[lo]!)) / dt : 0;
  });
}

export const bandOf = (climb: number) => CLIMB_BANDS.findIndex((b) => climb <= b.upTo);

/** The track cut into runs of one colour band: indexes from..to (inclusive, sharing their end points). */
export function climbRuns(points: readonly TrackPoint[]): { from: number; to: number; colour: string }[] {
  const rates = climbRates(points);
  const runs: { from: number; to: number; colour: string }[] = [];
  rates.forEach((rate, i) => {
    const colour = CLIMB_BANDS[bandOf(rate)]!.colour;
    const last = runs.at(-1);
    if (last && last.colour === colour) last.to = i;
    else runs.push({ from: Math.max(0, i - 1), to: i, colour });
  });
  return runs.filter((r) => r.to > r.from);
}

/** Index of the point nearest in time (points sorted by time), or null without timed points. */
export function indexAtTime(points: readonly TrackPoint[] | undefined, ms: number): number | null {
  if (!points?.length || points[0]!.timestamp === undefined) return null;
  let lo = 0;
  let hi = points.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((points[mid]!.timestamp ?? 0) < ms) lo = mid + 1;
    else hi = mid;
  }
  const before = points[lo - 1];
  return before && ms - (before.timestamp ?? 0) <= (points[lo]!.timestamp ?? 0) - ms ? lo - 1 : lo;
}
