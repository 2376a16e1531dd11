import { SCORING_RULES } from '../../../contract/scoring';
import { oraclePool } from './oracle';
import { longDay, straightGlide, thermalThenGlide } from './worst-cases';

// The optimizer's worst tracks (docs/scoring.md, "Bounded time"): every league answers within its
// work budget, and an answer that stopped there is honest, its flight at most the proven optimum
// and its bound at least that. Speed itself is measured by bench/worst-cases.ts, not asserted.
// The optimizer runs in real threads, as in the server: inside jest's module sandbox it crawls.

const pool = oraclePool();
afterAll(() => pool.close());

describe('worst cases within the work budget', () => {
  it.each([
    ['a 2-hour straight glide at 1 Hz', () => straightGlide(120, 7_200)],
    ['three hours of circling, then a 2 km glide', () => thermalThenGlide()],
  ])('answers %s under every league, an open answer with its bound', async (_name, make) => {
    const fixes = make();
    const answers = await Promise.all(SCORING_RULES.map((rules) => pool.ours(fixes, rules)));
    for (const [i, o] of answers.entries()) {
      const rules = SCORING_RULES[i];
      expect({ rules, answered: o !== null }).toEqual({ rules, answered: true });
      if (!o!.optimal) expect({ rules, bounded: o!.bound! >= o!.score }).toEqual({ rules, bounded: true });
    }
  });

  it.each([
    ['a 15-minute straight glide at 1 Hz', () => straightGlide(15, 900)],
    ['20 minutes of circling, then a glide', () => thermalThenGlide(1_200, 120, 5)],
    ['a 30-minute day', () => longDay(0.5, 9)],
  ])('brackets the proven optimum between the answer and its bound on %s', async (_name, make) => {
    const fixes = make();
    let open = 0;
    // (FAI cylinders' proofs take tens of seconds here, their bounds being looser: 43 s of CPU on the
    // 15-minute glide, measured 2026-12-07)
    const leagues = SCORING_RULES.filter((r) => r !== 'FAI-Cylinders');
    const proofs = await Promise.all(leagues.map((rules) => pool.ours(fixes, rules, Infinity)));
    const quicks = await Promise.all(leagues.map((rules) => pool.ours(fixes, rules, 5_000)));
    for (const [i, rules] of leagues.entries()) {
      const proof = proofs[i]!;
      const quick = quicks[i]!;
      expect({ rules, proven: proof.optimal }).toEqual({ rules, proven: true });
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
