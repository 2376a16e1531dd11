import { BestLeg } from './best-leg';
import { type Track, type Work, RangeBoxes, dist as distImport, maxDistBoxes as maxDistBoxesImport, round2 as round2Import } from './geometry';

// A module binding: jest's sandbox looks each global up slowly (docs/testing.md, "Globals in jest's sandbox").
const Math = globalThis.Math;

// local copies: the transpiled import is a getter, too slow in the inner loops
const dist = distImport;
const maxDistBoxes = maxDistBoxesImport;
const round2 = round2Import;

export interface FreeDistance {
  /** The sum of the four legs, each rounded to 10 m as the library does. */
  legs: number;
  /** Fix indices: start, three turnpoints, finish (start ≤ tp1 < tp2 < tp3 ≤ finish). */
  points: [number, number, number, number, number];
  /** The exact pass finished: no path has longer legs. */
  proven: boolean;
  /** When not proven: no path's legs sum to more than this (the coarse levels' bound). */
  bound: number;
}

type Path = [number, number, number, number, number];

/** strict[l]: the fix of layer l+1 comes strictly after the one of layer l (start ≤ tp1 < tp2 < tp3 ≤ finish). */
const STRICT = [false, true, true, false];
const LAYERS = 5;
/** Past this many block pairs a refinement level costs more than the exact pass over its fixes. */
const PAIR_BUDGET = 1_500_000;
/** Block pairs of all coarse levels together (the levels' cost is not counted as work). */
const COARSE_PAIRS = 3_000_000;
const EPS = 1e-6;
/** Below this block size the exact pass over the surviving fixes is cheaper than another level. */
const MIN_BLOCK = 16;
/** km between two fixes that starts a new block. */
const GAP_KM = 1;

interface Layer {
  lo: Int32Array;
  hi: Int32Array;
}

/**
 * Free distance over three turnpoints, start and finish anywhere before and after them, exact.
 *
 * 1. Coarse to fine: the track is cut into blocks; a dynamic programme over blocks with the longest
 *    distance two blocks allow bounds every path through a block, from both ends (forward + backward),
 *    and one over each block's middle fix gives a real path (a lower bound). A block whose bound
 *    cannot beat the best real path is dropped for that leg; survivors are halved and the step
 *    repeated while it stays cheap.
 * 2. Exact: the same dynamic programme over every surviving fix, one layer per leg, each layer
 *    answered by BestLeg's bounded search instead of the O(n²) scan.
 * No optimal path is ever dropped: every block it crosses bounds at least its length.
 */
export function freeDistance(t: Track, work?: Work, ranges?: RangeBoxes): FreeDistance | null {
  const n = t.n;
  if (n < 5) return null;
  const boxes = ranges ?? new RangeBoxes(t);
  let size = 1;
  while (n / size > 128) size <<= 1;
  let layers: Layer[] = [];
  {
    // a block never spans a jump (a gap in the recording, an outlier): its box would bound every
    // leg touching it by the jump's length
    const lo: number[] = [0];
    const hi: number[] = [];
    for (let i = 1; i < n; i++) {
      if (i - lo.at(-1)! >= size || dist(t, i - 1, i) > GAP_KM) {
        hi.push(i - 1);
        lo.push(i);
      }
    }
    hi.push(n - 1);
    const layer = { lo: Int32Array.from(lo), hi: Int32Array.from(hi) };
    for (let l = 0; l < LAYERS; l++) layers.push(layer);
  }
  let lower = -Infinity;
  let lowerPath: Path | null = null;
  let upper = Infinity;
  let coarsePairs = 0;
  while (size >= MIN_BLOCK) {
    const found = representativePass(t, layers);
    if (found && !lowerPath) found.value = polish(t, found.path);
    if (found && found.value > lower) {
      lower = found.value;
      lowerPath = found.path;
    }
    const pruned = prune(t, boxes, layers, lower);
    layers = pruned.layers;
    upper = Math.min(upper, pruned.upper);
    let pairs = 0;
    for (let l = 0; l + 1 < LAYERS; l++) pairs += 4 * layers[l]!.lo.length * layers[l + 1]!.lo.length;
    if (pairs > PAIR_BUDGET) break;
    // where blocks never separate (hours of circling) every level costs its pairs: past this many
    // in all, the exact pass starts from the level reached
    coarsePairs += pairs;
    if (coarsePairs > COARSE_PAIRS) break;
    size >>= 1;
    layers = layers.map(split);
  }
  // the exact pass may stop on the work budget only when the coarse levels gave a real path and a bound
  const exact = exactPass(t, layers, lowerPath && upper < Infinity ? work : undefined);
  const proven = !exact?.stopped;
  if (exact && !exact.stopped && (exact.value > lower || !lowerPath)) {
    lower = exact.value;
    lowerPath = exact.path;
  }
  if (!lowerPath) return null;
  // the sum again, in the library's order, from the chosen fixes
  let legs = 0;
  for (let l = 0; l + 1 < LAYERS; l++) legs += round2(dist(t, lowerPath[l]!, lowerPath[l + 1]!));
  return { legs, points: lowerPath, proven, bound: proven ? legs : Math.max(legs, upper) };
}

/**
 * Improves a real path by moving its start and finish to their best fixes on the whole track:
 * cheap, and it finds what the blocks' middles miss (an isolated last fix after a gap, an
 * outlier). Returns the path's value.
 */
function polish(t: Track, path: Path): number {
  const legs = (p: Path) => {
    let v = 0;
    for (let l = 0; l + 1 < LAYERS; l++) v += round2(dist(t, p[l]!, p[l + 1]!));
    return v;
  };
  let value = legs(path);
  for (let round = 0; round < 2; round++) {
    let moved = false;
    for (const l of [0, LAYERS - 1]) {
      const from = l === 0 ? 0 : path[l - 1]! + (STRICT[l - 1] ? 1 : 0);
      const to = l === LAYERS - 1 ? t.n - 1 : path[l + 1]! - (STRICT[l] ? 1 : 0);
      let best = -Infinity;
      let arg = path[l]!;
      for (let i = from; i <= to; i++) {
        const v = (l > 0 ? round2(dist(t, path[l - 1]!, i)) : 0) + (l < LAYERS - 1 ? round2(dist(t, i, path[l + 1]!)) : 0);
        if (v > best) {
          best = v;
          arg = i;
        }
      }
      if (arg !== path[l]) {
        const candidate = [...path] as Path;
        candidate[l] = arg;
        const v = legs(candidate);
        if (v > value) {
          value = v;
          path[l] = arg;
          moved = true;
        }
      }
    }
    if (!moved) break;
  }
  return value;
}

function split(layer: Layer): Layer {
  const lo: number[] = [];
  const hi: number[] = [];
  for (let b = 0; b < layer.lo.length; b++) {
    const a = layer.lo[b]!;
    const z = layer.hi[b]!;
    if (a === z) {
      lo.push(a);
      hi.push(z);
      continue;
    }
    const mid = a + ((z - a + 1) >> 1);
    lo.push(a, mid);
    hi.push(mid - 1, z);
  }
  return { lo: Int32Array.from(lo), hi: Int32Array.from(hi) };
}

/** A real path through the middle fixes of the blocks: the best by dynamic programming. */
function representativePass(t: Track, layers: Layer[]): { value: number; path: Path } | null {
  const reps = layers.map((L) => L.lo.map((a, b) => a + ((L.hi[b]! - a) >> 1)));
  let value = new Float64Array(reps[0]!.length);
  const args: Int32Array[] = [];
  for (let l = 0; l + 1 < LAYERS; l++) {
    const from = reps[l]!;
    const to = reps[l + 1]!;
    const next = new Float64Array(to.length).fill(-Infinity);
    const arg = new Int32Array(to.length).fill(-1);
    for (let b = 0; b < to.length; b++) {
      const q = to[b]!;
      let best = -Infinity;
      for (let a = 0; a < from.length; a++) {
        const p = from[a]!;
        if (STRICT[l] ? p >= q : p > q) break;
        if (value[a]! === -Infinity) continue;
        const v = value[a]! + round2(dist(t, p, q));
        if (v > best) {
          best = v;
          arg[b] = a;
        }
      }
      next[b] = best;
    }
    args.push(arg);
    value = next;
  }
  let end = -1;
  for (let b = 0; b < value.length; b++) if (value[b]! > -Infinity && (end < 0 || value[b]! > value[end]!)) end = b;
  if (end < 0) return null;
  const pos = [0, 0, 0, 0, end];
  for (let l = LAYERS - 2; l >= 0; l--) pos[l] = args[l]![pos[l + 1]!]!;
  return { value: value[end]!, path: pos.map((p, l) => reps[l]![p]!) as Path };
}

/** Keeps, per layer, the blocks through which some path may still beat `lower`; `upper` bounds every path. */
function prune(t: Track, boxes: RangeBoxes, layers: Layer[], lower: number): { layers: Layer[]; upper: number } {
  const bx = layers.map((L) => {
    const out = new Float64Array(4 * L.lo.length);
    for (let b = 0; b < L.lo.length; b++) boxes.box(L.lo[b]!, L.hi[b]!, out, 4 * b);
    return out;
  });
  // ub[l][a * m + b]: bound of the leg from block a of layer l to block b of layer l+1, or -Infinity if out of order
  const ub: Float64Array[] = [];
  for (let l = 0; l + 1 < LAYERS; l++) {
    const A = layers[l]!;
    const B = layers[l + 1]!;
    const ba = bx[l]!;
    const bb = bx[l + 1]!;
    const m = B.lo.length;
    const u = new Float64Array(A.lo.length * m).fill(-Infinity);
    for (let a = 0; a < A.lo.length; a++) {
      for (let b = 0; b < m; b++) {
        if (STRICT[l] ? A.lo[a]! >= B.hi[b]! : A.lo[a]! > B.hi[b]!) continue;
        u[a * m + b] = round2(maxDistBoxes(ba[4 * a]!, ba[4 * a + 1]!, ba[4 * a + 2]!, ba[4 * a + 3]!, bb[4 * b]!, bb[4 * b + 1]!, bb[4 * b + 2]!, bb[4 * b + 3]!));
      }
    }
    ub.push(u);
  }
  const fwd = layers.map((L) => new Float64Array(L.lo.length).fill(-Infinity));
  const bwd = layers.map((L) => new Float64Array(L.lo.length).fill(-Infinity));
  fwd[0]!.fill(0);
  bwd[LAYERS - 1]!.fill(0);
  for (let l = 0; l + 1 < LAYERS; l++) {
    const m = layers[l + 1]!.lo.length;
    const u = ub[l]!;
    const f = fwd[l]!;
    const g = fwd[l + 1]!;
    for (let a = 0; a < f.length; a++) {
      if (f[a]! === -Infinity) continue;
      for (let b = 0; b < m; b++) {
        const v = f[a]! + u[a * m + b]!;
        if (v > g[b]!) g[b] = v;
      }
    }
  }
  for (let l = LAYERS - 2; l >= 0; l--) {
    const m = layers[l + 1]!.lo.length;
    const u = ub[l]!;
    const f = bwd[l]!;
    const g = bwd[l + 1]!;
    for (let a = 0; a < f.length; a++) {
      let best = -Infinity;
      for (let b = 0; b < m; b++) {
        const v = g[b]! + u[a * m + b]!;
        if (v > best) best = v;
      }
      f[a] = best;
    }
  }
  let upper = -Infinity;
  for (let b = 0; b < fwd[0]!.length; b++) upper = Math.max(upper, fwd[0]![b]! + bwd[0]![b]!);
  const kept = layers.map((L, l) => {
    const lo: number[] = [];
    const hi: number[] = [];
    for (let b = 0; b < L.lo.length; b++) {
      if (fwd[l]![b]! + bwd[l]![b]! > lower + EPS) {
        lo.push(L.lo[b]!);
        hi.push(L.hi[b]!);
      }
    }
    return { lo: Int32Array.from(lo), hi: Int32Array.from(hi) };
  });
  return { layers: kept, upper };
}

/** The best path over every fix of the surviving blocks; `stopped` when the work ran out first. */
function exactPass(t: Track, layers: Layer[], work?: Work): { value: number; path: Path; stopped?: boolean } | null {
  const fixes = layers.map((L) => {
    let count = 0;
    for (let b = 0; b < L.lo.length; b++) count += L.hi[b]! - L.lo[b]! + 1;
    const out = new Int32Array(count);
    let k = 0;
    for (let b = 0; b < L.lo.length; b++) for (let i = L.lo[b]!; i <= L.hi[b]!; i++) out[k++] = i;
    return out;
  });
  if (fixes.some((f) => f.length === 0)) return null;
  let value = new Float64Array(fixes[0]!.length);
  const args: Int32Array[] = [];
  for (let l = 0; l + 1 < LAYERS; l++) {
    const tree = new BestLeg(t, fixes[l]!, value, work);
    const to = fixes[l + 1]!;
    const next = new Float64Array(to.length);
    const arg = new Int32Array(to.length).fill(-1);
    let seed = -1;
    for (let b = 0; b < to.length; b++) {
      const q = to[b]!;
      next[b] = tree.best(q, STRICT[l] ? q - 1 : q, seed);
      arg[b] = tree.argBest;
      if (tree.argBest >= 0) seed = tree.argBest;
      if (work?.out) return { value: -Infinity, path: [0, 0, 0, 0, 0], stopped: true };
    }
    args.push(arg);
    value = next;
  }
  let end = -1;
  for (let b = 0; b < value.length; b++) if (value[b]! > -Infinity && (end < 0 || value[b]! > value[end]!)) end = b;
  if (end < 0) return null;
  const pos = [0, 0, 0, 0, end];
  for (let l = LAYERS - 2; l >= 0; l--) pos[l] = args[l]![pos[l + 1]!]!;
  if (pos.some((p) => p < 0)) return null;
  return { value: value[end]!, path: pos.map((p, l) => fixes[l]![p]!) as Path };
}
