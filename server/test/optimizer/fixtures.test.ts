import { SCORING_RULES, type ScoringRules } from '../../../contract/scoring';
import { parseTrack } from '../../src/analysis/parse';
import { detectFlights } from '../../src/analysis/segments';
import { fixture } from '../helpers/fixtures';
import { expectOracle, oraclePool } from './oracle';

// Every real recording of fixtures/igc, each flight in it as the app cuts it, against igc-xc-score.
// Short recordings run under every league; the long ones under two or three each (the library
// needs seconds per league on them), so that every league meets long flights too.
const ALL = SCORING_RULES;
const MATRIX: [string, readonly ScoringRules[]][] = [
  ['d3p.igc', ALL],
  ['tri.igc', ALL],
  ['flat-ffvl-26.37.igc', ALL],
  ['flat-xcontest-8.01.igc', ALL],
  ['marcourt.igc', ALL],
  ['20241007TZN.igc', ALL],
  ['new_date_format.igc', ALL],
  ['no_time_increment.igc', ALL],
  ['lad_lod_extensions.igc', ALL],
  ['fai.igc', ['XContest', 'FFVL', 'FAI']],
  ['654G6NG1.IGC', ['XContest', 'FAI-OAR2', 'XCLeague']],
  ['MD_85ugkjj1.IGC', ['FFVL', 'FAI', 'FAI-Cylinders']],
  ['1G_77fv6m71.igc', ['XContest', 'XCLeague']],
  ['2016-11-08-xcs-aaa-02.igc', ['FAI', 'FAI-OAR2']],
  ['20180427.igc', ['XContest', 'FAI-OAR']],
  ['20211015.igc', ['XContest', 'FFVL']],
  ['d3p-anti-cache.igc', ['FFVL', 'FAI-OAR2']],
  ['discontinuity.igc', ['FAI', 'FAI-OAR']],
  ['dup-fixes.igc', ['XContest', 'XCLeague']],
  ['hiking-up.igc', ['XContest', 'FAI']],
  ['line.igc', ['XContest', 'FAI-OAR2']],
  ['lunch-break.igc', ['XContest', 'FFVL']],
  ['zigzag.igc', ['FFVL', 'XCLeague']],
];
/** The library's time per league and flight (wall clock, in its thread); past it, only "never below" applies. */
const CAP_MS = 4000;

const oracle = oraclePool();
afterAll(() => oracle.close());

const flightsOf = (name: string) => {
  const parsed = parseTrack(fixture(name), name);
  const segments = detectFlights(parsed.fixes);
  return (segments.length ? segments : [{ start: 0, end: parsed.fixes.length - 1 }]).map((s) => parsed.fixes.slice(s.start, s.end + 1)).filter((f) => f.length >= 5);
};

describe('the optimizer against igc-xc-score on every real recording', () => {
  it('covers every recording of the fixtures', () => {
    const { readdirSync } = jest.requireActual<typeof import('node:fs')>('node:fs');
    const { FIXTURE_DIR } = jest.requireActual<typeof import('../helpers/fixtures')>('../helpers/fixtures');
    const files = readdirSync(FIXTURE_DIR).filter((f) => /\.igc$/i.test(f));
    expect(MATRIX.map(([f]) => f).sort()).toEqual(files.sort());
  });

  it.each(MATRIX)('%s scores the same under %p', async (name, leagues) => {
    const flights = flightsOf(name);
    expect(flights.length).toBeGreaterThan(0);
    const runs = flights.flatMap((fixes, k) => leagues.map(async (rules) => ({ label: `${name}#${k} ${rules}`, c: await oracle.compare(fixes, rules, CAP_MS) })));
    for (const { label, c } of await Promise.all(runs)) {
      const { missed } = expectOracle(c, label);
      if (missed) console.info(`${label}: the library proved ${c.library.score}, its own scoring gives our turnpoints ${c.confirmed}`);
      if (c.libraryMove !== c.confirmed) console.info(`${label}: the library's own cylinder move scores our turnpoints ${c.libraryMove}, the rule's ${c.confirmed}`);
    }
  }, 600_000);
});
