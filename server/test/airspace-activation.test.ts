import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateIgc } from '../../scripts/synthetic-igc';
import { addFile, replaceFile } from './airspace-client';
import { describeEachDatabase, signedInClient, startTestApp, type Client, type TestContext } from './helpers/app';
import { uploadAndWait } from './helpers/upload';

/**
 * Activation on Germany's national OpenAir file (server/test/fixtures/openair/SOURCES.md,
 * docs/airspace.md "Activation"): a glide at about 1,300 m over the Hohenfels training area, where
 * EDR137A (GND to 5,000 ft, "H24") is always active and EDR137B around it (GND to FL75, "NOTAM")
 * only when announced. The glide goes west into EDR137A, back east out of it and west into it
 * again: two passages of one airspace, one row.
 */
const GERMANY = readFileSync(join(__dirname, 'fixtures/openair/germany-daec-2026.txt'));
const HOHENFELS_IGC = Buffer.from(
  generateIgc({
    start: '2024-07-20T09:00:00Z',
    latitude: 49.245,
    longitude: 12.045,
    altitude: 1300,
    seed: 11,
    phases: [
      { kind: 'ground', seconds: 60 },
      { kind: 'glide', seconds: 900, heading: 270, speedKmh: 36, sinkMs: 0.05 },
      { kind: 'glide', seconds: 200, heading: 90, speedKmh: 36, sinkMs: 0.05 },
      { kind: 'glide', seconds: 200, heading: 270, speedKmh: 36, sinkMs: 0.05 },
      { kind: 'ground', seconds: 60 },
    ],
  }),
);

interface Row {
  index: number;
  name: string;
  activation: string;
  activationReason: string | null;
  passages: { entry: string; exit: string }[];
  entry: string;
  exit: string;
  verticalLimit: string | null;
  verticalMetres: number;
  horizontalMetres: number;
  cleared: boolean;
  notActive: boolean;
}
interface Answer {
  infringements: Row[];
  notCleared: number;
  toCheck: number;
}

describeEachDatabase('airspace activation on a national file', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
  });
  afterAll(() => ctx.close());
  const settle = async () => {
    await ctx.services.queue.drain();
    await ctx.services.airspace.drain();
  };
  const summary = async (client: Client) => (await client.get('/api/FlightDetail')).json()[0] as { id: number; airspaceInfringements: number | null };
  const airspace = async (client: Client, id: number) => (await client.get(`/api/FlightDetail/${id}/airspace`)).json() as Answer;
  const row = (answer: Answer, name: string) => answer.infringements.find((r) => r.name === name)!;

  it('counts an always-active area, asks to check one active by NOTAM, and keeps "not active that day" per flight and area', async () => {
    const pilot = await signedInClient(ctx);
    const other = await signedInClient(ctx);
    await uploadAndWait(ctx, pilot.client, [{ name: 'hohenfels.igc', data: HOHENFELS_IGC }]);
    const file = await addFile(pilot.client, GERMANY, { name: 'Germany', validFrom: '2024-01-01', validTo: '2024-12-31', scope: 'personal' });
    expect(file.statusCode).toBe(201);
    expect(file.json()).toMatchObject({ shapes: 667, unreadLines: [] });
    await settle();
    const { id } = await summary(pilot.client);

    const answer = await airspace(pilot.client, id);
    expect(answer.infringements.map((r) => r.name)).toEqual(['EDR137B Hohenfels NOTAM', 'EDR137A Hohenfels H24']);
    const always = row(answer, 'EDR137A Hohenfels H24');
    const notam = row(answer, 'EDR137B Hohenfels NOTAM');
    // Two passages of EDR137A, one row from the first entry to the last exit.
    expect(always.passages).toHaveLength(2);
    expect(always.entry).toBe(always.passages[0]!.entry);
    expect(always.exit).toBe(always.passages[1]!.exit);
    expect(always.passages[0]!.exit < always.passages[1]!.entry).toBe(true);
    expect(always).toMatchObject({ activation: 'active', activationReason: null, verticalLimit: 'ceiling', notActive: false });
    // About 1,300 m under a 1,524 m (5,000 ft) ceiling.
    expect(always.verticalMetres).toBeGreaterThan(150);
    expect(always.verticalMetres).toBeLessThan(300);
    expect(notam).toMatchObject({ activation: 'unknown', activationReason: 'NOTAM', verticalLimit: 'ceiling', notActive: false });
    expect(notam.passages).toHaveLength(1);
    // Only the always-active area is an infringement; the other is counted apart.
    expect(answer).toMatchObject({ notCleared: 1, toCheck: 1 });
    expect((await summary(pilot.client)).airspaceInfringements).toBe(1);

    // Bad input, an always-active area, another pilot: refused, nothing changes.
    const put = (client: Client, index: number, body: unknown) => client.put(`/api/FlightDetail/${id}/airspace/${index}/activation`, body);
    expect((await put(pilot.client, notam.index, { notActive: 'yes' })).statusCode).toBe(400);
    expect((await put(pilot.client, notam.index, {})).statusCode).toBe(400);
    const activeRefused = await put(pilot.client, always.index, { notActive: true });
    expect(activeRefused.statusCode).toBe(400);
    expect(activeRefused.json().message).toMatch(/mark it cleared instead/);
    expect((await put(pilot.client, 99, { notActive: true })).statusCode).toBe(404);
    const theirs = await put(other.client, notam.index, { notActive: true });
    const unknown = await other.client.put(`/api/FlightDetail/2000000000/airspace/0/activation`, { notActive: true });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(unknown.body);
    expect(await airspace(pilot.client, id)).toEqual(answer);

    // One click: not active that day. It is no longer to check, and stays so.
    const marked = await put(pilot.client, notam.index, { notActive: true });
    expect(marked.statusCode).toBe(200);
    expect(row(marked.json(), 'EDR137B Hohenfels NOTAM').notActive).toBe(true);
    expect(marked.json()).toMatchObject({ notCleared: 1, toCheck: 0 });
    expect(await airspace(pilot.client, id)).toMatchObject({ notCleared: 1, toCheck: 0 });
    expect((await summary(pilot.client)).airspaceInfringements).toBe(1);

    // A re-check (the file's content replaced by itself) keeps the pilot's word with its airspace.
    expect((await replaceFile(pilot.client, file.json().id, GERMANY, {})).statusCode).toBe(200);
    await settle();
    const again = await airspace(pilot.client, id);
    expect(row(again, 'EDR137B Hohenfels NOTAM').notActive).toBe(true);
    expect(again).toMatchObject({ notCleared: 1, toCheck: 0 });

    // Clearing the always-active one leaves nothing counted; taking "not active" back asks again.
    expect((await pilot.client.put(`/api/FlightDetail/${id}/airspace/${always.index}`, { cleared: true, note: 'range closed, told by tower' })).statusCode).toBe(200);
    expect((await summary(pilot.client)).airspaceInfringements).toBe(0);
    const undone = (await put(pilot.client, notam.index, { notActive: false })).json() as Answer;
    expect(undone).toMatchObject({ notCleared: 0, toCheck: 1 });
    expect(row(undone, 'EDR137B Hohenfels NOTAM').notActive).toBe(false);
    // The national file (667 airspaces) is read and checked twice: over a minute when the machine is shared.
  }, 240_000);
});
