import { prng } from '../../../scripts/prng';
import type { Fix } from '../../src/analysis/types';

// The optimizer's worst tracks, generated and seeded (docs/scoring.md): 1 Hz recordings where a
// branch-and-bound scorer finds the most near-ties to prove, long straight glides, hours of
// circling in one place, a whole day. Used by bench/worst-cases.ts, bench/score.ts and the
// optimizer's tests (shorter cuts of them).

export interface WorstCase {
  name: string;
  fixes: Fix[];
}

const T0 = Date.UTC(2024, 6, 14, 6, 0, 0);
const M_PER_DEG_LAT = 111_320;

/** Renders headings and speeds at 1 Hz from (lat, lon), with `noiseM` metres of seeded noise. */
class Pen {
  fixes: Fix[] = [];
  private lat: number;
  private lon: number;
  private alt = 2000;
  private readonly rand: () => number;
  constructor(
    lat: number,
    lon: number,
    seed: number,
    private readonly noiseM = 0,
  ) {
    this.lat = lat;
    this.lon = lon;
    this.rand = prng(seed);
    this.emit();
  }
  private emit() {
    const n = () => (this.rand() - 0.5) * 2 * this.noiseM;
    const lat = this.lat + n() / M_PER_DEG_LAT;
    const lon = this.lon + n() / (M_PER_DEG_LAT * Math.cos((this.lat * Math.PI) / 180));
    const alt = Math.round(this.alt);
    this.fixes.push({ time: T0 + this.fixes.length * 1000, latitude: lat, longitude: lon, baroAltitude: alt, gpsAltitude: alt });
  }
  private move(m: number, headingDeg: number) {
    const r = (headingDeg * Math.PI) / 180;
    this.lat += (m * Math.cos(r)) / M_PER_DEG_LAT;
    this.lon += (m * Math.sin(r)) / (M_PER_DEG_LAT * Math.cos((this.lat * Math.PI) / 180));
  }
  /** One second: `m` metres on `headingDeg`, `climb` metres up, then a fix. */
  step(m: number, headingDeg: number, climb = 0) {
    this.move(m, headingDeg);
    this.alt += climb;
    this.emit();
  }
  glide(seconds: number, speedMs: number, headingDeg: number) {
    for (let s = 0; s < seconds; s++) this.step(speedMs, headingDeg, -1);
  }
  /** Circles of `radiusM` (one every `turnS` seconds) drifting `driftMs` on `driftDeg`. */
  thermal(seconds: number, radiusM = 40, turnS = 24, driftMs = 0, driftDeg = 0) {
    const v = (2 * Math.PI * radiusM) / turnS;
    for (let s = 0; s < seconds; s++) {
      const heading = ((s % turnS) / turnS) * 360;
      if (driftMs) this.move(driftMs, driftDeg);
      this.step(v, heading, 1.5);
    }
  }
}

/** A ruler-straight glide of `km` over `seconds` at 1 Hz (seconds + 1 fixes), optional noise. */
export function straightGlide(km: number, seconds: number, noiseM = 0, seed = 1): Fix[] {
  const pen = new Pen(46, 7, seed, noiseM);
  pen.glide(seconds, (km * 1000) / seconds, 60);
  return pen.fixes;
}

/** Hours of circling in one place (a slow drift), then a short glide away. */
export function thermalThenGlide(thermalSeconds = 10_800, glideSeconds = 200, seed = 2): Fix[] {
  const pen = new Pen(46, 7, seed, 1);
  // the thermal drifts 0.02 m/s: 216 m in three hours
  pen.thermal(thermalSeconds, 40, 24, 0.02, 200);
  pen.glide(glideSeconds, 10, 20);
  return pen.fixes;
}

/** A long day at 1 Hz: thermals and glides on a wandering heading, `hours` long. */
export function longDay(hours = 14, seed = 3): Fix[] {
  const pen = new Pen(46, 7, seed, 2);
  const rand = prng(seed * 7919);
  let heading = 40;
  const total = hours * 3600;
  while (pen.fixes.length < total) {
    const left = total - pen.fixes.length;
    pen.thermal(Math.min(left, 120 + Math.floor(rand() * 240)), 40 + rand() * 40, 22 + Math.floor(rand() * 8), 1, 200);
    heading += (rand() - 0.5) * 90;
    pen.glide(Math.min(total - pen.fixes.length, 300 + Math.floor(rand() * 900)), 9 + rand() * 6, heading);
  }
  return pen.fixes.slice(0, total);
}

/** The worst cases of docs/scoring.md, each 1 Hz. */
export function worstCases(): WorstCase[] {
  return [
    { name: 'straight 600 km', fixes: straightGlide(600, 40_000) },
    { name: 'straight 600 km, 5 m noise', fixes: straightGlide(600, 40_000, 5, 11) },
    { name: 'thermal 3 h, glide 2 km', fixes: thermalThenGlide() },
    { name: 'straight 120 km, 2 h', fixes: straightGlide(120, 7_200, 0) },
    { name: 'day of 14 h', fixes: longDay() },
  ];
}
