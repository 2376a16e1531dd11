import { distanceKm } from './geo';
import { altitudeOf, hasBaro } from './segments';
import type { Fix } from './types';

/** Vario window: climb rates are averaged over 20 s so sensor noise and single-fix spikes do not count. */
export const VARIO_WINDOW_S = 20;

export interface FlightMetrics {
  flightTime: number;
  groundDistance: number;
  maxAltitude: number;
  startHeight: number;
  endHeight: number;
  minAltitude: number;
  elevationGain: number;
  maxLift: number;
  maxSink: number;
  leftCircles: number;
  rightCircles: number;
  /** Ground speeds (km/h) over 30 s steps, for validation. */
  speeds: number[];
}

/** Fixes resampled at no less than `seconds` apart. */
function sampleEvery(fixes: Fix[], seconds: number): Fix[] {
  const out: Fix[] = [];
  for (const f of fixes) if (!out.length || f.time - out.at(-1)!.time >= seconds * 1000) out.push(f);
  return out;
}

/** The flight's figures; circles come from the phase analysis, so they agree with its thermals. */
export function computeMetrics(fixes: Fix[], circles: Pick<FlightMetrics, 'leftCircles' | 'rightCircles'>): FlightMetrics {
  const useBaro = hasBaro(fixes);
  const alt = (f: Fix) => altitudeOf(f, useBaro);
  const first = fixes[0]!;
  const last = fixes.at(-1)!;

  let groundDistance = 0;
  for (let i = 1; i < fixes.length; i++) groundDistance += distanceKm(fixes[i - 1]!, fixes[i]!);

  let maxAltitude = -Infinity;
  let minAltitude = Infinity;
  for (const f of fixes) {
    maxAltitude = Math.max(maxAltitude, alt(f));
    minAltitude = Math.min(minAltitude, alt(f));
  }

  // Vario over a sliding window.
  let maxLift = 0;
  let maxSink = 0;
  let lo = 0;
  for (let hi = 0; hi < fixes.length; hi++) {
    while (fixes[hi]!.time - fixes[lo]!.time > VARIO_WINDOW_S * 1000) lo++;
    const dt = (fixes[hi]!.time - fixes[lo]!.time) / 1000;
    if (dt < VARIO_WINDOW_S * 0.75) continue;
    const v = (alt(fixes[hi]!) - alt(fixes[lo]!)) / dt;
    maxLift = Math.max(maxLift, v);
    maxSink = Math.min(maxSink, v);
  }

  // Elevation gain on 10 s samples, ignoring wiggles under 3 m.
  let elevationGain = 0;
  let floor = alt(first);
  let peak = floor;
  for (const f of sampleEvery(fixes, 10)) {
    const a = alt(f);
    if (a > peak) peak = a;
    if (peak - a > 3 || f === fixes.at(-1)) {
      if (peak - floor > 3) elevationGain += peak - floor;
      floor = a;
      peak = a;
    }
    if (a < floor) {
      floor = a;
      peak = a;
    }
  }
  if (peak - floor > 3) elevationGain += peak - floor;

  const speeds: number[] = [];
  const steps = sampleEvery(fixes, 30);
  for (let i = 1; i < steps.length; i++) speeds.push((distanceKm(steps[i - 1]!, steps[i]!) / ((steps[i]!.time - steps[i - 1]!.time) / 1000)) * 3600);

  return {
    flightTime: Math.round((last.time - first.time) / 1000),
    groundDistance,
    maxAltitude,
    minAltitude,
    startHeight: alt(first),
    endHeight: alt(last),
    elevationGain,
    maxLift,
    maxSink,
    leftCircles: circles.leftCircles,
    rightCircles: circles.rightCircles,
    speeds,
  };
}
