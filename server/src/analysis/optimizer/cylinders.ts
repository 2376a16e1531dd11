import { kmPerDegreeDown, maxDistBoxes, minDistBoxes, round2, stretch } from './geometry';

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

export type Box = readonly [number, number, number, number]; // x1, y1, x2, y2

export const boxOf = (b: Float64Array, at: number): Box => [b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!];
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

/**
 * Where a point of box `p` can land when moved `km` away from an origin in box `o` (the
 * library's moveAway): p + km·(p − o)/d0 in degrees, d0 the FCC distance of p and o, by interval
 * arithmetic on p − o and d0 (a far origin box gives a narrow cone of directions, so a small box
 * of fixes moves as a small box), then grown by the floating-point error of the move.
 */
export function movedBox(p: Box, o: Box, km: number): Box | null {
  const dmin = minDist(p, o);
  const dmax = maxDist(p, o);
  const error = movedError(dmin, p, o);
  if (error === Infinity) return null;
  // d0 ≥ k1·|dy| and ≥ k2·|dx| at the mean latitude of p and o: no move exceeds km/k in degrees
  const [k1, k2] = kmPerDegreeDown((p[1] + o[1]) / 2, (p[3] + o[3]) / 2);
  const reach = (k: number) => (k > 0 ? (km * (1 + 1e-9)) / k : Infinity);
  const shift = (lo: number, hi: number, k: number): [number, number] => {
    const cap = reach(k);
    const a = lo >= 0 ? lo / dmax : dmin > 0 ? lo / dmin : -Infinity;
    const b = hi >= 0 ? (dmin > 0 ? hi / dmin : Infinity) : hi / dmax;
    return [Math.max(-cap, a * km * (1 + 1e-9) - 1e-12), Math.min(cap, b * km * (1 + 1e-9) + 1e-12)];
  };
  const [dx1, dx2] = shift(p[0] - o[2], p[2] - o[0], k2);
  const [dy1, dy2] = shift(p[1] - o[3], p[3] - o[1], k1);
  if (!Number.isFinite(dx1 + dx2 + dy1 + dy2)) return null;
  return widen([p[0] + dx1, p[1] + dy1, p[2] + dx2, p[3] + dy2], error);
}

/** A leg between two moved boxes as the library scores it: rounded to 10 m, less the 2 × km it takes off. */
const movedLeg = (a: Box, b: Box, km: number) => round2(maxDist(a, b) + 1e-9) - 2 * km;

/**
 * The most the sum of a triangle's moved legs (each rounded, less 2 × km) can be, its three
 * turnpoints in boxes b[0..3], b[4..7], b[8..11] (each moved away from the middle of the other two).
 */
export function triangleMovedLegs(b: Float64Array, km: number): number {
  const boxes = [boxOf(b, 0), boxOf(b, 4), boxOf(b, 8)];
  const moved = boxes.map((p, m) => movedBox(p, middle(boxes[(m + 2) % 3]!, boxes[(m + 1) % 3]!), km));
  let sum = 0;
  for (let m = 0; m < 3; m++) {
    const a = moved[m];
    const c = moved[(m + 1) % 3];
    if (!a || !c) return Infinity;
    sum += movedLeg(a, c, km);
  }
  return sum;
}

/** How far a free distance's start (or finish) may be from a box: the fix furthest from its turnpoint before (after) it; and the box it lies in. */
export interface EndLeg {
  lo: number;
  hi: number;
  box: Box;
}

/**
 * An open flight's three turnpoints, in boxes b[0..11], each moved away from the middle of its
 * neighbours (the start and finish in `start.box` and `finish.box`): three boxes, or null when a
 * move's floating-point error is unbounded there.
 */
export function openMovedTurnpoints(b: Float64Array, km: number, start: Box, finish: Box): Box[] | null {
  const boxes = [start, boxOf(b, 0), boxOf(b, 4), boxOf(b, 8), finish];
  const moved: Box[] = [];
  for (let m = 1; m <= 3; m++) {
    const box = movedBox(boxes[m]!, middle(boxes[m - 1]!, boxes[m + 1]!), km);
    if (!box) return null;
    moved.push(box);
  }
  return moved;
}

/**
 * The most the sum of an open flight's moved legs can be: the moved turnpoints' boxes, and the
 * start's and finish's distance to the moved first and last turnpoints (`first`, `last`, measured
 * against those moved boxes). A start moves straight away from the moved turnpoint, so its leg
 * grows by km (in the FCC of its own latitude) and the move's floating-point error.
 */
export function openMovedLegs(moved: Box[], km: number, first: EndLeg, last: EndLeg): number {
  let sum = movedLeg(moved[0]!, moved[1]!, km) + movedLeg(moved[1]!, moved[2]!, km);
  for (const [end, tp] of [
    [first, moved[0]!],
    [last, moved[2]!],
  ] as const) {
    const error = movedError(end.lo, end.box, tp);
    if (error === Infinity) return Infinity;
    const dy = (km * 1.01 + error) / 110.5;
    const lo = (end.box[1] + tp[1]) / 2;
    const hi = (end.box[3] + tp[3]) / 2;
    const s = stretch(lo - dy, hi + dy, lo, hi);
    sum += round2(s * (end.hi + km * (1 + 1e-6) + error) + 1e-9) - 2 * km;
  }
  return sum;
}

/** A box grown by `km` on every side (generously: 100 km per degree of latitude, a degree of longitude at the box's worst latitude). */
function widen(b: Box, km: number): Box {
  const dy = km / 100;
  const c = Math.cos((Math.min(89.9, absMax(b[1] - dy, b[3] + dy)) * Math.PI) / 180);
  const dx = km / (100 * c);
  return [b[0] - dx, b[1] - dy, b[2] + dx, b[3] + dy];
}
