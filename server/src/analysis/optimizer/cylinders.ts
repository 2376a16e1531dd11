import { kmPerDegreeDown, maxDistBoxes, minDistBoxes, round2, stretch } from './geometry';

// A module binding: jest's sandbox looks each global up slowly (docs/testing.md, "Globals in jest's sandbox").
const Math = globalThis.Math;

/**
 * How much FAI cylinders (circuits.ts moveAway, the rule's move) can add to the legs of any flight
 * whose points lie in given boxes (docs/scoring.md, "FAI cylinders").
 *
 * Each point moves `km` away from an origin (the middle of its neighbours, or for a free
 * distance's start and finish the moved turnpoint next to it): p + km·(p − o)/d0. Floating point
 * computes p − o, d0 and km/d0 to a few ulps relative, which the 1e-9 relative slack of the moves
 * below covers for any d0 > 0 (the direction (p − o)/d0 stays bounded by 1/k per coordinate
 * however small d0 is), and the final addition to p within half an ulp of the coordinates: the
 * move's error is a hair, whatever the geometry. A point on its origin (d0 = 0) does not move.
 */

const EPS = Number.EPSILON;

export type Box = readonly [number, number, number, number]; // x1, y1, x2, y2

export const boxOf = (b: Float64Array, at: number): Box => [b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!];
const middle = (a: Box, b: Box): Box => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2, (a[3] + b[3]) / 2];
const minDist = (a: Box, b: Box) => minDistBoxes(a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3]);
const maxDist = (a: Box, b: Box) => maxDistBoxes(a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3]);
const absMax = (lo: number, hi: number) => Math.max(Math.abs(lo), Math.abs(hi));

/**
 * The most (km) a point moved from box `p` away from an origin in box `o` can land off the move
 * computed exactly: the rounding of the final additions, half an ulp of the largest coordinate
 * (counted four times over, km per degree at most 111.8 of latitude, 111.5 of longitude).
 */
function movedError(p: Box, o: Box): number {
  const Mx = Math.max(absMax(p[0], p[2]), absMax(o[0], o[2]));
  const My = Math.max(absMax(p[1], p[3]), absMax(o[1], o[3]));
  return 4 * EPS * (111.8 * My + 111.5 * Mx) + 1e-12;
}

/**
 * Where a point of box `p` can land when moved `km` away from an origin in box `o` (the
 * rule's moveAway): p + km·(p − o)/d0 in degrees, d0 the FCC distance of p and o, by interval
 * arithmetic on p − o and d0 (a far origin box gives a narrow cone of directions, so a small box
 * of fixes moves as a small box), then grown by the floating-point error of the move.
 */
export function movedBox(p: Box, o: Box, km: number): Box | null {
  const dmin = minDist(p, o);
  const dmax = maxDist(p, o);
  const error = movedError(p, o);
  // every point of p on its origin: none moves
  if (!(dmax > 0)) return widen(p, error);
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

/** How far a free distance's start (or finish) may be from a box (at most): the fix furthest from its turnpoint before (after) it; and the box it lies in. */
export interface EndLeg {
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
    const error = movedError(end.box, tp);
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
