import { join } from 'node:path';
import Piscina from 'piscina';
import { loadTruth, report, summarise, type FileResult } from './corpus';

/**
 * `npm run validate` as a test: every file of the labelled corpus (fixtures/corpus/truth.json) read
 * through the detection the upload runs, parsed once and judged against the truth written from its fixes,
 * in a worker thread outside jest's module sandbox (corpus-worker.cjs says why).
 */
let results: FileResult[] = [];
beforeAll(async () => {
  const pool = new Piscina({ filename: join(__dirname, 'corpus-worker.cjs'), minThreads: 1, maxThreads: 1 });
  try {
    results = (await pool.run(null)) as FileResult[];
  } finally {
    await pool.destroy();
  }
}, 300_000);

describe('the labelled corpus', () => {
  it('holds at least 300 real recordings from at least 20 recorders, flights and non-flights, IGC and GPX', () => {
    const truth = Object.entries(loadTruth());
    expect(truth.length).toBeGreaterThanOrEqual(300);
    expect(new Set(truth.map(([, t]) => t.recorder.split(/[\s(]/)[0])).size).toBeGreaterThanOrEqual(20);
    expect(truth.filter(([, t]) => t.kind === 'not a flight').length).toBeGreaterThanOrEqual(10);
    expect(truth.some(([f]) => /\.gpx(\.gz)?$/.test(f))).toBe(true);
    // No hang glider recording with a licence to keep was found (docs/validation.md, "The labelled corpus").
    for (const category of ['paraglider', 'sailplane']) expect(truth.some(([, t]) => t.category === category)).toBe(true);
  });

  it('reads every file right: flights, non-flights, and undecidable files kept for review', () => {
    const summary = summarise(results);
    const wrong = results.filter((r) => !r.right).map((r) => `${r.file}: ${r.why}`);
    expect({ wrong, report: wrong.length ? report(summary) : '' }).toEqual({ wrong: [], report: '' });
  });

  it('has takeoff and landing within 60 s of the truth for at least 98% of flights', () => {
    const summary = summarise(results);
    expect(summary.flights).toBeGreaterThanOrEqual(250);
    expect(summary.withinTolerance / summary.flights).toBeGreaterThanOrEqual(0.98);
  });
});
