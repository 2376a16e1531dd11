import { type Track, type Work, dist as distImport, fcc as fccImport, maxDistBoxes as maxDistBoxesImport, round2 as round2Import, stretch as stretchImport } from './geometry';

// A module binding: jest's sandbox looks each global up slowly (docs/testing.md, "Globals in jest's sandbox").
const Math = globalThis.Math;

// local copies: the transpiled import is a getter, too slow in the inner loops
const dist = distImport;
const maxDistBoxes = maxDistBoxesImport;
const round2 = round2Import;
const fcc = fccImport;
const stretch = stretchImport;

const LEAF = 8;
/** Values are sums of legs rounded to 10 m: a bound within a hair of the best cannot beat it (float sums differ in the last bits). */
const TIE = 1e-6;

/**
 * One layer of a dynamic programme over fixes: entries are fixes (ascending indices) with a value;
 * `best(p, limit)` answers max over entries e ≤ limit of value(e) + round2(distance(e, p)).
 * Exact: a binary tree over the entries keeps each node's bounding box and largest value, and a
 * node is opened only while its bound (largest value + the longest distance its box allows) can
 * still beat the best found.
 */
export class BestLeg {
  private readonly size: number; // leaves, a power of two
  private readonly nx1: Float64Array;
  private readonly ny1: Float64Array;
  private readonly nx2: Float64Array;
  private readonly ny2: Float64Array;
  private readonly nmax: Float64Array;
  private readonly nfirst: Int32Array; // smallest fix index under the node
  /** The node's last fix (its anchor c), max over its entries of value + distance to c, and their largest distance to c. */
  private readonly nlast: Int32Array;
  private readonly nreach: Float64Array;
  private readonly nradius: Float64Array;
  private readonly stack: Int32Array;
  private readonly bounds: Float64Array;
  argBest = -1;

  constructor(
    private readonly t: Track,
    private readonly idx: Int32Array,
    private readonly value: Float64Array,
    private readonly work?: Work,
  ) {
    const leaves = Math.max(1, Math.ceil(idx.length / LEAF));
    let size = 1;
    while (size < leaves) size <<= 1;
    this.size = size;
    const nodes = 2 * size;
    this.nx1 = new Float64Array(nodes).fill(Infinity);
    this.ny1 = new Float64Array(nodes).fill(Infinity);
    this.nx2 = new Float64Array(nodes).fill(-Infinity);
    this.ny2 = new Float64Array(nodes).fill(-Infinity);
    this.nmax = new Float64Array(nodes).fill(-Infinity);
    this.nfirst = new Int32Array(nodes).fill(0x7fffffff);
    for (let p = 0; p < idx.length; p++) {
      const node = size + Math.floor(p / LEAF);
      const i = idx[p]!;
      const x = t.x[i]!;
      const y = t.y[i]!;
      if (x < this.nx1[node]!) this.nx1[node] = x;
      if (y < this.ny1[node]!) this.ny1[node] = y;
      if (x > this.nx2[node]!) this.nx2[node] = x;
      if (y > this.ny2[node]!) this.ny2[node] = y;
      if (value[p]! > this.nmax[node]!) this.nmax[node] = value[p]!;
      if (i < this.nfirst[node]!) this.nfirst[node] = i;
    }
    for (let node = size - 1; node >= 1; node--) {
      const a = 2 * node;
      const b = a + 1;
      this.nx1[node] = Math.min(this.nx1[a]!, this.nx1[b]!);
      this.ny1[node] = Math.min(this.ny1[a]!, this.ny1[b]!);
      this.nx2[node] = Math.max(this.nx2[a]!, this.nx2[b]!);
      this.ny2[node] = Math.max(this.ny2[a]!, this.ny2[b]!);
      this.nmax[node] = Math.max(this.nmax[a]!, this.nmax[b]!);
      this.nfirst[node] = Math.min(this.nfirst[a]!, this.nfirst[b]!);
    }
    // anchors: along a straight glide every entry's value plus its distance to the node's last fix
    // is about the same, so value + leg to p is bounded tightly through that fix (see bound)
    this.nlast = new Int32Array(nodes).fill(-1);
    this.nreach = new Float64Array(nodes).fill(-Infinity);
    this.nradius = new Float64Array(nodes);
    for (let node = 1; node < nodes; node++) {
      let lo = node;
      let hi = node;
      while (lo < size) {
        lo = 2 * lo;
        hi = 2 * hi + 1;
      }
      const from = (lo - size) * LEAF;
      const to = Math.min(idx.length, (hi - size + 1) * LEAF) - 1;
      if (from > to) continue;
      const c = idx[to]!;
      this.nlast[node] = c;
      let reach = -Infinity;
      let radius = 0;
      for (let q = from; q <= to; q++) {
        const d = dist(t, idx[q]!, c);
        if (value[q]! + d > reach) reach = value[q]! + d;
        if (d > radius) radius = d;
      }
      this.nreach[node] = reach;
      this.nradius[node] = radius;
    }
    this.stack = new Int32Array(64);
    this.bounds = new Float64Array(64);
  }

  private bound(node: number, px: number, py: number, best: number) {
    // round2 is monotone: the rounded bound bounds the rounded leg, and a tie cannot win
    const boxBound = this.nmax[node]! + round2(maxDistBoxes(this.nx1[node]!, this.ny1[node]!, this.nx2[node]!, this.ny2[node]!, px, py, px, py)) - TIE;
    const c = this.nlast[node]!;
    if (c < 0 || boxBound <= best) return boxBound;
    // through the anchor c: d(i, p) ≤ s1·d(i, c) + s2·d(c, p), the stretches covering the FCC
    // coefficients' change with the mean latitude (geometry.ts, stretch)
    const t = this.t;
    const y1 = this.ny1[node]!;
    const y2 = this.ny2[node]!;
    const cy = t.y[c]!;
    const s1 = stretch((y1 + py) / 2, (y2 + py) / 2, (y1 + cy) / 2, (y2 + cy) / 2);
    const s2 = stretch((y1 + py) / 2, (y2 + py) / 2, (cy + py) / 2, (cy + py) / 2);
    const leg = s2 * fcc(t.x[c]!, cy, px, py) * (1 + 1e-9);
    const anchored = this.nreach[node]! + Math.max(0, s1 - 1) * this.nradius[node]! + leg;
    // rounding the leg adds at most 5 m, and values sit on a 10 m grid
    return Math.min(boxBound, round2(anchored + 0.005) - TIE);
  }

  /**
   * The best value for fix p over entries with fix index ≤ limit, or -Infinity if none.
   * `seed` (an entry position) is tried first: the previous answer is usually close. Sets argBest
   * (an entry position).
   */
  best(p: number, limit: number, seed: number): number {
    const { t, idx, value, size } = this;
    const px = t.x[p]!;
    const py = t.y[p]!;
    let best = -Infinity;
    let arg = -1;
    if (seed >= 0 && seed < idx.length && idx[seed]! <= limit) {
      best = value[seed]! + round2(dist(t, idx[seed]!, p));
      arg = seed;
    }
    const stack = this.stack;
    const bounds = this.bounds;
    let top = 0;
    stack[top] = 1;
    bounds[top++] = Infinity;
    let visits = 0;
    while (top > 0) {
      top--;
      const node = stack[top]!;
      if (bounds[top]! <= best) continue;
      visits++;
      if (node >= size) {
        const from = (node - size) * LEAF;
        const to = Math.min(idx.length, from + LEAF);
        for (let q = from; q < to; q++) {
          const i = idx[q]!;
          if (i > limit) break;
          const v = value[q]! + round2(dist(t, i, p));
          if (v > best) {
            best = v;
            arg = q;
          }
        }
        continue;
      }
      const a = 2 * node;
      const b = a + 1;
      const ba = this.nfirst[a]! > limit ? -Infinity : this.bound(a, px, py, best);
      const bb = this.nfirst[b]! > limit ? -Infinity : this.bound(b, px, py, best);
      // the more promising child is opened first (pushed last)
      if (ba >= bb) {
        if (bb > best) {
          stack[top] = b;
          bounds[top++] = bb;
        }
        if (ba > best) {
          stack[top] = a;
          bounds[top++] = ba;
        }
      } else {
        if (ba > best) {
          stack[top] = a;
          bounds[top++] = ba;
        }
        if (bb > best) {
          stack[top] = b;
          bounds[top++] = bb;
        }
      }
    }
    if (this.work) this.work.spent += visits;
    this.argBest = arg;
    return best;
  }
}
