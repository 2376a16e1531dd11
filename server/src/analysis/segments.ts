import { distanceKm } from './geo';
import type { Fix } from './types';

/**
 * Flight detection. A fix counts as flying when, over a window of ±30 s around it, the glider moved
 * along its path faster than a walking pilot (12 km/h, measured on chords of at least 5 s so GPS jitter
 * on the ground does not add up) or climbed or sank faster than 1 m/s. Flying runs closer than
 * 3 minutes are one flight (a slow thermal in wind); longer pauses on the ground are landings.
 * Runs shorter than 30 s are noise. A flight whose fixes stop in the air and resume more than 60 s
 * later ends at the first fix after the gap. See docs/validation.md.
 */
export const DETECTION = {
  windowS: 30,
  chordS: 5,
  minSpeedKmh: 12,
  minVerticalMs: 1,
  maxGroundPauseS: 180,
  minRunS: 30,
  dataGapS: 60,
};

export const altitudeOf = (f: Fix, useBaro: boolean) => (useBaro ? f.baroAltitude : f.gpsAltitude) ?? f.gpsAltitude ?? f.baroAltitude ?? 0;
export const hasBaro = (fixes: Fix[]) => fixes.some((f) => (f.baroAltitude ?? 0) > 0);

/** Flying or not, per fix. */
export function flyingMask(fixes: Fix[]): boolean[] {
  const useBaro = hasBaro(fixes);
  const n = fixes.length;
  // Cumulative path length over chords of >= chordS seconds.
  const along = new Float64Array(n);
  let anchor = 0;
  for (let i = 1; i < n; i++) {
    along[i] = along[i - 1]!;
    if (fixes[i]!.time - fixes[anchor]!.time >= DETECTION.chordS * 1000 || i === n - 1) {
      along[i] = along[anchor]! + distanceKm(fixes[anchor]!, fixes[i]!);
      for (let k = anchor + 1; k < i; k++) along[k] = along[anchor]!;
      anchor = i;
    }
  }
  const mask = new Array<boolean>(n).fill(false);
  let lo = 0;
  let hi = 0;
  const w = DETECTION.windowS * 1000;
  for (let i = 0; i < n; i++) {
    const t = fixes[i]!.time;
    while (fixes[lo]!.time < t - w) lo++;
    while (hi < n - 1 && fixes[hi + 1]!.time <= t + w) hi++;
    const dt = (fixes[hi]!.time - fixes[lo]!.time) / 1000;
    if (dt <= 0) continue;
    const speed = ((along[hi]! - along[lo]!) / dt) * 3600;
    const vertical = (altitudeOf(fixes[hi]!, useBaro) - altitudeOf(fixes[lo]!, useBaro)) / dt;
    mask[i] = speed > DETECTION.minSpeedKmh || Math.abs(vertical) > DETECTION.minVerticalMs;
  }
  return mask;
}

export interface Segment {
  start: number; // fix index, inclusive
  end: number; // fix index, inclusive
}

/** Speed (km/h) and vertical speed (m/s) over the chord from fix i to the first fix >= chordS later. */
function chordMotion(fixes: Fix[], i: number, useBaro: boolean, forward: boolean) {
  let j = i;
  const step = forward ? 1 : -1;
  while (fixes[j + step] && Math.abs(fixes[j]!.time - fixes[i]!.time) < DETECTION.chordS * 1000) j += step;
  const dt = Math.abs(fixes[j]!.time - fixes[i]!.time) / 1000;
  if (dt === 0) return { speed: 0, vertical: 0 };
  return {
    speed: (distanceKm(fixes[i]!, fixes[j]!) / dt) * 3600,
    vertical: Math.abs(altitudeOf(fixes[j]!, useBaro) - altitudeOf(fixes[i]!, useBaro)) / dt,
  };
}

/** The ±30 s window blurs takeoff and landing: move both edges to where the glider really moves. */
function trimEdges(fixes: Fix[], run: Segment) {
  const useBaro = hasBaro(fixes);
  const still = (i: number, forward: boolean) => {
    const m = chordMotion(fixes, i, useBaro, forward);
    return m.speed <= DETECTION.minSpeedKmh && m.vertical <= DETECTION.minVerticalMs;
  };
  while (run.start < run.end && still(run.start, true)) run.start++;
  while (run.end > run.start && still(run.end, false)) run.end--;
}

/** The flights in a recording, in time order; empty when it never left the ground. */
export function detectFlights(fixes: Fix[]): Segment[] {
  const mask = flyingMask(fixes);
  const runs: Segment[] = [];
  for (let i = 0; i < fixes.length; i++) {
    if (!mask[i]) continue;
    const last = runs.at(-1);
    if (last && (fixes[i]!.time - fixes[last.end]!.time) / 1000 <= DETECTION.maxGroundPauseS) last.end = i;
    else runs.push({ start: i, end: i });
  }
  for (const r of runs) trimEdges(fixes, r);
  // A recording that breaks off in the air (logger gap) resumes where the glider landed: keep that fix.
  for (const r of runs) {
    const next = fixes[r.end + 1];
    if (next && next.time - fixes[r.end]!.time > DETECTION.dataGapS * 1000) r.end += 1;
  }
  return runs.filter((r) => (fixes[r.end]!.time - fixes[r.start]!.time) / 1000 >= DETECTION.minRunS);
}
