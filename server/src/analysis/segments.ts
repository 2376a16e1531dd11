import { distanceKmOf, meanLongitude } from './geo';
import { SPIKE } from './repair';
import { altitudeAt, asTrack, distanceAt, hasBaroAt, type Track } from './track';
import type { Fix } from './types';

// A module binding: jest's sandbox looks each global up slowly (docs/testing.md, "Globals in jest's sandbox").
const Math = globalThis.Math;

/**
 * Flight detection. A fix counts as flying when, over a window of ±30 s around it, the glider moved
 * along its path faster than a walking pilot (12 km/h, measured on chords of at least 5 s so GPS jitter
 * on the ground does not add up) or climbed or sank faster than 1 m/s. Flying runs closer than
 * 3 minutes are one flight (a slow thermal in wind); longer pauses on the ground are landings.
 * Runs shorter than 30 s are noise. A flight whose fixes stop in the air and resume more than 60 s
 * later ends at the first fix after the gap, unless it is still flying after the gap. Every
 * threshold and the recordings behind it are in docs/validation.md.
 */
export const DETECTION = {
  windowS: 30,
  chordS: 5,
  minSpeedKmh: 12,
  minVerticalMs: 1,
  maxGroundPauseS: 180,
  minRunS: 30,
  dataGapS: 60,
  /** A run that resumes in the air after a logger gap and lasts at most this long is the glide to the landing of the same flight; a longer one is a flight of its own. */
  glideToLandingS: 600,
  /** A logging gap this long or shorter, flying on both sides, is bridged: one flight across it. */
  maxBridgedGapS: 30 * 60,
  /** ...when the distance covered in the gap needs no more than this speed, ... */
  maxGapSpeedKmh: 250,
  /** ...and the glider went somewhere in the gap: this far, or this much up or down (a logger that stops on the ground resumes where it stopped). */
  minGapKm: 1,
  minGapHeightM: 100,
  /** A pause this short between flying runs, with no still minute in it, is hovering or a slow descent. */
  hoverPauseS: 10 * 60,
  /** Still: for stillS, every fix within stillRadiusM of the first and within stillAltitudeM in height. */
  stillS: 60,
  stillRadiusM: 30,
  stillAltitudeM: 5,
  /**
   * A run that never leaves this radius, never covers a minute faster than stationaryMinuteKmh and
   * stays within this height band is a logger lying still (GPS and pressure noise), not a flight.
   */
  stationaryRadiusM: 250,
  stationaryMinuteKmh: 20,
  stationaryHeightM: 150,
  /** ...unless for hopAwayS in a row it was hopAwayM or more above or below its first fix: a short soaring hop that top-lands where it took off. */
  hopAwayM: 40,
  hopAwayS: 60,
  /** A GPX track (a phone, a watch, a bike computer) flew only where it climbed or sank this fast for a minute. */
  sustainedVerticalMs: 1,
  sustainedS: 60,
  /** No stored row, flight or not, is longer than this. */
  maxRowS: 24 * 3600,
  /** The moving part of a track that never flew: where its 30 s chords are faster than this. */
  movingSpeedKmh: 3,
  /** Powered: poweredS in a row faster than poweredKmh over the ground; no glider flies that fast (a sailplane's never-exceed speed is under 300 km/h). */
  poweredKmh: 350,
  poweredS: 180,
  /** A pause without a still minute in which every fix stayed this far above the flight's takeoff is hovering, not a landing (up to maxBridgedGapS). */
  hoverAboveLaunchM: 100,
  /** A run in which this share of the fixes repeat the position before them is a receiver without a fix. */
  frozenShare: 0.9,
  /** GPX with heart rate or cadence (a sports watch, a bike computer): the climb or sink must last this long. */
  fitnessSustainedS: 180,
};

/** Sentences for the file's reason when a detection rule changed what the pilot sees. */
export const DETECTION_NOTE = {
  powered: (kmh: number) => `Not a free flight: ground speed over ${DETECTION.poweredKmh} km/h for ${DETECTION.poweredS / 60} minutes (up to ${kmh} km/h), which no glider flies.`,
  frozen: 'A stretch where the position never changed (a receiver without a GPS fix) is not a flight.',
  fitness: `Heart rate or cadence on the points and no climb or sink of ${DETECTION.sustainedVerticalMs} m/s for ${DETECTION.fitnessSustainedS / 60} minutes: a run, a ride or a walk, not a flight.`,
};

/** What the detection needs to know of the file beyond its fixes. */
export interface DetectionOptions {
  /** GPX: written by general-purpose trackers, so a flight must show a sustained climb or sink. */
  gpx?: boolean;
  /** GPX with heart rate or cadence on its points: the climb or sink must last fitnessSustainedS. */
  fitness?: boolean;
}

/** A fix's height (track.ts altitudeAt for a track). */
export const altitudeOf = (f: Fix, useBaro: boolean) => (useBaro ? f.baroAltitude : f.gpsAltitude) ?? f.gpsAltitude ?? f.baroAltitude ?? 0;
export const hasBaro = (fixes: Fix[]) => fixes.some((f) => (f.baroAltitude ?? 0) > 0);

/** Flying or not, per fix. */
export function flyingMask(source: Track | readonly Fix[]): boolean[] {
  const t = asTrack(source);
  const time = t.timesMs;
  const useBaro = hasBaroAt(t);
  const n = time.length;
  // Cumulative path length over chords of >= chordS seconds.
  const along = new Float64Array(n);
  let anchor = 0;
  for (let i = 1; i < n; i++) {
    along[i] = along[i - 1]!;
    if (time[i]! - time[anchor]! >= DETECTION.chordS * 1000 || i === n - 1) {
      along[i] = along[anchor]! + distanceAt(t, anchor, i);
      for (let k = anchor + 1; k < i; k++) along[k] = along[anchor]!;
      anchor = i;
    }
  }
  const mask = new Array<boolean>(n).fill(false);
  let lo = 0;
  let hi = 0;
  const w = DETECTION.windowS * 1000;
  for (let i = 0; i < n; i++) {
    const ti = time[i]!;
    while (time[lo]! < ti - w) lo++;
    while (hi < n - 1 && time[hi + 1]! <= ti + w) hi++;
    const dt = (time[hi]! - time[lo]!) / 1000;
    if (dt <= 0) continue;
    const speed = ((along[hi]! - along[lo]!) / dt) * 3600;
    const vertical = (altitudeAt(t, hi, useBaro) - altitudeAt(t, lo, useBaro)) / dt;
    mask[i] = speed > DETECTION.minSpeedKmh || Math.abs(vertical) > DETECTION.minVerticalMs;
  }
  return mask;
}

export interface Segment {
  start: number; // fix index, inclusive
  end: number; // fix index, inclusive
}

/** Speed (km/h) and vertical speed (m/s) over the chord from fix i to the first fix >= chordS later. */
function chordMotion(t: Track, i: number, useBaro: boolean, forward: boolean) {
  const time = t.timesMs;
  let j = i;
  const step = forward ? 1 : -1;
  while (j + step >= 0 && j + step < time.length && Math.abs(time[j]! - time[i]!) < DETECTION.chordS * 1000) j += step;
  const dt = Math.abs(time[j]! - time[i]!) / 1000;
  if (dt === 0) return { speed: 0, vertical: 0 };
  return {
    speed: (distanceAt(t, i, j) / dt) * 3600,
    vertical: Math.abs(altitudeAt(t, j, useBaro) - altitudeAt(t, i, useBaro)) / dt,
  };
}

/** The ±30 s window blurs takeoff and landing: move both edges to where the glider really moves. */
function trimEdges(t: Track, run: Segment) {
  const useBaro = hasBaroAt(t);
  const still = (i: number, forward: boolean) => {
    const m = chordMotion(t, i, useBaro, forward);
    return m.speed <= DETECTION.minSpeedKmh && m.vertical <= DETECTION.minVerticalMs;
  };
  while (run.start < run.end && still(run.start, true)) run.start++;
  while (run.end > run.start && still(run.end, false)) run.end--;
}

const seconds = (t: Track, a: number, b: number) => (t.timesMs[b]! - t.timesMs[a]!) / 1000;

/** Between flying fixes a and b: the pause is one logging gap the glider flew across. */
function bridgeable(t: Track, a: number, b: number, useBaro: boolean): boolean {
  let gap = 0;
  let gapAt = -1;
  for (let k = a + 1; k <= b; k++) {
    const dt = seconds(t, k - 1, k);
    if (dt > gap) [gap, gapAt] = [dt, k];
  }
  if (gap <= DETECTION.dataGapS || gap > DETECTION.maxBridgedGapS) return false;
  if (seconds(t, a, b) - gap > DETECTION.maxGroundPauseS) return false;
  const km = distanceAt(t, gapAt - 1, gapAt);
  const height = Math.abs(altitudeAt(t, gapAt, useBaro) - altitudeAt(t, gapAt - 1, useBaro));
  return km / (gap / 3600) <= DETECTION.maxGapSpeedKmh && (km >= DETECTION.minGapKm || height >= DETECTION.minGapHeightM);
}

/** Somewhere between fixes a and b the logger stood still for a minute (a landing), or its fixes stopped. */
function stoodStill(t: Track, a: number, b: number, useBaro: boolean): boolean {
  for (let k = a + 1; k <= b; k++) if (seconds(t, k - 1, k) > DETECTION.dataGapS) return true;
  let lo = a;
  for (let hi = a; hi <= b; hi++) {
    while (seconds(t, lo, hi) > DETECTION.stillS) lo++;
    if (seconds(t, lo, hi) < DETECTION.stillS * 0.75) continue;
    let still = true;
    let top = -Infinity;
    let bottom = Infinity;
    for (let k = lo; k <= hi && still; k++) {
      const z = altitudeAt(t, k, useBaro);
      top = Math.max(top, z);
      bottom = Math.min(bottom, z);
      still = distanceAt(t, lo, k) * 1000 <= DETECTION.stillRadiusM && top - bottom <= DETECTION.stillAltitudeM;
    }
    if (still) return true;
  }
  return false;
}

/** A run that shows a flight: it left its spot or its height band, and for GPX it climbed or sank for a minute. */
function showsFlight(t: Track, run: Segment, useBaro: boolean, options: DetectionOptions, notes: string[]): boolean {
  const note = (n: string) => {
    if (!notes.includes(n)) notes.push(n);
    return false;
  };
  let repeats = 0;
  for (let k = run.start + 1; k <= run.end; k++) if (t.latitudesDeg[k] === t.latitudesDeg[k - 1] && t.longitudesDeg[k] === t.longitudesDeg[k - 1]) repeats++;
  if (repeats >= DETECTION.frozenShare * (run.end - run.start)) return note(DETECTION_NOTE.frozen);
  let fastest = 0;
  let fastFrom = -1;
  let poweredKmh = 0;
  for (let k = run.start + 1, lo = run.start; k <= run.end; k++) {
    while (seconds(t, lo, k) > 30) lo++;
    const dt = seconds(t, lo === k ? k - 1 : lo, k);
    const kmh = dt > 0 ? distanceAt(t, lo === k ? k - 1 : lo, k) / (dt / 3600) : 0;
    if (kmh > DETECTION.poweredKmh) {
      if (fastFrom < 0) fastFrom = k;
      fastest = Math.max(fastest, kmh);
      if (seconds(t, fastFrom, k) >= DETECTION.poweredS) poweredKmh = Math.max(poweredKmh, fastest);
    } else fastFrom = -1;
  }
  if (poweredKmh) return note(DETECTION_NOTE.powered(Math.round(poweredKmh / 10) * 10));
  let lat = 0;
  let top = -Infinity;
  let bottom = Infinity;
  // The height band without steps no glider makes (a stale altitude that jumps when the sensor wakes up).
  let z = 0;
  for (let k = run.start; k <= run.end; k++) {
    lat += t.latitudesDeg[k]!;
    if (k > run.start) {
      const dz = altitudeAt(t, k, useBaro) - altitudeAt(t, k - 1, useBaro);
      if (!(Math.abs(dz) > SPIKE.minJumpM && Math.abs(dz) / Math.max(1, seconds(t, k - 1, k)) > SPIKE.maxVerticalMs)) z += dz;
    }
    top = Math.max(top, z);
    bottom = Math.min(bottom, z);
  }
  const n = run.end - run.start + 1;
  const centreLat = lat / n;
  // across the antimeridian too (geo.ts meanLongitude)
  const centreLon = meanLongitude(t.longitudesDeg, run.start, run.end);
  let radius = 0;
  let minuteKmh = 0;
  let lo = run.start;
  for (let k = run.start; k <= run.end; k++) {
    radius = Math.max(radius, distanceKmOf(centreLat, centreLon, t.latitudesDeg[k]!, t.longitudesDeg[k]!) * 1000);
    while (seconds(t, lo, k) > DETECTION.sustainedS) lo++;
    const dt = seconds(t, lo, k);
    if (dt >= DETECTION.sustainedS * 0.75) minuteKmh = Math.max(minuteKmh, distanceAt(t, lo, k) / (dt / 3600));
  }
  const stationary =
    radius <= DETECTION.stationaryRadiusM && minuteKmh < DETECTION.stationaryMinuteKmh && top - bottom <= DETECTION.stationaryHeightM && !wentAway(t, run, useBaro);
  if (stationary) return false;
  if (!options.gpx) return true;
  const sustained = options.fitness ? DETECTION.fitnessSustainedS : DETECTION.sustainedS;
  lo = run.start;
  for (let hi = run.start; hi <= run.end; hi++) {
    while (seconds(t, lo, hi) > sustained) lo++;
    const dt = seconds(t, lo, hi);
    if (dt >= sustained * 0.75 && Math.abs(altitudeAt(t, hi, useBaro) - altitudeAt(t, lo, useBaro)) / dt >= DETECTION.sustainedVerticalMs) return true;
  }
  return options.fitness ? note(DETECTION_NOTE.fitness) : false;
}

/** For hopAwayS in a row every fix of the run was hopAwayM or more above or below its first fix (kiting and a logger lying still never are). */
function wentAway(t: Track, run: Segment, useBaro: boolean): boolean {
  const launch = altitudeAt(t, run.start, useBaro);
  let from = -1;
  for (let k = run.start; k <= run.end; k++) {
    if (Math.abs(altitudeAt(t, k, useBaro) - launch) < DETECTION.hopAwayM) from = -1;
    else if (from < 0) from = k;
    else if (seconds(t, from, k) >= DETECTION.hopAwayS) return true;
  }
  return false;
}

/** Every fix after `from` up to `to` stayed hoverAboveLaunchM above the takeoff fix: the glider never came down to stand. */
function stayedAboveLaunch(t: Track, takeoff: number, from: number, to: number, useBaro: boolean): boolean {
  const floor = altitudeAt(t, takeoff, useBaro) + DETECTION.hoverAboveLaunchM;
  for (let k = from; k <= to; k++) if (altitudeAt(t, k, useBaro) < floor) return false;
  return true;
}

/** Runs cut so that none lasts longer than a stored row may. */
function capLength(t: Track, runs: Segment[]): Segment[] {
  return runs.flatMap((r) => {
    const pieces: Segment[] = [];
    let start = r.start;
    for (let k = r.start; k <= r.end; k++) {
      if (seconds(t, start, k) > DETECTION.maxRowS) {
        pieces.push({ start, end: k - 1 });
        start = k;
      }
    }
    pieces.push({ start, end: r.end });
    return pieces.filter((p) => p.end > p.start);
  });
}

/** The flights in a recording, in time order; empty when it never left the ground. */
export function detectFlights(source: Track | readonly Fix[], options: DetectionOptions = {}, notes: string[] = []): Segment[] {
  const t = asTrack(source);
  const n = t.timesMs.length;
  const useBaro = hasBaroAt(t);
  const mask = flyingMask(t);
  let runs: Segment[] = [];
  for (let i = 0; i < n; i++) {
    if (!mask[i]) continue;
    const last = runs.at(-1);
    if (last && (seconds(t, last.end, i) <= DETECTION.maxGroundPauseS || bridgeable(t, last.end, i, useBaro))) last.end = i;
    else runs.push({ start: i, end: i });
  }
  for (const r of runs) trimEdges(t, r);
  // Hovering above launch or descending slowly in strong wind: a short pause in which the glider never stood still.
  runs = runs.reduce<Segment[]>((merged, r) => {
    const last = merged.at(-1);
    const pause = last ? seconds(t, last.end, r.start) : Infinity;
    // Up to hoverPauseS anywhere; up to maxBridgedGapS while it stayed well above its takeoff (a hang glider hovering on a ridge).
    const hovering =
      (pause <= DETECTION.hoverPauseS || (pause <= DETECTION.maxBridgedGapS && stayedAboveLaunch(t, last!.start, last!.end, r.start, useBaro))) && !stoodStill(t, last!.end, r.start, useBaro);
    if (last && hovering) last.end = r.end;
    else merged.push({ ...r });
    return merged;
  }, []);
  // A recording that breaks off in the air (logger gap) resumes where the glider landed: keep that fix.
  for (const r of runs) {
    if (r.end + 1 < n && t.timesMs[r.end + 1]! - t.timesMs[r.end]! > DETECTION.dataGapS * 1000) r.end += 1;
  }
  // ...unless it resumes still flying (a glide to the landing): the run after the gap is then the same
  // flight's end, not a second flight that took off in the air (docs/validation.md, "Takeoff and landing").
  runs = runs.reduce<Segment[]>((merged, r) => {
    const last = merged.at(-1);
    const resumedInAir = last && last.end > 0 && t.timesMs[last.end]! - t.timesMs[last.end - 1]! > DETECTION.dataGapS * 1000 && seconds(t, last.end, r.start) <= DETECTION.dataGapS && seconds(t, r.start, r.end) <= DETECTION.glideToLandingS;
    if (resumedInAir) last.end = r.end;
    else merged.push(r);
    return merged;
  }, []);
  runs = runs.filter((r) => seconds(t, r.start, r.end) >= DETECTION.minRunS && showsFlight(t, r, useBaro, options, notes));
  return capLength(t, runs);
}

/**
 * The part of a recording that never flew to store as its No Flight row: the piece between gaps of
 * hours with the longest path, from its first to its last moving fix, at most a day long.
 */
export function movingPart(source: Track | readonly Fix[]): Segment {
  const t = asTrack(source);
  const n = t.timesMs.length;
  const pieces: Segment[] = [];
  for (let i = 0; i < n; i++) {
    const last = pieces.at(-1);
    if (last && seconds(t, i - 1, i) <= DETECTION.maxBridgedGapS) last.end = i;
    else pieces.push({ start: i, end: i });
  }
  const length = (p: Segment) => {
    let km = 0;
    for (let k = p.start + 1; k <= p.end; k++) km += distanceAt(t, k - 1, k);
    return km;
  };
  let best = pieces[0]!;
  for (const p of pieces) if (length(p) > length(best)) best = p;
  // On chords of at least windowS, so GPS noise of a logger lying still does not count as moving.
  const moving = (i: number, forward: boolean) => {
    let j = i;
    while (Math.abs(seconds(t, i, j)) < DETECTION.windowS && (forward ? j < best.end : j > best.start)) j += forward ? 1 : -1;
    const dt = Math.abs(seconds(t, i, j));
    return dt > 0 && distanceAt(t, i, j) / (dt / 3600) > DETECTION.movingSpeedKmh;
  };
  let start = best.start;
  let end = best.end;
  while (start < end && !moving(start, true)) start++;
  while (end > start && !moving(end, false)) end--;
  if (end <= start) [start, end] = [best.start, best.end];
  return capLength(t, [{ start, end }])[0] ?? { start, end };
}
