import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateIgc, thermalFlight } from '../../scripts/synthetic-igc';
import { flightTotals } from '../src/achievements/repository';
import { REASON } from '../src/analysis/validation';
import { describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { makeZip, multipart } from './helpers/archives';

const INTERLAKEN = { latitude: 46.68, longitude: 7.86, altitude: 1800 };
const flight = (start: string, opts: { seed?: number; site?: typeof INTERLAKEN; gliderType?: string } = {}) =>
  Buffer.from(generateIgc({ ...thermalFlight(start, opts.seed ?? 1, opts.site ?? INTERLAKEN), gliderType: opts.gliderType }));
const shifted = (metresNorth: number) => ({ ...INTERLAKEN, latitude: INTERLAKEN.latitude + metresNorth / 111_195 });

/** Checks that need the pilot's other flights: Duplicate Flight, Similar Flight and launch sites. */
describeEachDatabase('flights compared across files', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    // Two analysis threads, so files of one upload are stored at the same moment.
    ctx = await startTestApp(kind, { WORKERS: '2' });
  });
  afterAll(() => ctx.close());

  async function uploadAll(files: { name: string; data: Buffer }[]) {
    const pilot = await signedInClient(ctx);
    const { payload, headers } = multipart([{ name: 'day.zip', data: makeZip(files) }]);
    expect((await pilot.client.request('POST', '/api/FlightDetail/upload', payload, headers)).statusCode).toBe(200);
    await ctx.services.queue.drain();
    const rows = await ctx.services.database.db
      .selectFrom('flights')
      .innerJoin('igcFiles', 'igcFiles.id', 'flights.igcFileId')
      .select(['igcFiles.originalFilename as file', 'flights.status', 'flights.removalReason', 'flights.siteId', 'flights.takeoffLocation'])
      .where('flights.userId', '=', pilot.user.id)
      .orderBy('igcFiles.originalFilename')
      .execute();
    const sites = await ctx.services.database.db.selectFrom('sites').select(['id', 'name']).where('userId', '=', pilot.user.id).execute();
    return { rows, sites, userId: pilot.user.id, reasons: Object.fromEntries(rows.map((r) => [r.file, r.removalReason ?? REASON.none])) };
  }

  it('keeps exactly one of several files holding the same fixes unmarked and marks the others Duplicate Flight, even when analysed at once', async () => {
    const copies = ['Rush 6', 'Rush 6 (export)', 'Rush 6 (backup)', 'Rush 6 (phone)'].map((gliderType, i) => ({ name: `copy-${i}.igc`, data: flight('2024-07-20T09:00:00Z', { gliderType }) }));
    const { rows, reasons } = await uploadAll([...copies, { name: 'other-day.igc', data: flight('2024-07-21T09:00:00Z', { seed: 2 }) }]);
    expect(rows.every((r) => r.status === 'Completed')).toBe(true);
    expect(copies.map((c) => reasons[c.name]).sort()).toEqual([REASON.none, REASON.duplicate, REASON.duplicate, REASON.duplicate].sort());
    expect(reasons['other-day.igc']).toBe(REASON.none);
  });

  it('marks a second instrument’s recording of the same flight as Similar Flight, not one an hour later', async () => {
    const { reasons } = await uploadAll([
      { name: 'a-vario.igc', data: flight('2024-07-22T09:00:00Z') },
      { name: 'b-phone.igc', data: flight('2024-07-22T09:00:00Z', { site: shifted(40) }) },
      { name: 'c-later.igc', data: flight('2024-07-22T10:00:00Z', { site: shifted(40) }) },
    ]);
    expect([reasons['a-vario.igc'], reasons['b-phone.igc']].sort()).toEqual([REASON.none, REASON.similar].sort());
    expect(reasons['c-later.igc']).toBe(REASON.none);
  });

  it('marks a truncated copy of a flight (a real recorder file cut short) as Similar Flight, so it counts once', async () => {
    const whole = readFileSync(join(__dirname, 'fixtures/igc/20180427.igc'), 'latin1');
    const lines = whole.split(/\r?\n/);
    const fixes = lines.map((l, i) => (l.startsWith('B') ? i : -1)).filter((i) => i >= 0);
    // The recorder stopped two thirds of the way through: the header and the first fixes only.
    const cut = fixes[Math.floor(fixes.length * (2 / 3))]!;
    const truncated = lines.slice(0, cut).join('\r\n') + '\r\n';
    const { reasons, userId } = await uploadAll([
      { name: 'full.igc', data: Buffer.from(whole, 'latin1') },
      { name: 'truncated.igc', data: Buffer.from(truncated, 'latin1') },
    ]);
    expect([reasons['full.igc'], reasons['truncated.igc']].sort()).toEqual([REASON.none, REASON.similar].sort());
    // One flight towards the achievements, not two.
    const totals = await flightTotals(ctx.services.database.db, userId);
    expect(Number(totals.flights)).toBe(1);
  });

  it('gives takeoffs within 300 m one launch site named after the takeoff, and a takeoff 2 km away its own', async () => {
    const { rows, sites } = await uploadAll([
      { name: 'a.igc', data: flight('2024-08-01T09:00:00Z', { seed: 3 }) },
      { name: 'b.igc', data: flight('2024-08-02T09:00:00Z', { seed: 4, site: shifted(150) }) },
      { name: 'c.igc', data: flight('2024-08-03T09:00:00Z', { seed: 5, site: shifted(-120) }) },
      { name: 'd.igc', data: flight('2024-08-04T09:00:00Z', { seed: 6, site: shifted(2000) }) },
    ]);
    const siteOf = Object.fromEntries(rows.map((r) => [r.file, r.siteId]));
    // Two launch sites; the landings have sites of their own.
    expect(new Set(Object.values(siteOf)).size).toBe(2);
    expect(sites.length).toBeGreaterThan(2);
    expect(siteOf['b.igc']).toBe(siteOf['a.igc']);
    expect(siteOf['c.igc']).toBe(siteOf['a.igc']);
    expect(siteOf['d.igc']).not.toBe(siteOf['a.igc']);
    const shared = sites.find((s) => s.id === siteOf['a.igc'])!;
    // Named after the takeoff of whichever of the three was analysed first (the threads race for it).
    const takeoffs = rows.filter((r) => ['a.igc', 'b.igc', 'c.igc'].includes(r.file)).map((r) => r.takeoffLocation);
    expect(takeoffs).toContain(shared.name);
  });
});
