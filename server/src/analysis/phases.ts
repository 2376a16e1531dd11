import type { FlightPhases, Glide, Thermal } from '../../../contract/phases';
import { meanLongitude, turnDeg, unwrapLongitudes } from './geo';
import { altitudeAt, asTrack, bearingAt, distanceAt, hasBaroAt, type Track } from './track';
import type { Fix } from './types';

// A module binding: jest's sandbox looks each global up slowly (docs/testing.md, "Globals in jest's sandbox").
const Math = globalThis.Math;

/**
 * Thermals and glides. Headings are measured on chords of at least 3 s (shorter chords at 1 Hz are
 * mostly GPS noise); a stretch is circling while the turn rate averaged over ±10 s stays above 4°/s
 * (a paraglider circles at 12-20°/s, a glide wanders at under 2°/s); straightening for up to 15 s
 * to re-centre keeps one circling stretch. A circling stretch with at least one full turn and a net
 * climb is a thermal; the straight stretches between circling of at least 30 s are glides. See
 * docs/validation.md.
 */
export const PHASES = {
  chordS: 3,
  minChordM: 5,
  smoothingS: 10,
  circlingRateDegS: 4,
  recentreGapS: 15,
  minGlideS: 30,
  varioWindowS: 20,
  /** Circle centres needed, spanning at least this long, to measure the drift. */
  windMinCircles: 2,
  windMinSpanS: 40,
};

/** One step between two chord samples: the turn from the previous heading, ending at fix `to`. */
interface Step {
  from: number;
  to: number;
  turn: number; // degrees, positive = right
  dt: number; // s since the previous heading
}

export interface CirclingRun {
  start: number; // fix index
  end: number; // fix index
  left: number;
  right: number;
  /** Fix index ranges of each complete circle, for the drift. */
  circles: { start: number; end: number }[];
}

export interface PhaseAnalysis {
  phases: FlightPhases;
  /** Full circles inside thermals, by direction (the flight's leftCircles/rightCircles). */
  leftCircles: number;
  rightCircles: number;
}

function turnSteps(t: Track): Step[] {
  const time = t.timesMs;
  const steps: Step[] = [];
  let prev = 0;
  let prevHeading: number | null = null;
  let prevHeadingTime = time.length ? time[0]! : 0;
  for (let i = 1; i < time.length; i++) {
    if (time[i]! - time[prev]! < PHASES.chordS * 1000) continue;
    if (distanceAt(t, prev, i) * 1000 >= PHASES.minChordM) {
      const heading = bearingAt(t, prev, i);
      if (prevHeading !== null) steps.push({ from: prev, to: i, turn: turnDeg(prevHeading, heading), dt: (time[i]! - prevHeadingTime) / 1000 });
      prevHeading = heading;
      prevHeadingTime = time[i]!;
    } else {
      prevHeading = null; // standing or hovering: no heading to turn from
    }
    prev = i;
  }
  return steps;
}

/** Per step: circling when the turn rate averaged over ±smoothingS is above the threshold. */
function circlingMask(t: Track, steps: Step[]): boolean[] {
  const sum = new Float64Array(steps.length + 1);
  steps.forEach((s, k) => (sum[k + 1] = sum[k]! + s.turn));
  const at = (k: number) => t.timesMs[steps[k]!.to]!;
  const mask: boolean[] = [];
  let lo = 0;
  let hi = 0;
  for (let k = 0; k < steps.length; k++) {
    const t = at(k);
    while (at(lo) < t - PHASES.smoothingS * 1000) lo++;
    while (hi < steps.length - 1 && at(hi + 1) <= t + PHASES.smoothingS * 1000) hi++;
    const span = (at(hi) - at(lo)) / 1000 + steps[lo]!.dt;
    mask.push(Math.abs((sum[hi + 1]! - sum[lo]!) / span) >= PHASES.circlingRateDegS);
  }
  return mask;
}

const stepRate = (s: Step) => Math.abs(s.turn) / s.dt;

/** Counts full circles in one run: turns accumulate per direction; a real turn the other way restarts. */
function countCircles(steps: Step[], first: number, last: number): Pick<CirclingRun, 'left' | 'right' | 'circles'> {
  let left = 0;
  let right = 0;
  const circles: CirclingRun['circles'] = [];
  let acc = 0;
  let circleStart = steps[first]!.from;
  for (let k = first; k <= last; k++) {
    const s = steps[k]!;
    if (acc !== 0 && Math.sign(s.turn) !== Math.sign(acc) && stepRate(s) >= PHASES.circlingRateDegS) {
      acc = 0;
      circleStart = s.from;
    }
    acc += s.turn;
    if (Math.abs(acc) >= 360) {
      if (acc > 0) right++;
      else left++;
      acc -= Math.sign(acc) * 360;
      circles.push({ start: circleStart, end: s.to });
      circleStart = s.to;
    }
  }
  return { left, right, circles };
}

/** Stretches of sustained turning with at least one full circle. */
export function detectCircling(source: Track | readonly Fix[]): CirclingRun[] {
  const t = asTrack(source);
  const steps = turnSteps(t);
  const mask = circlingMask(t, steps);
  const spans: [number, number][] = [];
  for (let k = 0; k < steps.length; k++) {
    if (!mask[k]) continue;
    const last = spans.at(-1);
    if (last && (t.timesMs[steps[k]!.from]! - t.timesMs[steps[last[1]]!.to]!) / 1000 <= PHASES.recentreGapS) last[1] = k;
    else spans.push([k, k]);
  }
  const runs: CirclingRun[] = [];
  for (let [first, last] of spans) {
    // The ±smoothingS average blurs the edges: start and end where the glider itself turns.
    while (first < last && stepRate(steps[first]!) < PHASES.circlingRateDegS) first++;
    while (last > first && stepRate(steps[last]!) < PHASES.circlingRateDegS) last--;
    const counted = countCircles(steps, first, last);
    if (counted.left + counted.right > 0) runs.push({ start: steps[first]!.from, end: steps[last]!.to, ...counted });
  }
  return runs;
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
const iso = (ms: number) => new Date(ms).toISOString();
const seconds = (t: Track, a: number, b: number) => (t.timesMs[b]! - t.timesMs[a]!) / 1000;

/** Best climb over a vario window inside [start, end]; the whole stretch when it is shorter. */
function bestClimb(t: Track, alt: (i: number) => number, start: number, end: number): number {
  const overall = (alt(end) - alt(start)) / Math.max(1, seconds(t, start, end));
  let best = overall;
  let lo = start;
  for (let hi = start; hi <= end; hi++) {
    while (seconds(t, lo, hi) > PHASES.varioWindowS) lo++;
    const dt = seconds(t, lo, hi);
    if (dt >= PHASES.varioWindowS * 0.75) best = Math.max(best, (alt(hi) - alt(lo)) / dt);
  }
  return best;
}

/** Wind from the drift of the circle centres: least-squares velocity of the centres over time. */
function windFromDrift(track: Track, run: CirclingRun): { windSpeed: number; windDirection: number } | null {
  if (run.circles.length < PHASES.windMinCircles) return null;
  // local flat metres around the thermal's first fix
  const kx = 111_320 * Math.cos((track.latitudesDeg[run.start]! * Math.PI) / 180);
  // continuous across the antimeridian (geo.ts unwrapLongitudes), indexed from the run's first fix
  const lon = unwrapLongitudes(track.longitudesDeg.subarray(run.start, run.end + 1));
  const centres = run.circles.map(({ start, end }) => {
    let x = 0, y = 0, t = 0;
    for (let i = start; i < end; i++) {
      x += lon[i - run.start]! * kx;
      y += track.latitudesDeg[i]! * 111_320;
      t += track.timesMs[i]! / 1000;
    }
    const n = Math.max(1, end - start);
    return { x: x / n, y: y / n, t: t / n };
  });
  const span = centres.at(-1)!.t - centres[0]!.t;
  if (span < PHASES.windMinSpanS) return null;
  const mean = (f: (c: (typeof centres)[number]) => number) => centres.reduce((s, c) => s + f(c), 0) / centres.length;
  const mt = mean((c) => c.t), mx = mean((c) => c.x), my = mean((c) => c.y);
  const var_t = mean((c) => (c.t - mt) ** 2);
  const vx = mean((c) => (c.t - mt) * (c.x - mx)) / var_t;
  const vy = mean((c) => (c.t - mt) * (c.y - my)) / var_t;
  const towards = (Math.atan2(vx, vy) * 180) / Math.PI;
  return { windSpeed: round(Math.hypot(vx, vy) * 3.6, 1), windDirection: Math.round((towards + 180 + 360) % 360) % 360 };
}

function toThermal(t: Track, alt: (i: number) => number, run: CirclingRun): Thermal {
  const entryAltitude = alt(run.start);
  const exitAltitude = alt(run.end);
  const gain = exitAltitude - entryAltitude;
  let lat = 0;
  for (let i = run.start; i <= run.end; i++) lat += t.latitudesDeg[i]!;
  const lon = meanLongitude(t.longitudesDeg, run.start, run.end);
  const n = run.end - run.start + 1;
  const wind = windFromDrift(t, run);
  return {
    startTime: iso(t.timesMs[run.start]!),
    endTime: iso(t.timesMs[run.end]!),
    startIndex: run.start,
    endIndex: run.end,
    entryAltitude: Math.round(entryAltitude),
    exitAltitude: Math.round(exitAltitude),
    gain: Math.round(gain),
    averageClimb: round(gain / Math.max(1, seconds(t, run.start, run.end)), 2),
    maxClimb: round(bestClimb(t, alt, run.start, run.end), 2),
    direction: run.left && run.right ? 'mixed' : run.left ? 'left' : 'right',
    turns: run.left + run.right,
    latitude: round(lat / n, 6),
    longitude: round(lon, 6),
    windSpeed: wind?.windSpeed ?? null,
    windDirection: wind?.windDirection ?? null,
  };
}

/** Path length on chords of at least 5 s, so GPS jitter does not add up to distance. */
function pathKm(t: Track, start: number, end: number): number {
  let km = 0;
  let anchor = start;
  for (let i = start + 1; i <= end; i++) {
    if (i === end || t.timesMs[i]! - t.timesMs[anchor]! >= 5000) {
      km += distanceAt(t, anchor, i);
      anchor = i;
    }
  }
  return km;
}

function toGlide(t: Track, alt: (i: number) => number, start: number, end: number): Glide {
  const distance = pathKm(t, start, end);
  const altitudeLoss = alt(start) - alt(end);
  return {
    startTime: iso(t.timesMs[start]!),
    endTime: iso(t.timesMs[end]!),
    startIndex: start,
    endIndex: end,
    distance: round(distance, 3),
    averageSpeed: round((distance / Math.max(1, seconds(t, start, end))) * 3600, 1),
    altitudeLoss: Math.round(altitudeLoss),
    glideRatio: altitudeLoss > 0 ? round((distance * 1000) / altitudeLoss, 1) : null,
  };
}

/** Thermals, glides and their summary for one flight's fixes; indexes are into the same fixes. */
export function analysePhases(source: Track | readonly Fix[]): PhaseAnalysis {
  const t = asTrack(source);
  const n = t.timesMs.length;
  const useBaro = hasBaroAt(t);
  const alt = (i: number) => altitudeAt(t, i, useBaro);
  const circling = n > 2 ? detectCircling(t) : [];
  const climbing = circling.filter((r) => alt(r.end) > alt(r.start));
  const thermals = climbing.map((r) => toThermal(t, alt, r));

  const glides: Glide[] = [];
  // Straight stretches: from takeoff to the first circling, between circlings, from the last to landing.
  const edges = [0, ...circling.flatMap((r) => [r.start, r.end]), n - 1];
  for (let k = 0; k + 1 < edges.length; k += 2) {
    const [start, end] = [edges[k]!, edges[k + 1]!];
    if (end > start && seconds(t, start, end) >= PHASES.minGlideS) glides.push(toGlide(t, alt, start, end));
  }

  const flightS = n > 1 ? seconds(t, 0, n - 1) : 0;
  const circlingS = circling.reduce((s, r) => s + seconds(t, r.start, r.end), 0);
  const thermalS = climbing.reduce((s, r) => s + seconds(t, r.start, r.end), 0);
  const thermalGain = thermals.reduce((s, th) => s + (alt(th.endIndex) - alt(th.startIndex)), 0);
  // Over the glides that lost height: a stretch of ridge lift or wave is not a glide to average in.
  const descending = glides.filter((g) => g.altitudeLoss > 0);
  const glideKm = descending.reduce((s, g) => s + g.distance, 0);
  const glideLoss = descending.reduce((s, g) => s + g.altitudeLoss, 0);
  return {
    phases: {
      thermals,
      glides,
      summary: {
        circlingShare: flightS > 0 ? round(circlingS / flightS, 3) : 0,
        thermalCount: thermals.length,
        averageThermalClimb: thermalS > 0 ? round(thermalGain / thermalS, 2) : null,
        bestThermalClimb: thermals.length ? Math.max(...thermals.map((t) => t.averageClimb)) : null,
        glideRatio: glideLoss > 0 ? round((glideKm * 1000) / glideLoss, 1) : null,
      },
    },
    leftCircles: climbing.reduce((s, r) => s + r.left, 0),
    rightCircles: climbing.reduce((s, r) => s + r.right, 0),
  };
}
