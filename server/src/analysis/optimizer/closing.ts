import { type Track, RangeBoxes, dist as distImport, minDistBoxes as minDistBoxesImport, round2 as round2Import } from './geometry';

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
  evaluations = 0;

  constructor(
    private readonly t: Track,
    ranges: RangeBoxes,
  ) {
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

  private search(p: number, q: number, cutoff: number): number {
    const { nb, near, row, t } = this;
    const pb = Math.floor(p / BLOCK);
    const qb = Math.floor(q / BLOCK);
    // best: the smallest rounded distance found; a pair can only improve if it is < best
    let best = round2(dist(t, p, q));
    let pair: [number, number] = [p, q];
    if (best > cutoff) best = Math.floor(cutoff * 100 + 1e-6) / 100 + 0.01;
    for (let a = 0; a <= pb; a++) {
      // a rounded distance < best needs a true distance below best - 0.005 (at most a hair above it)
      if (row[a * nb + qb]! >= best - 0.004999) continue;
      const aFrom = a * BLOCK;
      const aTo = Math.min(p, (a + 1) * BLOCK - 1);
      for (let b = qb; b < nb; b++) {
        if (near[a * nb + b]! >= best - 0.004999) continue;
        const bFrom = Math.max(q, b * BLOCK);
        const bTo = Math.min(t.n - 1, (b + 1) * BLOCK - 1);
        for (let i = aFrom; i <= aTo; i++) {
          for (let j = bFrom; j <= bTo; j++) {
            const d = round2(dist(t, i, j));
            this.evaluations++;
            if (d < best) {
              best = d;
              pair = [i, j];
            }
          }
        }
      }
    }
    this.pair = pair;
    return best;
  }
}
