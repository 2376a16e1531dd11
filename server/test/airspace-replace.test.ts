import { box, CIRCLE, flightIgc, openAir } from '../../scripts/airspace-scenario';
import { addFile, replaceFile } from './airspace-client';
import { describeEachDatabase, signedInClient, startTestApp, type Client, type TestContext } from './helpers/app';
import { uploadAndWait } from './helpers/upload';

/** PUT /api/airspace/files/:id (docs/airspace.md): a file's content, name or validity replaced, its old and new days checked again. */
describeEachDatabase('airspace file replaced', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
  });
  afterAll(() => ctx.close());
  const settle = async () => {
    await ctx.services.queue.drain();
    await ctx.services.airspace.drain();
  };
  const count = async (client: Client) => ((await client.get('/api/FlightDetail')).json()[0] as { airspaceInfringements: number | null }).airspaceInfringements;
  const files = async (client: Client) => (await client.get('/api/airspace/files')).json().files as { id: number; name: string; validFrom: string; validTo: string; shapes: number; scope: string; unreadLines: unknown[] }[];
  const JULY = { validFrom: '2024-07-01', validTo: '2024-07-31' };
  // The box under its FL70 floor is crossed, not infringed: the same flight, clean.
  const UNDER = openAir(box('Box FL70', 'FL70'));

  it('replaces the owner’s file, its content or only its name and dates, and checks the flights again', async () => {
    const pilot = await signedInClient(ctx);
    const other = await signedInClient(ctx);
    for (const p of [pilot, other]) await uploadAndWait(ctx, p.client, [{ name: 'f.igc', data: Buffer.from(flightIgc()) }]);
    const added = (await addFile(pilot.client, openAir(CIRCLE), { name: 'CTR', ...JULY, scope: 'personal' })).json();
    await settle();
    expect(await count(pilot.client)).toBe(1);

    // New content: the same id, the new shapes, answered as POST.
    const replaced = await replaceFile(pilot.client, added.id, [UNDER, 'QQ what'].join('\n'), {});
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toEqual({ id: added.id, shapes: 1, unreadLines: [{ line: 9, message: 'Unknown command "QQ".' }] });
    await settle();
    expect(await count(pilot.client)).toBe(0);
    expect(await files(pilot.client)).toEqual([expect.objectContaining({ id: added.id, name: 'CTR', shapes: 1, ...JULY })]);

    // The circle again, then only the dates: moved off the flight's day, the flight is clean; back on, flagged.
    expect((await replaceFile(pilot.client, added.id, openAir(CIRCLE), {})).statusCode).toBe(200);
    await settle();
    expect(await count(pilot.client)).toBe(1);
    const moved = await replaceFile(pilot.client, added.id, null, { name: 'CTR August', validFrom: '2024-08-01', validTo: '2024-08-31' });
    expect(moved.json()).toEqual({ id: added.id, shapes: 1, unreadLines: [] });
    await settle();
    expect(await count(pilot.client)).toBe(0);
    expect(await files(pilot.client)).toEqual([expect.objectContaining({ name: 'CTR August', validFrom: '2024-08-01', validTo: '2024-08-31' })]);
    expect((await replaceFile(pilot.client, added.id, null, { validFrom: '2024-07-20' })).statusCode).toBe(200);
    await settle();
    expect(await count(pilot.client)).toBe(1);

    // Another pilot: the same 404 as an unknown id, and nothing changes.
    const theirs = await replaceFile(other.client, added.id, UNDER, { name: 'Mine now' });
    const unknown = await replaceFile(other.client, 2_000_000_000, UNDER, { name: 'Mine now' });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(unknown.body);
    await settle();
    expect(await count(pilot.client)).toBe(1);
    expect(await count(other.client)).toBe(0);
    expect(await files(pilot.client)).toEqual([expect.objectContaining({ name: 'CTR August', validFrom: '2024-07-20', shapes: 1 })]);
  });

  it('lets only an admin replace an instance file, which then applies to everybody', async () => {
    const pilot = await signedInClient(ctx);
    await uploadAndWait(ctx, pilot.client, [{ name: 'f.igc', data: Buffer.from(flightIgc()) }]);
    const admin = await signedInClient(ctx, { role: 'Admin' });
    const added = (await addFile(admin.client, UNDER, { name: 'Country', ...JULY, scope: 'instance' })).json();
    await settle();
    expect(await count(pilot.client)).toBe(0);
    expect((await replaceFile(pilot.client, added.id, openAir(CIRCLE), {})).statusCode).toBe(403);
    await settle();
    expect(await count(pilot.client)).toBe(0);
    const replaced = await replaceFile(admin.client, added.id, openAir(CIRCLE), { scope: 'instance' });
    expect(replaced.statusCode).toBe(200);
    await settle();
    expect(await count(pilot.client)).toBe(1);
    expect((await files(pilot.client)).filter((f) => f.scope === 'instance')).toEqual([expect.objectContaining({ id: added.id, name: 'Country', shapes: 1 })]);
    expect((await admin.client.delete(`/api/airspace/files/${added.id}`)).statusCode).toBe(204);
    await settle();
  });

  it('refuses bad input with a 400 and changes nothing', async () => {
    const pilot = await signedInClient(ctx);
    const added = (await addFile(pilot.client, openAir(CIRCLE), { name: 'CTR', ...JULY, scope: 'personal' })).json();
    const bad = async (text: string | null, fields: Record<string, string>) => {
      const res = await replaceFile(pilot.client, added.id, text, fields);
      expect(res.statusCode).toBe(400);
      return res.json().message as string;
    };
    expect(await bad('hello\nworld', {})).toMatch(/No airspace could be read.*line 1/);
    expect(await bad(UNDER, { validTo: '2024-06-30' })).toBe('validTo must be on or after validFrom.');
    expect(await bad(null, { validFrom: '2024-08-01' })).toBe('validTo must be on or after validFrom.');
    expect(await bad(UNDER, { validFrom: 'soon' })).toBe('validFrom must be a date (YYYY-MM-DD).');
    expect(await bad(UNDER, { name: ' ' })).toBe('Give the file a name.');
    expect(await bad(UNDER, { scope: 'instance' })).toMatch(/keeps its scope/);
    expect(await bad(null, {})).toMatch(/Nothing to change/);
    expect((await pilot.client.request('PUT', `/api/airspace/files/${added.id}`, { name: 'JSON' })).statusCode).toBe(400);
    expect(await files(pilot.client)).toEqual([expect.objectContaining({ id: added.id, name: 'CTR', shapes: 1, unreadLines: [], ...JULY })]);
    expect(await ctx.services.airspace.drain()).toBe(0);
  });
});
