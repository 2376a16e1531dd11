import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CIRCLE, flightIgc, openAir } from '../../scripts/airspace-scenario';
import { runAirspaceCommand } from '../src/airspace/cli';
import * as repo from '../src/airspace/repository';
import { addFile } from './airspace-client';
import { describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { uploadAndWait } from './helpers/upload';

/** The background re-check's queue (docs/airspace.md, "Storage and re-checks") and the command line's list. */
describeEachDatabase('airspace re-check queue', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
    // The queue is worked by hand here, step by step, as a busy background loop would interleave it.
    await ctx.services.airspace.stop();
  });
  afterAll(() => ctx.close());
  const db = () => ctx.services.database.db;
  const summary = async (client: Awaited<ReturnType<typeof signedInClient>>['client']) => (await client.get('/api/FlightDetail')).json()[0] as { id: number; airspaceInfringements: number | null };

  it('keeps a flight queued when a file arrives in the same millisecond as the queuing its running check saw', async () => {
    const pilot = await signedInClient(ctx);
    await uploadAndWait(ctx, pilot.client, [{ name: 'f.igc', data: Buffer.from(flightIgc()) }]);
    await ctx.services.queue.drain();
    await ctx.services.airspace.drain();
    expect((await summary(pilot.client)).airspaceInfringements).toBe(0);

    // Every time read below is the same millisecond: on an idle machine a queuing and the next one may well be.
    const frozen = jest.spyOn(Date.prototype, 'toISOString').mockReturnValue('2026-01-01T00:00:00.000Z');
    try {
      await ctx.services.airspace.queueDays(pilot.user.id, '2024-07-01', '2024-07-31');
      // The loop takes the flight and checks it against the files of its day: none yet.
      const [taken] = await repo.pendingFlights(db(), 50);
      expect(taken).toBeDefined();
      expect(await repo.fileVersionsForDay(db(), pilot.user.id, '2024-07-20')).toEqual([]);
      // Meanwhile the pilot loads the circle: the flight is queued again.
      expect((await addFile(pilot.client, openAir(CIRCLE), { name: 'CTR', validFrom: '2024-07-01', validTo: '2024-07-31', scope: 'personal' })).statusCode).toBe(201);
      // The check made before the file ends and takes its queuing off, not the newer one.
      await repo.unqueue(db(), taken!.flightId, taken!.queuedAt);
    } finally {
      frozen.mockRestore();
    }
    expect(await repo.countPending(db(), pilot.user.id)).toBe(1);
    expect(await ctx.services.airspace.drain()).toBe(1);
    expect((await summary(pilot.client)).airspaceInfringements).toBe(1);
    expect(await repo.countPending(db(), null)).toBe(0);
  });

  it('lists the instance files on the command line, no pilot’s own', async () => {
    const pilot = await signedInClient(ctx);
    expect((await addFile(pilot.client, openAir(CIRCLE), { name: 'Only mine', validFrom: '2024-01-01', validTo: '2024-12-31', scope: 'personal' })).statusCode).toBe(201);
    const lines: string[] = [];
    const run = (...args: string[]) => runAirspaceCommand(db(), undefined, args, (l) => lines.push(l));
    await run('list');
    expect(lines).toEqual(['No instance airspace files.']);

    const dir = mkdtempSync(join(tmpdir(), 'airspace-cli-'));
    try {
      writeFileSync(join(dir, 'country.txt'), openAir(CIRCLE));
      await run('add', join(dir, 'country.txt'), '--name', 'Country 2024', '--from', '2024-01-01', '--to', '2024-12-31');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    lines.length = 0;
    await run('list');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\d+\t2024-01-01\.\.2024-12-31\t1 shapes\tCountry 2024$/);
    expect(lines[0]).not.toContain('Only mine');
  });
});
