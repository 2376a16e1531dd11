import { join } from 'node:path';
import { SCORING_RULES, type ScoringRules } from '../../../contract/scoring';
import { FIXTURE_DIR } from '../helpers/fixtures';
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
/**
 * The library's time per league and flight (wall clock, in its thread), beside its node budget (LIBRARY_NODES,
 * oracle.ts); past them, only "never below" applies.
 */
const CAP_MS = 4000;

const oracle = oraclePool();
afterAll(() => oracle.close());

/**
 * Each recording under each of its leagues, one task per league for the two threads (which read and cut the
 * recording themselves, outside the sandbox). A test queues its own and the next recording's tasks, so a thread
 * that finishes this recording's last league goes on with the next instead of waiting for the other's.
 */
const started = new Map<number, Promise<Awaited<ReturnType<typeof oracle.compareRecording>>>[]>();
function runsOf(index: number) {
  for (const i of [index, index + 1]) {
    if (started.has(i) || i >= MATRIX.length) continue;
    const [name, leagues] = MATRIX[i]!;
    const runs = leagues.map((rules) => oracle.compareRecording(join(FIXTURE_DIR, name), rules, CAP_MS));
    // A queued run that no test awaits any more (a run filtered with -t) rejects when the pool closes.
    for (const run of runs) run.catch(() => undefined);
    started.set(i, runs);
  }
  return started.get(index)!;
}

describe('the optimizer against igc-xc-score on every real recording', () => {
  it('covers every recording of the fixtures', () => {
    const { readdirSync } = jest.requireActual<typeof import('node:fs')>('node:fs');
    const { FIXTURE_DIR } = jest.requireActual<typeof import('../helpers/fixtures')>('../helpers/fixtures');
    const files = readdirSync(FIXTURE_DIR).filter((f) => /\.igc$/i.test(f));
    expect(MATRIX.map(([f]) => f).sort()).toEqual(files.sort());
  });

  it.each(MATRIX)('%s scores the same under %p', async (name, leagues) => {
    const byLeague = await Promise.all(runsOf(MATRIX.findIndex(([n]) => n === name)));
    const flights = byLeague[0]!.length;
    expect(flights).toBeGreaterThan(0);
    for (let k = 0; k < flights; k++) {
      for (const [l, rules] of leagues.entries()) {
        const label = `${name}#${k} ${rules}`;
        const c = byLeague[l]![k]!;
        const { missed } = expectOracle(c, label);
        if (missed) console.info(`${label}: the library proved ${c.library.score}, its own scoring gives our turnpoints ${c.confirmed}`);
        if (c.libraryMove !== c.confirmed) console.info(`${label}: the library's own cylinder move scores our turnpoints ${c.libraryMove}, the rule's ${c.confirmed}`);
      }
    }
  }, 600_000);
});
