import { SCORING_RULES, type ScoringRules } from '../../../contract/scoring';
import { type FlightAnalysis } from '../../src/analysis';
import { scoringRulesFor } from '../../src/analysis/scoring';
import { AnalysisPool } from '../../src/ingest/analysis-pool';
import { unpack } from '../helpers/analysis';
import { fixture } from '../helpers/fixtures';

// The XC solver runs many times slower inside jest's module sandbox: score through the real worker pool.
async function scored(name: string, scoringRules: ScoringRules): Promise<FlightAnalysis> {
  const pool = new AnalysisPool(1, { scoringRules });
  try {
    const result = await pool.analyse(fixture(name));
    if (!result.ok) throw new Error(result.message);
    return unpack(result.value[0]!);
  } finally {
    await pool.close();
  }
}

describe('scoring rules', () => {
  it('finds igc-xc-score rules for every league the pilot can choose, and refuses another name clearly', () => {
    for (const rules of SCORING_RULES) expect(scoringRulesFor(rules).length).toBeGreaterThan(0);
    expect(() => scoringRulesFor('Bogus' as ScoringRules)).toThrow('Unknown scoring rules "Bogus": expected one of XContest, FFVL, FAI, FAI-Cylinders, FAI-OAR, FAI-OAR2, XCLeague.');
  });
});

describe('one flight under every league', () => {
  const results = new Map<ScoringRules, FlightAnalysis>();
  beforeAll(async () => {
    for (const rules of SCORING_RULES) results.set(rules, await scored('d3p.igc', rules));
  }, 120_000);
  const of = (rules: ScoringRules) => results.get(rules)!;

  it('scores the free distance of d3p.igc under XContest and FFVL at the published 60.77', () => {
    for (const rules of ['XContest', 'FFVL'] as const) {
      expect(of(rules).flightCode).toBe('od');
      expect(of(rules).xcPoints).toBeCloseTo(60.77, 2);
    }
  });

  it('FAI rounds to 100 m, and its 400 m cylinders shorten the same flight', () => {
    expect(of('FAI').flightCode).toBe('od');
    expect(of('FAI').xcDistance).toBeCloseTo(60.8, 5);
    expect(of('FAI-Cylinders').xcDistance).toBeLessThan(of('FAI').xcDistance);
    expect(of('FAI-Cylinders').xcDistance).toBeGreaterThan(of('FAI').xcDistance - 1.6);
  });

  it('the out-and-return leagues score only the way out and back, about half of a one-way flight', () => {
    for (const rules of ['FAI-OAR', 'FAI-OAR2'] as const) {
      expect(of(rules).flightCode).toBe('oar');
      expect(of(rules).xcDistance).toBeLessThan(of('FAI').xcDistance * 0.6);
      expect(of(rules).xcDistance).toBeGreaterThan(of('FAI').xcDistance * 0.4);
    }
    expect(of('FAI-OAR2').xcDistance).toBeGreaterThanOrEqual(of('FAI-OAR').xcDistance);
  });

  it('the UK XC League scores it as open distance', () => {
    expect(of('XCLeague').flightCode).toBe('od');
    expect(of('XCLeague').xcPoints).toBeCloseTo(60.8, 1);
  });

  it("a triangle scores with each league's multiplier: FFVL 1.2, XContest less on the same triangle", async () => {
    const [ffvl, xcontest] = [await scored('tri.igc', 'FFVL'), await scored('tri.igc', 'XContest')];
    expect(ffvl.flightCode).toBe('tri');
    expect(xcontest.flightCode).toBe('tri');
    expect(ffvl.xcPoints).toBeCloseTo(17.52, 2);
    expect(xcontest.xcPoints).toBeLessThan(ffvl.xcPoints);
  });
});
