import { maxDistBoxes, minDistBoxes, stretch } from './geometry';

/**
 * How much FAI cylinders (the library's adjustFAICylinders, circuits.ts moveAway) can add to the
 * legs of any flight whose points lie in given boxes (docs/scoring.md, "FAI cylinders").
 *
 * Each point moves `km` away from an origin (the middle of its neighbours, or for a free
 * distance's start and finish the moved turnpoint next to it). In exact arithmetic it moves exactly
 * `km`, so a leg grows by at most the two moves, which the 2 × km taken off each leg cancel, plus
 * the change of the FCC coefficients with the moved latitudes and one rounding step. In floating
 * point the library computes x = (1 − t)·origin + t·point with t = (d0 + km) / d0: when the point is
 * (numerically) on its origin, d0 is tiny, t enormous, and the moved point lands far from where it
 * should, by up to about 4·t·ε·|coordinates| (ε the double's epsilon). That is the degenerate
 * geometry (a turnpoint on the middle of its neighbours) a flat margin missed.
 */

const EPS = Number.EPSILON;
/** Past this many km of numerical error the node's bound is useless: it stays open until it splits. */
const HOPELESS = 1000;

type Box = readonly [number, number, number, number]; // x1, y1, x2, y2

const boxOf = (b: Float64Array, at: number): Box => [b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!];
const middle = (a: Box, b: Box): Box => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2, (a[3] + b[3]) / 2];
const minDist = (a: Box, b: Box) => minDistBoxes(a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3]);
const maxDist = (a: Box, b: Box) => maxDistBoxes(a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3]);
const absMin = (lo: number, hi: number) => (lo <= 0 && hi >= 0 ? 0 : Math.min(Math.abs(lo), Math.abs(hi)));
const absMax = (lo: number, hi: number) => Math.max(Math.abs(lo), Math.abs(hi));

/**
 * The most a point of box `p` can land off its intended place (km) when moved away from an origin
 * in box `o` at least `d0` km from it (and a different double, or the move gives NaN and the flight
 * scores nothing).
 */
function movedError(d0: number, p: Box, o: Box): number {
  const mx = Math.min(absMin(p[0], p[2]), absMin(o[0], o[2]));
  const my = Math.min(absMin(p[1], p[3]), absMin(o[1], o[3]));
  const Mx = Math.max(absMax(p[0], p[2]), absMax(o[0], o[2]));
  const My = Math.max(absMax(p[1], p[3]), absMax(o[1], o[3]));
  // two different doubles differ by at least half an ulp of the smaller magnitude, in one
  // coordinate at least (km per degree: k1 ≥ 110.5, k2 ≥ 111.42·cos(latitude) − 0.1)
  const k2Low = Math.max(0, 111.42 * Math.cos((Math.min(90, My) * Math.PI) / 180) - 0.1);
  const floor = (Math.min(110.5 * my, k2Low * mx) * EPS) / 2;
  const d = Math.max(d0, floor);
  if (!(d > 0)) return Infinity;
  const t = 1 + 0.41 / d;
  const error = 4 * t * EPS * (111.8 * My + 111.5 * Mx) + 1e-12;
  return error > HOPELESS ? Infinity : error;
}

/** A leg's growth from moving both ends (km, before the 2 × km taken off it). */
function growth(a: Box, b: Box, ea: number, eb: number, km: number): number {
  if (ea === Infinity || eb === Infinity) return Infinity;
  // the moved points' latitudes lie within (km + error) of the boxes' (110.5 km per degree at least)
  const dy = (km * 1.01 + Math.max(ea, eb)) / 110.5;
  const lo = (a[1] + b[1]) / 2;
  const hi = (a[3] + b[3]) / 2;
  const s = stretch(lo - dy, hi + dy, lo, hi);
  const leg = maxDist(a, b);
  // |a'b'| ≤ s·(|ab| + |aa'| + |bb'|), each move km·(1 + 1e-6) in the FCC of its own latitude, and one rounding step
  return (s - 1) * leg + s * (2 * km * (1 + 1e-6) + ea + eb) - 2 * km + 0.01 + 1e-9;
}

/**
 * The most the cylinders add to the sum of a triangle's legs, its three turnpoints in boxes
 * b[0..3], b[4..7], b[8..11] (each moved away from the middle of the other two).
 */
export function triangleGrowth(b: Float64Array, km: number): number {
  const boxes = [boxOf(b, 0), boxOf(b, 4), boxOf(b, 8)];
  const errors = boxes.map((p, m) => {
    const o = middle(boxes[(m + 2) % 3]!, boxes[(m + 1) % 3]!);
    return movedError(minDist(p, o), p, o);
  });
  let sum = 0;
  for (let m = 0; m < 3; m++) sum += growth(boxes[m]!, boxes[(m + 1) % 3]!, errors[m]!, errors[(m + 1) % 3]!, km);
  return sum;
}

/**
 * The same for an open flight: start, three turnpoints and finish in five boxes (b[0..19]); the
 * turnpoints move away from the middle of their neighbours, then start and finish away from the
 * moved first and last turnpoint.
 */
export function openGrowth(b: Float64Array, km: number): number {
  const boxes = [0, 1, 2, 3, 4].map((k) => boxOf(b, 4 * k));
  const errors = new Array<number>(5).fill(0);
  for (let m = 1; m <= 3; m++) {
    const o = middle(boxes[m - 1]!, boxes[m + 1]!);
    errors[m] = movedError(minDist(boxes[m]!, o), boxes[m]!, o);
  }
  for (const [end, tp] of [
    [0, 1],
    [4, 3],
  ] as const) {
    // the moved turnpoint is within km (and its error) of its box
    const e = errors[tp]!;
    const reach = e === Infinity ? Infinity : km * 1.01 + e;
    const o = widen(boxes[tp]!, reach);
    errors[end] = reach === Infinity ? Infinity : movedError(Math.max(0, minDist(boxes[end]!, boxes[tp]!) - reach), boxes[end]!, o);
  }
  let sum = 0;
  for (let m = 0; m < 4; m++) sum += growth(boxes[m]!, boxes[m + 1]!, errors[m]!, errors[m + 1]!, km);
  return sum;
}

/** A box grown by `km` on every side (generously: 100 km per degree of latitude, a degree of longitude at the box's worst latitude). */
function widen(b: Box, km: number): Box {
  const dy = km / 100;
  const c = Math.cos((Math.min(89.9, absMax(b[1] - dy, b[3] + dy)) * Math.PI) / 180);
  const dx = km / (100 * c);
  return [b[0] - dx, b[1] - dy, b[2] + dx, b[3] + dy];
}
