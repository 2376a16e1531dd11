import fc from 'fast-check';
import { generateIgc, type Recording } from '../../../scripts/synthetic-igc';
import { SCORING_RULES, type ScoringRules } from '../../../contract/scoring';
import { parseTrack } from '../../src/analysis/parse';
import type { Fix } from '../../src/analysis/types';
import { expectOracle, oraclePool } from './oracle';
import { prng } from '../../../scripts/prng';

// Property-based oracle tests: random tracks of every shape the leagues care about (and the
// degenerate ones: straight lines, a cluster of fixes, repeated fixes), plus scripted flights of
// scripts/synthetic-igc.ts, each under a league, against igc-xc-score.

const oracle = oraclePool();
afterAll(() => oracle.close());

/** The library's time per track (wall clock); FAI cylinders often never prove, so they get less. */
const capFor = (rules: ScoringRules) => (rules === 'FAI-Cylinders' ? 300 : 3000);

const SHAPES = ['walk', 'triangle', 'fai', 'out-and-return', 'line', 'cluster', 'repeats'] as const;
type Shape = (typeof SHAPES)[number];
interface Case {
  shape: Shape;
  seed: number;
  fixes: number;
  latitude: number;
  longitude: number;
  /** km: size of the shape. */
  size: number;
  rules: ScoringRules;
}

/** Fixes along the case's shape with some noise, one every 10 s. */
function trackOf(c: Case): Fix[] {
  const rand = prng(c.seed);
  const kmLat = 1 / 111.2;
  const kmLon = 1 / (111.2 * Math.cos((c.latitude * Math.PI) / 180));
  const corners: [number, number][] = [];
  const angle = rand() * 2 * Math.PI;
  const at = (a: number, r: number): [number, number] => [r * Math.cos(a), r * Math.sin(a)];
  switch (c.shape) {
    case 'triangle':
      corners.push([0, 0], at(angle, c.size), at(angle + 0.4 + rand() * 1.5, c.size * (0.3 + rand())), [rand() * 0.5, rand() * 0.5]);
      break;
    case 'fai':
      corners.push([0, 0], at(angle, c.size), at(angle + Math.PI / 3, c.size), [rand() * 0.3, rand() * 0.3]);
      break;
    case 'out-and-return':
      corners.push([0, 0], at(angle, c.size), at(angle + rand() * 0.2, c.size * 0.1), [rand() * 0.6, rand() * 0.6]);
      break;
    case 'line':
      corners.push([0, 0], at(angle, c.size));
      break;
    case 'cluster':
      corners.push([0, 0], [0.02, 0.01]);
      break;
    default: {
      let p: [number, number] = [0, 0];
      for (let k = 0; k < 6; k++) {
        corners.push(p);
        p = [p[0] + (rand() - 0.5) * c.size, p[1] + (rand() - 0.5) * c.size];
      }
    }
  }
  const noise = c.shape === 'cluster' ? 0.01 : Math.min(0.3, c.size / 30);
  const fixes: Fix[] = [];
  for (let k = 0; k < c.fixes; k++) {
    const f = (k / (c.fixes - 1)) * (corners.length - 1);
    const seg = Math.min(corners.length - 2, Math.floor(f));
    const u = f - seg;
    const a = corners[seg]!;
    const b = corners[seg + 1]!;
    const x = a[0] + (b[0] - a[0]) * u + (rand() - 0.5) * noise;
    const y = a[1] + (b[1] - a[1]) * u + (rand() - 0.5) * noise;
    const fix = { time: 1_700_000_000_000 + k * 10_000, latitude: c.latitude + y * kmLat, longitude: c.longitude + x * kmLon, baroAltitude: 1000, gpsAltitude: 1000 };
    fixes.push(fix);
    if (c.shape === 'repeats' && rand() < 0.3) fixes.push({ ...fix, time: fix.time + 1 });
  }
  return fixes;
}

const cases = fc.record({
  shape: fc.constantFrom(...SHAPES),
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  fixes: fc.integer({ min: 6, max: 160 }),
  // whole micro-degrees and metres: fc.double favours values next to zero
  latitude: fc.integer({ min: -65_000_000, max: 65_000_000 }).map((v) => v / 1e6),
  longitude: fc.integer({ min: -175_000_000, max: 175_000_000 }).map((v) => v / 1e6),
  size: fc.integer({ min: 300, max: 60_000 }).map((m) => m / 1000),
  rules: fc.constantFrom(...SCORING_RULES),
});

// A fixed seed: the same few hundred tracks every run (a failure names its case to replay).
const RANDOM = fc.sample(cases, { seed: 20261125, numRuns: 300 });

describe('the optimizer against igc-xc-score on random tracks', () => {
  it('gives every league its random tracks', () => {
    for (const rules of SCORING_RULES) expect(RANDOM.filter((c) => c.rules === rules).length).toBeGreaterThan(20);
  });

  it('scores 300 random tracks as the library does', async () => {
    const missed: string[] = [];
    await Promise.all(
      RANDOM.map(async (c) => {
        const label = JSON.stringify(c);
        const result = await oracle.compare(trackOf(c), c.rules, capFor(c.rules));
        if (expectOracle(result, label).missed) missed.push(`${label}: library ${result.library.score}, ours ${result.ours.score}`);
      }),
    );
    if (missed.length) console.info(`The library proved a lower optimum than a flight its own scoring accepts on ${missed.length} tracks:\n${missed.join('\n')}`);
  }, 900_000);
});

const glide = (heading: number, seconds: number) => ({ kind: 'glide' as const, heading, seconds, speedKmh: 40 });
const thermal = (seconds: number, direction: 'left' | 'right' = 'right') => ({ kind: 'thermal' as const, seconds, climbMs: 2, direction });
const SCRIPTED: [string, Recording['phases']][] = [
  ['a flat triangle', [glide(0, 240), thermal(60), glide(110, 200), thermal(45, 'left'), glide(235, 280)]],
  ['an FAI triangle', [glide(30, 200), thermal(30), glide(150, 200), glide(270, 210)]],
  ['an out-and-return', [glide(80, 280), thermal(50), glide(260, 275)]],
  ['a straight line', [glide(45, 700)]],
  ['a zig-zag', [glide(0, 120), glide(90, 120), glide(0, 120), glide(90, 120), glide(0, 120)]],
  ['thermals only', [thermal(240), thermal(120, 'left')]],
];

describe('the optimizer against igc-xc-score on scripted flights', () => {
  it.each(SCRIPTED)('scores %s as the library does, under every league', async (_name, phases) => {
    const igc = generateIgc({ start: '2024-07-14T10:00:00Z', latitude: 45.9, longitude: 6.4, altitude: 2000, seed: 7, phases });
    const { fixes } = parseTrack(new TextEncoder().encode(igc), 'scripted.igc');
    const runs = await Promise.all(SCORING_RULES.map(async (rules) => ({ rules, c: await oracle.compare(fixes, rules, capFor(rules) * 2) })));
    for (const { rules, c } of runs) expectOracle(c, `${_name} ${rules}`);
  }, 600_000);
});
