import { altitudeAt, asTrack, distanceAt, hasBaroAt, type Track } from './track';
import type { Fix } from './types';

// A module binding: jest's sandbox looks each global up slowly (docs/testing.md, "Globals in jest's sandbox").
const Math = globalThis.Math;

/** Vario window: climb rates are averaged over 20 s so sensor noise and single-fix spikes do not count. */
export const VARIO_WINDOW_S = 20;
/** How long after takeoff a launch's climb is measured (validation.ts, towWindowS). */
export const LAUNCH_WINDOW_S = 360;

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
  /** The most height gained within LAUNCH_WINDOW_S anywhere in the flight, m (an aerotow's or winch's climb). */
  launchClimbM: number;
}

/** Indexes of fixes resampled at no less than `seconds` apart. */
function sampleEvery(times: Float64Array, seconds: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < times.length; i++) if (!out.length || times[i]! - times[out.at(-1)!]! >= seconds * 1000) out.push(i);
  return out;
}

/** The flight's figures; circles come from the phase analysis, so they agree with its thermals. */
export function computeMetrics(source: Track | readonly Fix[], circles: Pick<FlightMetrics, 'leftCircles' | 'rightCircles'>): FlightMetrics {
  const t = asTrack(source);
  const time = t.timesMs;
  const n = time.length;
  const useBaro = hasBaroAt(t);
  const alt = (i: number) => altitudeAt(t, i, useBaro);
  const last = n - 1;

  let groundDistance = 0;
  for (let i = 1; i < n; i++) groundDistance += distanceAt(t, i - 1, i);

  let maxAltitude = -Infinity;
  let minAltitude = Infinity;
  for (let i = 0; i < n; i++) {
    maxAltitude = Math.max(maxAltitude, alt(i));
    minAltitude = Math.min(minAltitude, alt(i));
  }

  // Vario over a sliding window.
  let maxLift = 0;
  let maxSink = 0;
  let lo = 0;
  for (let hi = 0; hi < n; hi++) {
    while (time[hi]! - time[lo]! > VARIO_WINDOW_S * 1000) lo++;
    const dt = (time[hi]! - time[lo]!) / 1000;
    if (dt < VARIO_WINDOW_S * 0.75) continue;
    const v = (alt(hi) - alt(lo)) / dt;
    maxLift = Math.max(maxLift, v);
    maxSink = Math.min(maxSink, v);
  }

  // Elevation gain on 10 s samples, ignoring wiggles under 3 m.
  let elevationGain = 0;
  let floor = alt(0);
  let peak = floor;
  for (const i of sampleEvery(time, 10)) {
    const a = alt(i);
    if (a > peak) peak = a;
    if (peak - a > 3 || i === last) {
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
  const steps = sampleEvery(time, 30);
  for (let k = 1; k < steps.length; k++) speeds.push((distanceAt(t, steps[k - 1]!, steps[k]!) / ((time[steps[k]!]! - time[steps[k - 1]!]!) / 1000)) * 3600);

  // The most height gained within LAUNCH_WINDOW_S anywhere in the flight (sliding minimum of the altitude).
  let launchClimbM = 0;
  const lows: number[] = [];
  let head = 0;
  for (let i = 0; i <= last; i++) {
    while (lows.length > head && alt(lows[lows.length - 1]!) >= alt(i)) lows.pop();
    lows.push(i);
    while (time[i]! - time[lows[head]!]! > LAUNCH_WINDOW_S * 1000) head++;
    launchClimbM = Math.max(launchClimbM, alt(i) - alt(lows[head]!));
  }

  return {
    launchClimbM,
    flightTime: Math.round((time[last]! - time[0]!) / 1000),
    groundDistance,
    maxAltitude,
    minAltitude,
    startHeight: alt(0),
    endHeight: alt(last),
    elevationGain,
    maxLift,
    maxSink,
    leftCircles: circles.leftCircles,
    rightCircles: circles.rightCircles,
    speeds,
  };
}
