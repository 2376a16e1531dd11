import { Closing } from './closing';
import { type Box, type EndLeg, boxOf, openMovedLegs, openMovedTurnpoints, triangleMovedLegs } from './cylinders';
import { type Track, type Work, RangeBoxes, dist as distImport, fcc as fccImport, maxDistBoxes as maxDistBoxesImport, minDistBoxes as minDistBoxesImport, round2 as round2Import } from './geometry';
import { type RuleEntry, closingLimit, closingPenalty, finalRound } from './rules';

// A module binding: jest's sandbox looks each global up slowly (docs/testing.md, "Globals in jest's sandbox").
const Math = globalThis.Math;

// local copies: the transpiled import is a getter, too slow in the inner loops
const dist = distImport;
const fcc = fccImport;
const maxDistBoxes = maxDistBoxesImport;
const minDistBoxes = minDistBoxesImport;
const round2 = round2Import;

/** Scores are rounded to 0.1 or 0.01: a bound within a hair of the best cannot beat it. */
const TIE = 1e-9;
/** Work units of one node of the search (its bounds), beside the closings it looks up (closing.ts); FAI cylinders' bounds cost more. */
const NODE_WORK = 12;
const CYLINDER_NODE_WORK = 40;
/** Steps of the search for a free distance's furthest start or finish in a node's bound. */
const FURTHEST_STEPS = 12;

export interface Candidate {
  entry: RuleEntry;
  score: number;
  /** km as the library reports it (after the final rounding, before the closing penalty). */
  distance: number;
  /** Turnpoints as fix indices; for FAI-OAR the second turnpoint is `middle`. */
  points: number[];
  /** FAI-OAR: the turnpoint in the middle of the closing fixes (lon, lat). */
  middle?: [number, number];
  /** Cylinder turnpoints moved off the track (lon, lat), in the order of `points`. */
  moved?: [number, number][];
  /** A free distance's start and finish fixes, and where cylinders moved them. */
  ends?: [number, number];
  movedEnds?: [[number, number], [number, number]];
  /** The closing pair of fixes (in, out). */
  closing?: [number, number];
  /** km of the closing pair. */
  closingDistance?: number;
  penalty?: number;
}

interface Node {
  e: number;
  r: Int32Array; // lo0, hi0, lo1, hi1, lo2, hi2
  bound: number;
}

/** A max-heap of nodes by bound. */
class Heap {
  private readonly items: Node[] = [];
  get size() {
    return this.items.length;
  }
  peek() {
    return this.items[0];
  }
  push(n: Node) {
    const a = this.items;
    a.push(n);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (a[p]!.bound >= n.bound) break;
      a[i] = a[p]!;
      i = p;
    }
    a[i] = n;
  }
  pop(): Node | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length && last) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= a.length) break;
        const r = l + 1;
        const c = r < a.length && a[r]!.bound > a[l]!.bound ? r : l;
        if (a[c]!.bound <= last.bound) break;
        a[i] = a[c]!;
        i = c;
      }
      a[i] = last;
    }
    return top;
  }
}

/**
 * Triangles and out-and-returns by branch and bound over ranges of fixes (one range per turnpoint),
 * best bound first, with rigorous bounds (geometry.ts), the closing's lower bound (closing.ts) and
 * `best` (the free distance's score, or any better score found) pruning everything that cannot
 * beat it. Returns the best candidate strictly above `best`, or null; `proven` is false when the
 * node budget ran out first.
 */
export function searchCircuits(t: Track, ranges: RangeBoxes, entries: RuleEntry[], best: number, work?: Work): { found: Candidate | null; proven: boolean; nodes: number; bound: number } {
  const closing = new Closing(t, ranges, work);
  const ctx = new Context(t, ranges, closing, work);
  const heap = new Heap();
  let found: Candidate | null = null;
  let nodes = 0;
  entries.forEach((entry, e) => {
    if (entry.kind === 'od' && !entry.cylinders) return;
    const tps = entry.kind === 'oar2' ? 2 : 3;
    const r = new Int32Array(6);
    for (let k = 0; k < tps; k++) {
      r[2 * k] = 0;
      r[2 * k + 1] = t.n - 1;
    }
    if (!normalise(r, tps)) return;
    const node = { e, r, bound: ctx.bound(entry, r) };
    if (node.bound > best + TIE) heap.push(node);
  });
  const consider = (c: Candidate | null) => {
    if (c && c.score > best + TIE) {
      best = c.score;
      found = c;
    }
  };
  while (heap.size) {
    const node = heap.pop()!;
    if (node.bound <= best + TIE) {
      // every node left bounds at most this
      return { found, proven: true, nodes, bound: best };
    }
    nodes++;
    if (work) {
      if (work.out) return { found, proven: false, nodes, bound: node.bound };
      work.spent += entries[node.e]!.cylinders ? CYLINDER_NODE_WORK : NODE_WORK;
    }
    const entry = entries[node.e]!;
    const tps = entry.kind === 'oar2' ? 2 : 3;
    const r = node.r;
    // the middle of each range: a real flight the search can compare against early
    consider(ctx.score(entry, mid(r, 0), mid(r, 1), tps === 3 ? mid(r, 2) : -1, best));
    // split the range with the widest box
    let widest = -1;
    let width = -1;
    for (let k = 0; k < tps; k++) {
      if (r[2 * k + 1]! <= r[2 * k]!) continue;
      const w = ctx.width(r[2 * k]!, r[2 * k + 1]!);
      if (w > width) {
        width = w;
        widest = k;
      }
    }
    if (widest < 0) continue; // a single flight, scored above
    const lo = r[2 * widest]!;
    const hi = r[2 * widest + 1]!;
    const half = lo + ((hi - lo) >> 1);
    for (const [a, b] of [
      [lo, half],
      [half + 1, hi],
    ] as const) {
      const child = r.slice();
      child[2 * widest] = a;
      child[2 * widest + 1] = b;
      if (!normalise(child, tps)) continue;
      const single = child[0] === child[1] && child[2] === child[3] && (tps === 2 || child[4] === child[5]);
      if (single) {
        consider(ctx.score(entry, child[0]!, child[2]!, tps === 3 ? child[4]! : -1, best));
        continue;
      }
      const bound = ctx.bound(entry, child);
      if (bound > best + TIE) heap.push({ e: node.e, r: child, bound });
    }
  }
  return { found, proven: true, nodes, bound: best };
}

const mid = (r: Int32Array, k: number) => r[2 * k]! + ((r[2 * k + 1]! - r[2 * k]!) >> 1);

/** Turnpoints come in the order of the track, strictly: trims the ranges; false if one is empty. */
function normalise(r: Int32Array, tps: number): boolean {
  for (let k = 1; k < tps; k++) if (r[2 * k]! < r[2 * k - 2]! + 1) r[2 * k] = r[2 * k - 2]! + 1;
  for (let k = tps - 2; k >= 0; k--) if (r[2 * k + 1]! > r[2 * k + 3]! - 1) r[2 * k + 1] = r[2 * k + 3]! - 1;
  for (let k = 0; k < tps; k++) if (r[2 * k]! > r[2 * k + 1]!) return false;
  return true;
}

class Context {
  private readonly b = new Float64Array(12);
  private readonly open = new Float64Array(20);
  private readonly far = new Float64Array(4);
  constructor(
    private readonly t: Track,
    private readonly ranges: RangeBoxes,
    private readonly closing: Closing,
    private readonly work?: Work,
  ) {}

  width(lo: number, hi: number) {
    const b = this.b;
    this.ranges.box(lo, hi, b, 0);
    const c = Math.cos(((b[1]! + b[3]!) / 2) * (Math.PI / 180));
    const w = (b[2]! - b[0]!) * c;
    const h = b[3]! - b[1]!;
    return w * w + h * h;
  }

  private maxLeg(p: number, q: number) {
    const b = this.b;
    return round2(maxDistBoxes(b[p]!, b[p + 1]!, b[p + 2]!, b[p + 3]!, b[q]!, b[q + 1]!, b[q + 2]!, b[q + 3]!));
  }
  private minLeg(p: number, q: number) {
    const b = this.b;
    return round2(minDistBoxes(b[p]!, b[p + 1]!, b[p + 2]!, b[p + 3]!, b[q]!, b[q + 1]!, b[q + 2]!, b[q + 3]!));
  }

  private readonly farHeap: number[] = [];
  /**
   * Bounds of the distance from any point of `box` to the fix furthest from it in from..to, where
   * only fixes up to (down to) `always` are reachable from every fix of the box; and the box that
   * furthest fix lies in. Best first over halves of the range, a few steps (a free distance's start
   * is the fix furthest from its first turnpoint: the whole prefix's box would bound that leg by a
   * corner nobody flew to).
   */
  furthestLeg(box: Box, always: number, from: number, to: number): EndLeg {
    const f = this.far;
    const heap = this.farHeap;
    heap.length = 0;
    let lower = 0;
    const push = (lo: number, hi: number) => {
      this.ranges.box(lo, hi, f, 0);
      const up = maxDistBoxes(box[0], box[1], box[2], box[3], f[0]!, f[1]!, f[2]!, f[3]!);
      // a range every fix of the box may reach: its nearest point bounds the furthest from below
      if (from <= always ? hi <= always : lo >= always) lower = Math.max(lower, minDistBoxes(box[0], box[1], box[2], box[3], f[0]!, f[1]!, f[2]!, f[3]!));
      let i = heap.length;
      heap.push(up, lo, hi);
      // sorted ascending by bound (a handful of entries): the largest last
      while (i > 0 && heap[i - 3]! > up) {
        heap[i] = heap[i - 3]!;
        heap[i + 1] = heap[i - 2]!;
        heap[i + 2] = heap[i - 1]!;
        i -= 3;
      }
      heap[i] = up;
      heap[i + 1] = lo;
      heap[i + 2] = hi;
    };
    push(from, to);
    for (let step = 0; step < FURTHEST_STEPS; step++) {
      const n = heap.length;
      const lo = heap[n - 2]!;
      const hi = heap[n - 1]!;
      if (lo === hi) break;
      heap.length = n - 3;
      const half = lo + ((hi - lo) >> 1);
      push(lo, half);
      push(half + 1, hi);
    }
    // the furthest fix is at least `lower` away, so it lies in a range whose bound reaches that
    let x1 = Infinity;
    let y1 = Infinity;
    let x2 = -Infinity;
    let y2 = -Infinity;
    for (let i = 0; i < heap.length; i += 3) {
      if (heap[i]! < lower) continue;
      this.ranges.box(heap[i + 1]!, heap[i + 2]!, f, 0);
      x1 = Math.min(x1, f[0]!);
      y1 = Math.min(y1, f[1]!);
      x2 = Math.max(x2, f[2]!);
      y2 = Math.max(y2, f[3]!);
    }
    return { hi: heap[heap.length - 3]!, box: [x1, y1, x2, y2] };
  }

  /** An upper bound of the entry's score for turnpoints in the ranges r, or -Infinity. */
  bound(e: RuleEntry, r: Int32Array): number {
    const b = this.b;
    if (e.kind === 'od') {
      // FAI cylinders on a free distance: its legs and what the moves can add to them (cylinders.ts)
      for (let k = 0; k < 3; k++) this.ranges.box(r[2 * k]!, r[2 * k + 1]!, b, 4 * k);
      // start and finish: the fixes furthest from the first and last turnpoints before and after them
      const km = e.cylinders!;
      const n = this.t.n;
      const start = this.furthestLeg(boxOf(b, 0), r[0]!, 0, r[1]!);
      const finish = this.furthestLeg(boxOf(b, 8), r[5]!, r[4]!, n - 1);
      const moved = openMovedTurnpoints(b, km, start.box, finish.box);
      if (!moved) return Infinity;
      // their legs to the moved turnpoints
      const first = { ...this.furthestLeg(moved[0]!, r[0]!, 0, r[1]!), box: start.box };
      const last = { ...this.furthestLeg(moved[2]!, r[5]!, r[4]!, n - 1), box: finish.box };
      const dmax = finalRound(e, openMovedLegs(moved, km, first, last));
      if (dmax < (e.minDistance || 0)) return -Infinity;
      return finalRound(e, dmax * e.multiplier);
    }
    if (e.kind === 'triangle') {
      for (let k = 0; k < 3; k++) this.ranges.box(r[2 * k]!, r[2 * k + 1]!, b, 4 * k);
      const ab = this.maxLeg(0, 4);
      const bc = this.maxLeg(4, 8);
      const ca = this.maxLeg(8, 0);
      let dmax = finalRound(e, ab + bc + ca);
      if (e.minSide !== undefined) dmax = Math.min(dmax, Math.min(ab, bc, ca) / e.minSide);
      if (dmax < (e.minDistance || 0)) return -Infinity;
      // cylinders: the closing is judged on the legs before the moves (as the library does), the score after them
      const value = e.cylinders ? finalRound(e, triangleMovedLegs(b, e.cylinders)) : dmax;
      if (e.minSide !== undefined || e.maxSide !== undefined) {
        const lab = this.minLeg(0, 4);
        const lbc = this.minLeg(4, 8);
        const lca = this.minLeg(8, 0);
        const dmin = lab + lbc + lca - 0.1;
        if (e.minSide !== undefined && Math.min(ab, bc, ca) < e.minSide * dmin - 1e-9) return -Infinity;
        if (e.maxSide !== undefined && Math.max(lab, lbc, lca) > e.maxSide * dmax + 1e-9) return -Infinity;
      }
      return this.closed(e, dmax, r[1]!, r[4]!, value);
    }
    if (e.kind === 'oar2') {
      for (let k = 0; k < 2; k++) this.ranges.box(r[2 * k]!, r[2 * k + 1]!, b, 4 * k);
      const dmax = finalRound(e, 2 * this.maxLeg(0, 4));
      if (dmax < (e.minDistance || 0)) return -Infinity;
      return this.closed(e, dmax, r[1]!, r[2]!);
    }
    // oar1: the turnpoint against the middle of the two closing fixes
    for (let k = 0; k < 3; k++) this.ranges.box(r[2 * k]!, r[2 * k + 1]!, b, 4 * k);
    const closingLower = this.minLeg(0, 8);
    for (let c = 0; c < 4; c++) b[8 + c] = (b[c]! + b[8 + c]!) / 2;
    const dmax = finalRound(e, 2 * this.maxLeg(4, 8));
    if (dmax < (e.minDistance || 0)) return -Infinity;
    if (closingLower > closingLimit(e, dmax)) return -Infinity;
    return finalRound(e, Math.max(0, dmax - closingPenalty(e, closingLower)) * e.multiplier);
  }

  /** The bound once the closing is accounted: none possible, or its smallest penalty. */
  private closed(e: RuleEntry, dmax: number, firstHi: number, lastLo: number, value = dmax) {
    const limit = closingLimit(e, dmax);
    if (this.closing.lower(firstHi, lastLo) > limit) return -Infinity;
    // the exact closing of the node's innermost fixes bounds every closing inside it (fewer fixes
    // before, more after, can only close worse)
    const cd = this.closing.exact(firstHi, lastLo, limit);
    if (cd === Infinity) return -Infinity;
    return finalRound(e, Math.max(0, value - closingPenalty(e, cd)) * e.multiplier);
  }

  /** The entry's score for turnpoints i < j (< k) exactly as igc-xc-score computes it, or null if it scores nothing or cannot beat `best`. */
  score(e: RuleEntry, i: number, j: number, k: number, best: number): Candidate | null {
    const t = this.t;
    if (e.kind === 'od') return this.cylinderFreeDistance(e, i, j, k, best);
    if (e.kind === 'triangle') {
      if (!(i < j && j < k)) return null;
      const l0 = round2(dist(t, i, j));
      const l1 = round2(dist(t, j, k));
      const l2 = round2(dist(t, k, i));
      const distance = finalRound(e, l0 + l1 + l2);
      if (distance < (e.minDistance || 0)) return null;
      if (e.minSide !== undefined) {
        const m = e.minSide * distance;
        if (l0 < m || l1 < m || l2 < m) return null;
      }
      if (e.maxSide !== undefined) {
        const m = e.maxSide * distance;
        if (l0 > m || l1 > m || l2 > m) return null;
      }
      // cylinders: the moved triangle, exactly (cheap), bounds the score before the closing is looked up
      // (the library leaves a flight that scores 0 before the moves as it is)
      const moved = e.cylinders && finalRound(e, distance * e.multiplier) !== 0 ? this.cylinderTriangle(e, i, j, k) : null;
      const optimistic = finalRound(e, (moved ? moved.distance : distance) * e.multiplier);
      if (!(optimistic > best + TIE)) return null;
      const cd = this.closing.exact(i, k, closingLimit(e, distance));
      if (cd === Infinity) return null;
      const penalty = closingPenalty(e, cd);
      const c: Candidate = { entry: e, score: finalRound(e, (distance - penalty) * e.multiplier), distance, points: [i, j, k], closing: this.closing.pair, closingDistance: cd, penalty };
      if (moved && c.score !== 0) {
        c.moved = moved.points;
        c.distance = moved.distance;
        c.score = moved.distance >= (e.minDistance || 0) ? finalRound(e, (moved.distance - penalty) * e.multiplier) : 0;
      }
      return c;
    }
    if (e.kind === 'oar2') {
      if (!(i < j)) return null;
      const leg = round2(dist(t, i, j));
      const distance = finalRound(e, leg * 2);
      if (distance < (e.minDistance || 0)) return null;
      if (finalRound(e, distance * e.multiplier) <= best + TIE) return null;
      const cd = this.closing.exact(i, j, closingLimit(e, distance));
      if (cd === Infinity) return null;
      const penalty = closingPenalty(e, cd);
      return { entry: e, score: finalRound(e, (distance - penalty) * e.multiplier), distance, points: [i, j], closing: this.closing.pair, closingDistance: cd, penalty };
    }
    if (!(i < j && j < k)) return null;
    const mx = (t.x[i]! + t.x[k]!) / 2;
    const my = (t.y[i]! + t.y[k]!) / 2;
    const leg = round2(fcc(t.x[j]!, t.y[j]!, mx, my));
    const distance = finalRound(e, leg * 2);
    if (distance < (e.minDistance || 0)) return null;
    const closingKm = round2(dist(t, i, k));
    if (closingKm > closingLimit(e, distance)) return null;
    const penalty = closingPenalty(e, closingKm);
    return { entry: e, score: finalRound(e, (distance - penalty) * e.multiplier), distance, points: [j], middle: [mx, my], closing: [i, k], closingDistance: closingKm, penalty };
  }

  private furthestCache = new Map<number, number>();
  /** The library's start (before = true) or finish for a turnpoint: the first fix furthest from it before (after) it. */
  private furthest(p: number, before: boolean) {
    const key = before ? p : -1 - p;
    let found = this.furthestCache.get(key);
    if (found === undefined) {
      const t = this.t;
      let best = -Infinity;
      found = p;
      const from = before ? 0 : p;
      const to = before ? p : t.n - 1;
      if (this.work) this.work.spent += (to - from + 1) / 4;
      for (let q = from; q <= to; q++) {
        const d = dist(t, p, q);
        if (d > best) {
          best = d;
          found = q;
        }
      }
      this.furthestCache.set(key, found);
    }
    return found;
  }

  /** A free distance under FAI cylinders as the library scores it (scoreDistance3Points, then adjustFAICylinders). */
  private cylinderFreeDistance(e: RuleEntry, i: number, j: number, k: number, best: number): Candidate | null {
    if (!(i < j && j < k)) return null;
    const t = this.t;
    const s = this.furthest(i, true);
    const f = this.furthest(k, false);
    const path = [s, i, j, k, f];
    let legs = 0;
    for (let l = 0; l < 4; l++) legs += round2(dist(t, path[l]!, path[l + 1]!));
    // the library leaves a flight that scores 0 before the moves as it is
    if (finalRound(e, finalRound(e, legs) * e.multiplier) === 0) return null;
    const moved = cylinderPath(t, path, e.cylinders!);
    let distance = 0;
    for (let l = 0; l < 4; l++) distance += round2(fcc(moved[l]![0], moved[l]![1], moved[l + 1]![0], moved[l + 1]![1])) - e.cylinders! * 2;
    distance = finalRound(e, distance);
    const score = distance >= (e.minDistance || 0) ? finalRound(e, distance * e.multiplier) : 0;
    if (!(score > best + TIE)) return null;
    return { entry: e, score, distance, points: [i, j, k], moved: moved.slice(1, 4), ends: [s, f], movedEnds: [moved[0]!, moved[4]!] };
  }

  /** FAI cylinders on a triangle, as the library's adjustFAICylinders with our moveAway: each turnpoint 400 m away from the middle of the other two; the moved points and distance. */
  private cylinderTriangle(e: RuleEntry, i: number, j: number, k: number): { points: [number, number][]; distance: number } {
    const t = this.t;
    const cyl = e.cylinders!;
    const pts = [i, j, k].map((p) => [t.x[p]!, t.y[p]!] as [number, number]);
    const moved = pts.map((p, m) => {
      const prev = pts[(m + 2) % 3]!;
      const next = pts[(m + 1) % 3]!;
      return moveAway(p, [(prev[0] + next[0]) / 2, (prev[1] + next[1]) / 2], cyl);
    });
    let distance = 0;
    for (let m = 0; m < 3; m++) {
      const a = moved[m]!;
      const b = moved[(m + 1) % 3]!;
      distance += round2(fcc(a[0], a[1], b[0], b[1])) - cyl * 2;
    }
    return { points: moved, distance: finalRound(e, distance) };
  }
}

/**
 * The library's adjustFAICylinders (with moveAway, the rule's move) on an open flight (start, three turnpoints, finish as fix
 * indices): each turnpoint 400 m away from the middle of its neighbours, then start and finish
 * away from the moved first and last turnpoints. Returns the five moved points (lon, lat).
 */
export function cylinderPath(t: Track, path: number[], km: number): [number, number][] {
  const pts = path.map((p) => [t.x[p]!, t.y[p]!] as [number, number]);
  const moved = [1, 2, 3].map((m) => {
    const prev = pts[m - 1]!;
    const next = pts[m + 1]!;
    return moveAway(pts[m]!, [(prev[0] + next[0]) / 2, (prev[1] + next[1]) / 2], km);
  });
  return [moveAway(pts[0]!, moved[0]!, km), ...moved, moveAway(pts[4]!, moved[2]!, km)];
}

/**
 * FAI cylinders' move of one point, as the rule means it (docs/scoring.md, "FAI cylinders"):
 * `point` pushed `km` further from `origin` along point − origin, on a flat earth (the FCC
 * distance at their mean latitude), p + km·(p − o)/d0. It never moves further than `km` (up to a
 * few ulps), and a point on its origin (d0 = 0, no direction) stays where it is. igc-xc-score
 * computes the same move as (1 − t)·o + t·p with t = (d0 + km)/d0, which for a point numerically
 * on its origin (d0 a few ulps) lands tens of km away; that artefact is not the rule.
 */
export function moveAway(point: [number, number], origin: [number, number], km: number): [number, number] {
  const d0 = fcc(point[0], point[1], origin[0], origin[1]);
  if (!(d0 > 0)) return [point[0], point[1]];
  const s = km / d0;
  return [point[0] + s * (point[0] - origin[0]), point[1] + s * (point[1] - origin[1])];
}

/** One flight's score under an entry exactly as the library computes it (a candidate found under other rules, rescored). */
export function scoreCircuit(t: Track, ranges: RangeBoxes, entry: RuleEntry, points: number[]): Candidate | null {
  return circuitScorer(t, ranges)(entry, points);
}

/** scoreCircuit for many flights of one track, sharing the closings it looks up. */
export function circuitScorer(t: Track, ranges: RangeBoxes): (entry: RuleEntry, points: number[]) => Candidate | null {
  const ctx = new Context(t, ranges, new Closing(t, ranges));
  return (entry, points) => ctx.score(entry, points[0]!, points[1]!, points.length > 2 ? points[2]! : -1, -Infinity);
}
