import { type Track, type Work, RangeBoxes, dist as distImport, minDistBoxes as minDistBoxesImport, round2 as round2Import } from './geometry';

// A module binding: jest's sandbox looks each global up slowly (docs/testing.md, "Globals in jest's sandbox").
const Math = globalThis.Math;

// local copies: the transpiled import is a getter, too slow in the inner loops
const dist = distImport;
const minDistBoxes = minDistBoxesImport;
const round2 = round2Import;

const BLOCK = 64;

/**
 * The closing distance of a circuit whose first turnpoint is fix p and last is fix q (p < q): the
 * shortest distance, rounded to 10 m, from a fix at or before p to a fix at or after q, the way
 * igc-xc-score closes triangles and out-and-returns. Blocks of fixes with their boxes bound it from
 * below: `lower(p, q)` in O(1) for the search's bounds, `exact(p, q, cutoff)` searching only block
 * pairs that can still beat the best pair found, cached.
 */
export class Closing {
  readonly nb: number;
  private readonly boxes: Float64Array;
  /** near[a * nb + b]: lower bound of the distance between block a and block b (a ≤ b). */
  private readonly near: Float64Array;
  /** prefix/suffix minimum of near: any block ≤ a against any block ≥ b. */
  private readonly corner: Float64Array;
  /** row suffix minimum of near: block a against any block ≥ b. */
  private readonly row: Float64Array;
  private readonly cache = new Map<number, { value: number; cutoff: number; pair: [number, number] }>();
  /** The pair of fixes of the last closing `exact` found. */
  pair: [number, number] = [0, 0];
  private readonly tree: FixTree;
  private readonly heap = new PairHeap();

  constructor(
    private readonly t: Track,
    ranges: RangeBoxes,
    private readonly work?: Work,
  ) {
    this.tree = new FixTree(t);
    const nb = Math.ceil(t.n / BLOCK);
    this.nb = nb;
    this.boxes = new Float64Array(4 * nb);
    for (let b = 0; b < nb; b++) ranges.box(b * BLOCK, Math.min(t.n - 1, (b + 1) * BLOCK - 1), this.boxes, 4 * b);
    const bx = this.boxes;
    this.near = new Float64Array(nb * nb).fill(Infinity);
    for (let a = 0; a < nb; a++) {
      for (let b = a; b < nb; b++) {
        this.near[a * nb + b] = a === b ? 0 : minDistBoxes(bx[4 * a]!, bx[4 * a + 1]!, bx[4 * a + 2]!, bx[4 * a + 3]!, bx[4 * b]!, bx[4 * b + 1]!, bx[4 * b + 2]!, bx[4 * b + 3]!);
      }
    }
    this.row = new Float64Array(nb * nb).fill(Infinity);
    for (let a = 0; a < nb; a++) {
      let m = Infinity;
      for (let b = nb - 1; b >= a; b--) {
        m = Math.min(m, this.near[a * nb + b]!);
        this.row[a * nb + b] = m;
      }
    }
    this.corner = new Float64Array(nb * nb).fill(Infinity);
    for (let a = 0; a < nb; a++) {
      for (let b = nb - 1; b >= a; b--) {
        let m = this.row[a * nb + b]!;
        if (a > 0) m = Math.min(m, this.corner[(a - 1) * nb + b]!);
        this.corner[a * nb + b] = m;
      }
    }
  }

  /** A lower bound of the closing distance for any p' ≤ p and q' ≥ q. */
  lower(p: number, q: number): number {
    if (p >= q) return 0;
    const a = Math.floor(p / BLOCK);
    const b = Math.floor(q / BLOCK);
    return round2(this.corner[a * this.nb + b]!);
  }

  /** The closing distance if it is at most `cutoff` (km), else Infinity. */
  exact(p: number, q: number, cutoff: number): number {
    if (p >= q) return 0;
    const key = p * this.t.n + q;
    const hit = this.cache.get(key);
    if (hit) {
      this.pair = hit.pair;
      if (hit.value <= hit.cutoff) return hit.value <= cutoff ? hit.value : Infinity;
      if (cutoff <= hit.cutoff) return Infinity;
    }
    const value = this.search(p, q, cutoff);
    this.cache.set(key, { value, cutoff, pair: this.pair });
    return value <= cutoff ? value : Infinity;
  }

  /**
   * Best first over pairs of tree nodes (one from the fixes up to p, one from q on) by the shortest
   * distance their boxes allow; stops when no pair left can hold a shorter closing.
   */
  private search(p: number, q: number, cutoff: number): number {
    const { t, tree } = this;
    let best = round2(dist(t, p, q));
    let pair: [number, number] = [p, q];
    if (best > cutoff) best = Math.floor(cutoff * 100 + 1e-6) / 100 + 0.01;
    const heap = this.heap;
    heap.clear();
    heap.push(1, 1, 0);
    let pops = 0;
    let evaluations = 0;
    while (heap.size) {
      pops++;
      const lb = heap.topKey();
      // a rounded distance < best needs a true distance below best - 0.005 (at most a hair above it)
      if (lb >= best - 0.004999) break;
      const u = heap.topA();
      const v = heap.topB();
      heap.pop();
      const uLeaf = u >= tree.size;
      const vLeaf = v >= tree.size;
      if (uLeaf && vLeaf) {
        const aTo = Math.min(p, tree.hi[u]!);
        const bFrom = Math.max(q, tree.lo[v]!);
        const bTo = tree.hi[v]!;
        for (let i = tree.lo[u]!; i <= aTo; i++) {
          for (let j = bFrom; j <= bTo; j++) {
            const d = round2(dist(t, i, j));
            evaluations++;
            if (d < best) {
              best = d;
              pair = [i, j];
            }
          }
        }
        continue;
      }
      const splitU = !uLeaf && (vLeaf || tree.extent(u) >= tree.extent(v));
      const parent = splitU ? u : v;
      for (let c = 2 * parent; c <= 2 * parent + 1; c++) {
        if (tree.lo[c]! > tree.hi[c]!) continue; // padding
        if (splitU ? tree.lo[c]! > p : tree.hi[c]! < q) continue;
        const a = splitU ? c : u;
        const b = splitU ? v : c;
        const d = tree.minDist(a, b);
        if (d < best - 0.004999) heap.push(a, b, d);
      }
    }
    this.pair = pair;
    if (this.work) this.work.spent += pops + evaluations;
    return best;
  }
}

const LEAF = 8;

/** A complete binary tree over the fixes (leaves of LEAF fixes) with each node's box and index range. */
class FixTree {
  readonly size: number;
  readonly lo: Int32Array;
  readonly hi: Int32Array;
  private readonly box: Float64Array;
  constructor(t: Track) {
    const leaves = Math.max(1, Math.ceil(t.n / LEAF));
    let size = 1;
    while (size < leaves) size <<= 1;
    this.size = size;
    this.lo = new Int32Array(2 * size).fill(0x7fffffff);
    this.hi = new Int32Array(2 * size).fill(-1);
    const box = new Float64Array(8 * size);
    for (let k = 0; k < 2 * size; k++) box.set([Infinity, Infinity, -Infinity, -Infinity], 4 * k);
    for (let i = 0; i < t.n; i++) {
      const k = size + Math.floor(i / LEAF);
      if (i < this.lo[k]!) this.lo[k] = i;
      if (i > this.hi[k]!) this.hi[k] = i;
      box[4 * k] = Math.min(box[4 * k]!, t.x[i]!);
      box[4 * k + 1] = Math.min(box[4 * k + 1]!, t.y[i]!);
      box[4 * k + 2] = Math.max(box[4 * k + 2]!, t.x[i]!);
      box[4 * k + 3] = Math.max(box[4 * k + 3]!, t.y[i]!);
    }
    for (let k = size - 1; k >= 1; k--) {
      const a = 2 * k;
      const b = a + 1;
      this.lo[k] = Math.min(this.lo[a]!, this.lo[b]!);
      this.hi[k] = Math.max(this.hi[a]!, this.hi[b]!);
      box[4 * k] = Math.min(box[4 * a]!, box[4 * b]!);
      box[4 * k + 1] = Math.min(box[4 * a + 1]!, box[4 * b + 1]!);
      box[4 * k + 2] = Math.max(box[4 * a + 2]!, box[4 * b + 2]!);
      box[4 * k + 3] = Math.max(box[4 * a + 3]!, box[4 * b + 3]!);
    }
    this.box = box;
  }
  extent(k: number) {
    const b = this.box;
    return b[4 * k + 2]! - b[4 * k]! + (b[4 * k + 3]! - b[4 * k + 1]!);
  }
  minDist(u: number, v: number) {
    const b = this.box;
    return minDistBoxes(b[4 * u]!, b[4 * u + 1]!, b[4 * u + 2]!, b[4 * u + 3]!, b[4 * v]!, b[4 * v + 1]!, b[4 * v + 2]!, b[4 * v + 3]!);
  }
}

/** A min-heap of node pairs keyed by a distance. */
class PairHeap {
  private a: number[] = [];
  private b: number[] = [];
  private k: number[] = [];
  get size() {
    return this.k.length;
  }
  clear() {
    this.a.length = 0;
    this.b.length = 0;
    this.k.length = 0;
  }
  topKey() {
    return this.k[0]!;
  }
  topA() {
    return this.a[0]!;
  }
  topB() {
    return this.b[0]!;
  }
  push(a: number, b: number, key: number) {
    const { a: A, b: B, k: K } = this;
    let i = K.length;
    A.push(a);
    B.push(b);
    K.push(key);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (K[p]! <= key) break;
      A[i] = A[p]!;
      B[i] = B[p]!;
      K[i] = K[p]!;
      i = p;
    }
    A[i] = a;
    B[i] = b;
    K[i] = key;
  }
  pop() {
    const { a: A, b: B, k: K } = this;
    const la = A.pop()!;
    const lb = B.pop()!;
    const lk = K.pop()!;
    const n = K.length;
    if (!n) return;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const c = r < n && K[r]! < K[l]! ? r : l;
      if (K[c]! >= lk) break;
      A[i] = A[c]!;
      B[i] = B[c]!;
      K[i] = K[c]!;
      i = c;
    }
    A[i] = la;
    B[i] = lb;
    K[i] = lk;
  }
}
