import { bearingDeg, distanceKm, turnDeg } from './geo';
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

export function computeMetrics(fixes: Fix[]): FlightMetrics {
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

  // Thermalling turns: accumulate heading change on 3 s chords; straight flight resets the count.
  let leftCircles = 0;
  let rightCircles = 0;
  const chords = sampleEvery(fixes, 3);
  let acc = 0;
  let prevHeading: number | null = null;
  for (let i = 1; i < chords.length; i++) {
    const a = chords[i - 1]!;
    const b = chords[i]!;
    if (distanceKm(a, b) < 0.005) continue; // too short to give a heading
    const heading = bearingDeg(a, b);
    if (prevHeading !== null) {
      const turn = turnDeg(prevHeading, heading);
      const rate = Math.abs(turn) / ((b.time - a.time) / 1000);
      if (rate < 4 || Math.sign(turn) !== Math.sign(acc)) acc = 0;
      if (rate >= 4) acc += turn;
      if (acc >= 360) {
        rightCircles++;
        acc -= 360;
      } else if (acc <= -360) {
        leftCircles++;
        acc += 360;
      }
    }
    prevHeading = heading;
  }

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
    leftCircles,
    rightCircles,
    speeds,
  };
}
