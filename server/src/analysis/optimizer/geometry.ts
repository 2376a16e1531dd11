// A module binding: jest's sandbox looks each global up slowly (docs/testing.md, "Globals in jest's sandbox").
const Math = globalThis.Math;

/**
 * Distances exactly as igc-xc-score computes them (its default, the FCC flat-earth formula in km,
 * docs/scoring.md), its two roundings, and rigorous bounds of that formula over boxes of fixes.
 */

/** A track as parallel arrays: longitudes and latitudes in degrees, fix i at index i. */
export interface Track {
  x: Float64Array; // longitude, degrees
  y: Float64Array; // latitude, degrees
  n: number;
}

export function trackOf(fixes: readonly { latitude: number; longitude: number }[]): Track {
  const n = fixes.length;
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    x[i] = +fixes[i]!.longitude;
    y[i] = +fixes[i]!.latitude;
  }
  return { x, y, n };
}

const DEG = 180 / Math.PI;

/** The FCC distance in km between (x1, y1) and (x2, y2), operation for operation as igc-xc-score's Point.distanceEarthFCC. */
export function fcc(x1: number, y1: number, x2: number, y2: number): number {
  const df = y2 - y1;
  const dg = x2 - x1;
  const fm = (y1 + y2) / 2 / DEG;
  const cosfm = Math.cos(fm);
  const cos2fm = 2 * cosfm * cosfm - 1;
  const cos3fm = cosfm * (2 * cos2fm - 1);
  const cos4fm = 2 * cos2fm * cos2fm - 1;
  const cos5fm = 2 * cos2fm * cos3fm - cosfm;
  const k1 = 111.13209 - 0.566605 * cos2fm + 0.0012 * cos4fm;
  const k2 = 111.41513 * cosfm - 0.09455 * cos3fm + 0.00012 * cos5fm;
  return Math.sqrt(k1 * df * (k1 * df) + k2 * dg * (k2 * dg));
}

export const dist = (t: Track, a: number, b: number) => fcc(t.x[a]!, t.y[a]!, t.x[b]!, t.y[b]!);

/**
 * igc-xc-score rounds with parseFloat(v.toFixed(digits)). Math.round gives the same double except
 * within a hair of a half, where we ask toFixed itself (it rounds the exact binary value).
 */
function rounder(digits: number) {
  const scale = 10 ** digits;
  return (v: number) => {
    const s = v * scale;
    const f = s - Math.floor(s);
    if (f > 0.4999999 && f < 0.5000001) return parseFloat(v.toFixed(digits));
    return Math.round(s) / scale;
  };
}
export const round2 = rounder(2);
export const round1 = rounder(1);

// The FCC coefficients as functions of the mean latitude: k1 grows and k2 shrinks with |latitude|
// (their derivatives keep one sign on [0°, 90°]), so their extremes over a latitude interval lie at
// its ends. They are tabulated every 0.001° and read at the grid point on the safe side; a relative
// margin of 1e-9 covers the rounding of the formula itself.
function k1Of(absLatDeg: number) {
  const c = Math.cos(absLatDeg / DEG);
  const c2 = 2 * c * c - 1;
  return 111.13209 - 0.566605 * c2 + 0.0012 * (2 * c2 * c2 - 1);
}
function k2Of(absLatDeg: number) {
  const c = Math.cos(absLatDeg / DEG);
  const c2 = 2 * c * c - 1;
  const c3 = c * (2 * c2 - 1);
  return 111.41513 * c - 0.09455 * c3 + 0.00012 * (2 * c2 * c3 - c);
}
const STEPS = 1000; // per degree
const TOP = 90 * STEPS + 1;
const K1 = new Float64Array(TOP + 1);
const K2 = new Float64Array(TOP + 1);
for (let i = 0; i <= TOP; i++) {
  K1[i] = k1Of(Math.min(90, i / STEPS));
  K2[i] = Math.max(0, k2Of(Math.min(90, i / STEPS)));
}
/** k1 at least as large as anywhere up to |latitude| absMax. */
const k1Up = (absMax: number) => K1[Math.min(TOP, Math.ceil(absMax * STEPS))]!;
/** k2 at least as large as anywhere from |latitude| absMin. */
const k2Up = (absMin: number) => K2[Math.floor(absMin * STEPS)]!;
const k1Down = (absMin: number) => K1[Math.floor(absMin * STEPS)]!;
const k2Down = (absMax: number) => K2[Math.min(TOP, Math.ceil(absMax * STEPS))]!;
const UP = 1 + 1e-9;
const DOWN = 1 - 1e-9;

const absRange = (lo: number, hi: number): [number, number] => [lo <= 0 && hi >= 0 ? 0 : Math.min(Math.abs(lo), Math.abs(hi)), Math.max(Math.abs(lo), Math.abs(hi))];

/**
 * How much longer the FCC distance of a vector can be with its mean latitude anywhere in
 * [numLo, numHi] than anywhere in [denLo, denHi] (degrees): the largest ratio of either coefficient.
 * The FCC formula is a norm whose coefficients follow the mean latitude, so the triangle inequality
 * holds up to this factor.
 */
export function stretch(numLo: number, numHi: number, denLo: number, denHi: number): number {
  const [nMin, nMax] = absRange(numLo, numHi);
  const [dMin, dMax] = absRange(denLo, denHi);
  return Math.max(k1Up(nMax) / k1Down(dMin), k2Up(nMin) / k2Down(dMax)) * UP;
}

/**
 * The fewest km a degree of latitude and of longitude can measure in the FCC formula for a mean
 * latitude between lo and hi (degrees): [k1, k2], each at its small end.
 */
export function kmPerDegreeDown(lo: number, hi: number): [number, number] {
  const [min, max] = absRange(lo, hi);
  return [k1Down(min) * DOWN, k2Down(max) * DOWN];
}

/** Upper bound of the FCC distance between any point of box A and any point of box B. */
export function maxDistBoxes(ax1: number, ay1: number, ax2: number, ay2: number, bx1: number, by1: number, bx2: number, by2: number): number {
  const dg = Math.max(Math.abs(bx2 - ax1), Math.abs(ax2 - bx1));
  const df = Math.max(Math.abs(by2 - ay1), Math.abs(ay2 - by1));
  const lo = (ay1 + by1) / 2;
  const hi = (ay2 + by2) / 2;
  const absMax = Math.max(Math.abs(lo), Math.abs(hi));
  const absMin = lo <= 0 && hi >= 0 ? 0 : Math.min(Math.abs(lo), Math.abs(hi));
  const k1 = k1Up(absMax);
  const k2 = k2Up(absMin);
  return Math.sqrt(k1 * df * (k1 * df) + k2 * dg * (k2 * dg)) * UP;
}

/** Lower bound of the FCC distance between any point of box A and any point of box B. */
export function minDistBoxes(ax1: number, ay1: number, ax2: number, ay2: number, bx1: number, by1: number, bx2: number, by2: number): number {
  const dg = Math.max(0, bx1 - ax2, ax1 - bx2);
  const df = Math.max(0, by1 - ay2, ay1 - by2);
  if (dg === 0 && df === 0) return 0;
  const lo = (ay1 + by1) / 2;
  const hi = (ay2 + by2) / 2;
  const absMax = Math.max(Math.abs(lo), Math.abs(hi));
  const absMin = lo <= 0 && hi >= 0 ? 0 : Math.min(Math.abs(lo), Math.abs(hi));
  const k1 = k1Down(absMin);
  const k2 = k2Down(absMax);
  return Math.sqrt(k1 * df * (k1 * df) + k2 * dg * (k2 * dg)) * DOWN;
}

/**
 * Bounding boxes of any index range in O(1): sparse tables of the minima and maxima of x and y.
 */
export class RangeBoxes {
  private readonly levels: { x1: Float64Array; y1: Float64Array; x2: Float64Array; y2: Float64Array }[] = [];
  private readonly log: Uint8Array;

  constructor(t: Track) {
    const n = t.n;
    this.log = new Uint8Array(n + 1);
    for (let i = 2; i <= n; i++) this.log[i] = this.log[i >> 1]! + 1;
    this.levels.push({ x1: t.x, y1: t.y, x2: t.x, y2: t.y });
    for (let k = 1; 1 << k <= n; k++) {
      const prev = this.levels[k - 1]!;
      const len = n - (1 << k) + 1;
      const half = 1 << (k - 1);
      const cur = { x1: new Float64Array(len), y1: new Float64Array(len), x2: new Float64Array(len), y2: new Float64Array(len) };
      for (let i = 0; i < len; i++) {
        cur.x1[i] = Math.min(prev.x1[i]!, prev.x1[i + half]!);
        cur.y1[i] = Math.min(prev.y1[i]!, prev.y1[i + half]!);
        cur.x2[i] = Math.max(prev.x2[i]!, prev.x2[i + half]!);
        cur.y2[i] = Math.max(prev.y2[i]!, prev.y2[i + half]!);
      }
      this.levels.push(cur);
    }
  }

  /** Writes the box of fixes lo..hi (inclusive) into out[at..at+3] as x1, y1, x2, y2. */
  box(lo: number, hi: number, out: Float64Array, at: number) {
    const k = this.log[hi - lo + 1]!;
    const l = this.levels[k]!;
    const j = hi - (1 << k) + 1;
    out[at] = Math.min(l.x1[lo]!, l.x1[j]!);
    out[at + 1] = Math.min(l.y1[lo]!, l.y1[j]!);
    out[at + 2] = Math.max(l.x2[lo]!, l.x2[j]!);
    out[at + 3] = Math.max(l.y2[lo]!, l.y2[j]!);
  }
}

/**
 * The work a search may still do, in units of about one distance and its bounds (docs/scoring.md,
 * "Bounded time"): counted, not timed, so the same track always gets the same answer.
 */
export class Work {
  spent = 0;
  constructor(readonly limit: number) {}
  get out() {
    return this.spent > this.limit;
  }
}
