import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { box, CIRCLE, flightIgc, LAT, LON, openAir, SECTOR } from '../../scripts/airspace-scenario';
import { addFile } from './airspace-client';
import { describeEachDatabase, signedInClient, startTestApp, type Client, type TestContext } from './helpers/app';
import { uploadAndWait } from './helpers/upload';

/**
 * Scripted flights against generated OpenAir files (docs/airspace.md, scripts/airspace-scenario.ts):
 * a glide east from 46.6N 7.8E at about 1,900 m through an arc sector (AGL ceiling), a circle (MSL
 * floor) and a box twice (FL floors under and over the track), on 2024-07-20.
 */
const OPENAIR = [openAir(SECTOR, CIRCLE, box('Box FL70', 'FL70'), box('Box FL50', 'FL 50')), '', 'XX nonsense here', 'DP 99:99:99 N 200:00:00 E'].join('\n');
const FLIGHT_IGC = Buffer.from(flightIgc());

/** A 3" SRTM tile of flat ground at the given height (what TERRAIN_DIR holds). */
function flatTile(dir: string, name: string, metres: number) {
  const size = 1201;
  const data = Buffer.alloc(size * size * 2);
  for (let i = 0; i < size * size; i++) data.writeInt16BE(metres, i * 2);
  writeFileSync(join(dir, name), data);
}

const summary = async (client: Client) => (await client.get('/api/FlightDetail')).json()[0] as { id: number; airspaceInfringements: number | null };

for (const terrain of [true, false]) {
  describeEachDatabase(`airspace check ${terrain ? 'with' : 'without'} terrain data`, (kind) => {
    let ctx: TestContext;
    let terrainDir: string;
    beforeAll(async () => {
      terrainDir = mkdtempSync(join(tmpdir(), 'terrain-'));
      flatTile(terrainDir, 'N46E007.hgt', 1500);
      ctx = await startTestApp(kind, terrain ? { TERRAIN_DIR: terrainDir } : {});
    });
    afterAll(async () => {
      await ctx.close();
      rmSync(terrainDir, { recursive: true, force: true });
    });
    const settle = async () => {
      await ctx.services.queue.drain();
      await ctx.services.airspace.drain();
    };

    it('finds the circle, the sector and the box over its FL floor, not the box under it; keeps a clearance through re-analysis', async () => {
      const pilot = await signedInClient(ctx);
      await uploadAndWait(ctx, pilot.client, [{ name: 'f.igc', data: FLIGHT_IGC }]);
      await settle();
      const before = await summary(pilot.client);
      // Checked against no file at all: clean, not "unknown".
      expect(before.airspaceInfringements).toBe(0);

      const added = await addFile(pilot.client, OPENAIR, { name: 'Test air', validFrom: '2024-07-01', validTo: '2024-07-20', scope: 'personal' });
      expect(added.statusCode).toBe(201);
      expect(added.json().shapes).toBe(4);
      expect(added.json().unreadLines).toEqual([
        { line: expect.any(Number), message: 'Unknown command "XX".' },
        { line: expect.any(Number), message: 'Cannot read the point.' },
      ]);
      await settle();

      const answer = (await pilot.client.get(`/api/FlightDetail/${before.id}/airspace`)).json();
      expect(answer.checked).toBe(true);
      const names = answer.infringements.map((i: { name: string }) => i.name);
      expect(names).toEqual(terrain ? ['Sector AGL', 'Circle CTR', 'Box FL50'] : ['Circle CTR', 'Box FL50']);
      expect(answer.notChecked).toEqual(terrain ? [] : [{ name: 'Sector AGL', class: 'R', reason: 'noTerrain' }]);
      const circle = answer.infringements.find((i: { name: string }) => i.name === 'Circle CTR');
      expect(circle).toMatchObject({ class: 'D', altitudeUsed: 'gps', cleared: false, note: null, floor: { reference: 'msl', text: '4900ft MSL' } });
      expect(circle.entry < circle.exit).toBe(true);
      expect(circle.entry).toMatch(/^2024-07-20T09:\d\d:\d\d\.000Z$/);
      // Near the middle of a 926 m circle (the glide wanders a little).
      expect(circle.horizontalMetres).toBeGreaterThan(600);
      expect(circle.horizontalMetres).toBeLessThan(930);
      // About 1,860 m GPS over a 1,494 m floor.
      expect(circle.verticalMetres).toBeGreaterThan(250);
      expect(circle.verticalMetres).toBeLessThan(450);
      expect(answer.infringements.find((i: { name: string }) => i.name === 'Box FL50').altitudeUsed).toBe('pressure');
      if (terrain) expect(answer.infringements[0]).toMatchObject({ name: 'Sector AGL', altitudeUsed: 'agl' });
      // The box under its floor is crossed (the profile draws it), not infringed.
      expect(answer.crossings.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['Box FL70', 'Circle CTR']));
      expect(answer.crossings.find((c: { name: string }) => c.name === 'Box FL70').floorMsl).toBe(2134);
      const count = terrain ? 3 : 2;
      expect((await summary(pilot.client)).airspaceInfringements).toBe(count);

      const index = names.indexOf('Circle CTR');
      const cleared = await pilot.client.put(`/api/FlightDetail/${before.id}/airspace/${index}`, { cleared: true, note: 'cleared by ATC' });
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json().infringements[index]).toMatchObject({ name: 'Circle CTR', cleared: true, note: 'cleared by ATC' });
      expect((await summary(pilot.client)).airspaceInfringements).toBe(count - 1);

      // Re-analysis with a corrected takeoff: a new track, checked again; the clearance stays with its airspace and time.
      const window = await pilot.client.put(`/api/FlightDetail/${before.id}/window`, { takeoffTime: '2024-07-20T09:01:50Z', landingTime: '2024-07-20T09:12:10Z' });
      expect(window.statusCode).toBe(200);
      await settle();
      const again = (await pilot.client.get(`/api/FlightDetail/${before.id}/airspace`)).json();
      expect(again.checkedAt > answer.checkedAt).toBe(true);
      expect(again.infringements.find((i: { name: string }) => i.name === 'Circle CTR')).toMatchObject({ cleared: true, note: 'cleared by ATC' });
      expect((await summary(pilot.client)).airspaceInfringements).toBe(count - 1);

      // Bad input changes nothing.
      expect((await pilot.client.put(`/api/FlightDetail/${before.id}/airspace/99`, { cleared: true })).statusCode).toBe(404);
      expect((await pilot.client.put(`/api/FlightDetail/${before.id}/airspace/0`, { cleared: 'yes' })).statusCode).toBe(400);
      expect((await pilot.client.put(`/api/FlightDetail/${before.id}/airspace/0`, { cleared: true, note: 'x'.repeat(501) })).statusCode).toBe(400);
      expect((await summary(pilot.client)).airspaceInfringements).toBe(count - 1);

      // Removing the file: checked again against nothing.
      const files = (await pilot.client.get('/api/airspace/files')).json().files;
      expect((await pilot.client.delete(`/api/airspace/files/${files[0].id}`)).statusCode).toBe(204);
      await settle();
      expect((await summary(pilot.client)).airspaceInfringements).toBe(0);
    });
  });
}

describeEachDatabase('airspace files: validity, privacy, admins, bad input', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
  });
  afterAll(() => ctx.close());
  const settle = async () => {
    await ctx.services.queue.drain();
    await ctx.services.airspace.drain();
  };

  it('applies a file only on the days it is valid, both ends included, and a pilot’s file only to them', async () => {
    const a = await signedInClient(ctx);
    const b = await signedInClient(ctx);
    for (const p of [a, b]) await uploadAndWait(ctx, p.client, [{ name: 'f.igc', data: FLIGHT_IGC }]);
    expect((await addFile(a.client, CIRCLE.join('\n'), { name: 'From the 21st', validFrom: '2024-07-21', validTo: '2024-12-31', scope: 'personal' })).statusCode).toBe(201);
    await settle();
    expect((await summary(a.client)).airspaceInfringements).toBe(0);
    expect((await addFile(a.client, CIRCLE.join('\n'), { name: 'Until the 20th', validFrom: '2024-01-01', validTo: '2024-07-20', scope: 'personal' })).statusCode).toBe(201);
    await settle();
    expect((await summary(a.client)).airspaceInfringements).toBe(1);
    // B flew the same track: A's files are not B's.
    expect((await summary(b.client)).airspaceInfringements).toBe(0);
    expect((await b.client.get('/api/airspace/files')).json().files).toEqual([]);
    const aFiles = (await a.client.get('/api/airspace/files')).json().files as { id: number; name: string; scope: string }[];
    expect(aFiles.map((f) => [f.name, f.scope])).toEqual([['From the 21st', 'personal'], ['Until the 20th', 'personal']]);
    expect((await b.client.delete(`/api/airspace/files/${aFiles[0]!.id}`)).statusCode).toBe(404);
    expect((await b.client.get(`/api/FlightDetail/${(await summary(a.client)).id}/airspace`)).statusCode).toBe(404);

    // Only an admin loads for the instance; then it applies to everybody.
    expect((await addFile(b.client, CIRCLE.join('\n'), { name: 'Country', validFrom: '2024-01-01', validTo: '2024-12-31', scope: 'instance' })).statusCode).toBe(403);
    const admin = await signedInClient(ctx, { role: 'Admin' });
    expect((await addFile(admin.client, CIRCLE.join('\n'), { name: 'Country', validFrom: '2024-01-01', validTo: '2024-12-31', scope: 'instance' })).statusCode).toBe(201);
    await settle();
    expect((await summary(b.client)).airspaceInfringements).toBe(1);
    const bFiles = (await b.client.get('/api/airspace/files')).json().files as { id: number; scope: string }[];
    expect(bFiles.map((f) => f.scope)).toEqual(['instance']);
    expect((await b.client.delete(`/api/airspace/files/${bFiles[0]!.id}`)).statusCode).toBe(403);

    // The map's shapes for the day and the box.
    const shapes = (await b.client.get(`/api/airspace?bbox=${LON},${LAT - 0.1},${LON + 0.2},${LAT + 0.1}&date=2024-07-20`)).json();
    expect(shapes.shapes.map((s: { name: string }) => s.name)).toEqual(['Circle CTR']);
    expect(shapes.shapes[0].polygon.length).toBeGreaterThan(60);
    expect((await b.client.get(`/api/airspace?bbox=${LON},${LAT - 0.1},${LON + 0.2},${LAT + 0.1}&date=2025-07-20`)).json().shapes).toEqual([]);
    expect((await b.client.get('/api/airspace?bbox=1,2,3&date=2024-07-20')).statusCode).toBe(400);
    expect((await b.client.get('/api/airspace?bbox=1,2,3,4&date=July')).statusCode).toBe(400);
  });

  it('refuses bad files and fields with a clear 400 and stores nothing', async () => {
    const p = await signedInClient(ctx);
    const bad = async (text: string, fields: Record<string, string>, status = 400) => {
      const res = await addFile(p.client, text, fields);
      expect(res.statusCode).toBe(status);
      return res.json().message as string;
    };
    const ok = { name: 'X', validFrom: '2024-01-01', validTo: '2024-12-31', scope: 'personal' };
    expect(await bad('hello\nworld', ok)).toMatch(/No airspace could be read.*line 1/);
    expect(await bad(CIRCLE.join('\n'), { ...ok, validTo: '2023-12-31' })).toBe('validTo must be on or after validFrom.');
    expect(await bad(CIRCLE.join('\n'), { ...ok, validFrom: 'soon' })).toBe('validFrom must be a date (YYYY-MM-DD).');
    expect(await bad(CIRCLE.join('\n'), { ...ok, name: ' ' })).toBe('Give the file a name.');
    expect(await bad(CIRCLE.join('\n'), { ...ok, scope: 'world' })).toBe('scope must be personal or instance.');
    expect((await p.client.request('POST', '/api/airspace/files', {})).statusCode).toBe(400);
    expect((await p.client.get('/api/airspace/files')).json().files.filter((f: { scope: string }) => f.scope === 'personal')).toEqual([]);
  });
});
