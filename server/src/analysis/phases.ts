import type { FlightPhases, Glide, Thermal } from '../../../contract/phases';
import { bearingDeg, distanceKm, turnDeg } from './geo';
import { altitudeOf, hasBaro } from './segments';
import type { Fix } from './types';

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

function turnSteps(fixes: Fix[]): Step[] {
  const steps: Step[] = [];
  let prev = 0;
  let prevHeading: number | null = null;
  let prevHeadingTime = fixes[0]?.time ?? 0;
  for (let i = 1; i < fixes.length; i++) {
    if (fixes[i]!.time - fixes[prev]!.time < PHASES.chordS * 1000) continue;
    if (distanceKm(fixes[prev]!, fixes[i]!) * 1000 >= PHASES.minChordM) {
      const heading = bearingDeg(fixes[prev]!, fixes[i]!);
      if (prevHeading !== null) steps.push({ from: prev, to: i, turn: turnDeg(prevHeading, heading), dt: (fixes[i]!.time - prevHeadingTime) / 1000 });
      prevHeading = heading;
      prevHeadingTime = fixes[i]!.time;
    } else {
      prevHeading = null; // standing or hovering: no heading to turn from
    }
    prev = i;
  }
  return steps;
}

/** Per step: circling when the turn rate averaged over ±smoothingS is above the threshold. */
function circlingMask(fixes: Fix[], steps: Step[]): boolean[] {
  const sum = new Float64Array(steps.length + 1);
  steps.forEach((s, k) => (sum[k + 1] = sum[k]! + s.turn));
  const at = (k: number) => fixes[steps[k]!.to]!.time;
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
export function detectCircling(fixes: Fix[]): CirclingRun[] {
  const steps = turnSteps(fixes);
  const mask = circlingMask(fixes, steps);
  const spans: [number, number][] = [];
  for (let k = 0; k < steps.length; k++) {
    if (!mask[k]) continue;
    const last = spans.at(-1);
    if (last && (fixes[steps[k]!.from]!.time - fixes[steps[last[1]]!.to]!.time) / 1000 <= PHASES.recentreGapS) last[1] = k;
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
const seconds = (fixes: Fix[], a: number, b: number) => (fixes[b]!.time - fixes[a]!.time) / 1000;

/** Best climb over a vario window inside [start, end]; the whole stretch when it is shorter. */
function bestClimb(fixes: Fix[], alt: (f: Fix) => number, start: number, end: number): number {
  const overall = (alt(fixes[end]!) - alt(fixes[start]!)) / Math.max(1, seconds(fixes, start, end));
  let best = overall;
  let lo = start;
  for (let hi = start; hi <= end; hi++) {
    while (seconds(fixes, lo, hi) > PHASES.varioWindowS) lo++;
    const dt = seconds(fixes, lo, hi);
    if (dt >= PHASES.varioWindowS * 0.75) best = Math.max(best, (alt(fixes[hi]!) - alt(fixes[lo]!)) / dt);
  }
  return best;
}

/** Local flat metres around a reference latitude. */
function projector(latitude: number) {
  const kx = 111_320 * Math.cos((latitude * Math.PI) / 180);
  return (f: Fix) => ({ x: f.longitude * kx, y: f.latitude * 111_320 });
}

/** Wind from the drift of the circle centres: least-squares velocity of the centres over time. */
function windFromDrift(fixes: Fix[], run: CirclingRun): { windSpeed: number; windDirection: number } | null {
  if (run.circles.length < PHASES.windMinCircles) return null;
  const project = projector(fixes[run.start]!.latitude);
  const centres = run.circles.map(({ start, end }) => {
    let x = 0, y = 0, t = 0;
    for (let i = start; i < end; i++) {
      const p = project(fixes[i]!);
      x += p.x;
      y += p.y;
      t += fixes[i]!.time / 1000;
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

function toThermal(fixes: Fix[], alt: (f: Fix) => number, run: CirclingRun): Thermal {
  const entryAltitude = alt(fixes[run.start]!);
  const exitAltitude = alt(fixes[run.end]!);
  const gain = exitAltitude - entryAltitude;
  let lat = 0, lon = 0;
  for (let i = run.start; i <= run.end; i++) {
    lat += fixes[i]!.latitude;
    lon += fixes[i]!.longitude;
  }
  const n = run.end - run.start + 1;
  const wind = windFromDrift(fixes, run);
  return {
    startTime: iso(fixes[run.start]!.time),
    endTime: iso(fixes[run.end]!.time),
    startIndex: run.start,
    endIndex: run.end,
    entryAltitude: Math.round(entryAltitude),
    exitAltitude: Math.round(exitAltitude),
    gain: Math.round(gain),
    averageClimb: round(gain / Math.max(1, seconds(fixes, run.start, run.end)), 2),
    maxClimb: round(bestClimb(fixes, alt, run.start, run.end), 2),
    direction: run.left && run.right ? 'mixed' : run.left ? 'left' : 'right',
    turns: run.left + run.right,
    latitude: round(lat / n, 6),
    longitude: round(lon / n, 6),
    windSpeed: wind?.windSpeed ?? null,
    windDirection: wind?.windDirection ?? null,
  };
}

/** Path length on chords of at least 5 s, so GPS jitter does not add up to distance. */
function pathKm(fixes: Fix[], start: number, end: number): number {
  let km = 0;
  let anchor = start;
  for (let i = start + 1; i <= end; i++) {
    if (i === end || fixes[i]!.time - fixes[anchor]!.time >= 5000) {
      km += distanceKm(fixes[anchor]!, fixes[i]!);
      anchor = i;
    }
  }
  return km;
}

function toGlide(fixes: Fix[], alt: (f: Fix) => number, start: number, end: number): Glide {
  const distance = pathKm(fixes, start, end);
  const altitudeLoss = alt(fixes[start]!) - alt(fixes[end]!);
  return {
    startTime: iso(fixes[start]!.time),
    endTime: iso(fixes[end]!.time),
    startIndex: start,
    endIndex: end,
    distance: round(distance, 3),
    averageSpeed: round((distance / Math.max(1, seconds(fixes, start, end))) * 3600, 1),
    altitudeLoss: Math.round(altitudeLoss),
    glideRatio: altitudeLoss > 0 ? round((distance * 1000) / altitudeLoss, 1) : null,
  };
}

/** Thermals, glides and their summary for one flight's fixes; indexes are into the same fixes. */
export function analysePhases(fixes: Fix[]): PhaseAnalysis {
  const useBaro = hasBaro(fixes);
  const alt = (f: Fix) => altitudeOf(f, useBaro);
  const circling = fixes.length > 2 ? detectCircling(fixes) : [];
  const climbing = circling.filter((r) => alt(fixes[r.end]!) > alt(fixes[r.start]!));
  const thermals = climbing.map((r) => toThermal(fixes, alt, r));

  const glides: Glide[] = [];
  // Straight stretches: from takeoff to the first circling, between circlings, from the last to landing.
  const edges = [0, ...circling.flatMap((r) => [r.start, r.end]), fixes.length - 1];
  for (let k = 0; k + 1 < edges.length; k += 2) {
    const [start, end] = [edges[k]!, edges[k + 1]!];
    if (end > start && seconds(fixes, start, end) >= PHASES.minGlideS) glides.push(toGlide(fixes, alt, start, end));
  }

  const flightS = fixes.length > 1 ? seconds(fixes, 0, fixes.length - 1) : 0;
  const circlingS = circling.reduce((s, r) => s + seconds(fixes, r.start, r.end), 0);
  const thermalS = climbing.reduce((s, r) => s + seconds(fixes, r.start, r.end), 0);
  const thermalGain = thermals.reduce((s, t) => s + (alt(fixes[t.endIndex]!) - alt(fixes[t.startIndex]!)), 0);
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
