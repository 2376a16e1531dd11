import { SCORING_RULES } from '../../../contract/scoring';
import { optimize } from '../../src/analysis/optimizer';
import { longDay, straightGlide, thermalThenGlide } from './worst-cases';

// The optimizer's worst tracks (docs/scoring.md, "Bounded time"): every league answers within its
// work budget, and an answer that stopped there is honest, its flight at most the proven optimum
// and its bound at least that. Speed itself is measured by bench/worst-cases.ts, not asserted.

describe('worst cases within the work budget', () => {
  it.each([
    ['a 2-hour straight glide at 1 Hz', () => straightGlide(120, 7_200)],
    ['three hours of circling, then a 2 km glide', () => thermalThenGlide()],
  ])('answers %s under every league, an open answer with its bound', (_name, make) => {
    const fixes = make();
    for (const rules of SCORING_RULES) {
      const o = optimize(fixes, rules)!;
      expect(o).not.toBeNull();
      if (!o.optimal) expect({ rules, bounded: o.bound! >= o.score }).toEqual({ rules, bounded: true });
    }
  });

  it.each([
    ['a 15-minute straight glide at 1 Hz', () => straightGlide(15, 900)],
    ['20 minutes of circling, then a glide', () => thermalThenGlide(1_200, 120, 5)],
    ['a 30-minute day', () => longDay(0.5, 9)],
  ])('brackets the proven optimum between the answer and its bound on %s', (_name, make) => {
    const fixes = make();
    let open = 0;
    // (FAI cylinders' proofs can take minutes here: their bounds stay open around degenerate turnpoints)
    for (const rules of SCORING_RULES.filter((r) => r !== 'FAI-Cylinders')) {
      const proof = optimize(fixes, rules, { work: Infinity })!;
      expect(proof.optimal).toBe(true);
      const quick = optimize(fixes, rules, { work: 5_000 })!;
      if (quick.optimal) {
        expect({ rules, score: quick.score }).toEqual({ rules, score: proof.score });
        continue;
      }
      open++;
      expect({ rules, below: quick.score <= proof.score + 1e-9, bounds: quick.bound! >= proof.score - 1e-9 }).toEqual({ rules, below: true, bounds: true });
    }
    // the small budget does stop some leagues on these tracks
    expect(open).toBeGreaterThan(0);
  });
});
