import { openDatabase } from '../src/db';
import { claimGearReminderLines, sendGearReminders } from '../src/gear';
import { sendCommentDigests } from '../src/comments';
import { addMonths } from '../src/gear/due';
import { describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { seedFlights } from './helpers/flights';
import { readOutbox } from './helpers/outbox';

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86400_000).toISOString().slice(0, 10);
const monthsAgo = (months: number) => addMonths(day(0), -months);

/** A multipart body with one file in the field "file", as the check form sends a report. */
function reportUpload(name: string, data: Buffer) {
  const boundary = `----gear${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

const reserve = (over: Record<string, unknown> = {}) => ({ kind: 'reserve', name: 'Companion SQR 120', inUseFrom: monthsAgo(7), ...over });

describe('due dates (calendar months)', () => {
  it('keeps the day of the month, or the month’s last day', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2023-01-31', 1)).toBe('2023-02-28');
    expect(addMonths('2024-06-15', 6)).toBe('2024-12-15');
    expect(addMonths('2024-11-30', 3)).toBe('2025-02-28');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
  });
});

describeEachDatabase('gear', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind, {}, { workers: false });
  });
  afterAll(() => ctx.close());
  const db = () => ctx.services.database.db;

  it('is due by months from coming into use, then from the last check done', async () => {
    const { client } = await signedInClient(ctx);
    const item = await client.post('/api/gear', reserve());
    expect(item.statusCode).toBe(201);
    const created = await client.post('/api/gear/checks', { itemId: item.json().id, name: 'Repack', intervalMonths: 6 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Repack', lastDone: null, dueOn: addMonths(monthsAgo(7), 6), state: 'overdue', records: [] });

    // Done six months before a day 20 days ahead, so due within DUE_SOON_DAYS whatever the month's length.
    const lastDone = addMonths(day(20), -6);
    const done = await client.post(`/api/gear/checks/${created.json().id}/records`, { doneOn: lastDone, doneBy: 'Para-Loft', notes: 'Pins fine' });
    expect(done.statusCode).toBe(201);
    expect(done.json()).toMatchObject({ lastDone, dueOn: addMonths(lastDone, 6), state: 'soon' });
    expect(done.json().records).toEqual([{ id: expect.any(Number), doneOn: lastDone, doneBy: 'Para-Loft', notes: 'Pins fine', reportType: null, reportName: null }]);

    await client.post(`/api/gear/checks/${created.json().id}/records`, { doneOn: day(0) });
    const [listed] = (await client.get('/api/gear')).json().items;
    expect(listed.checks[0]).toMatchObject({ lastDone: day(0), dueOn: addMonths(day(0), 6), state: 'ok' });
    expect(listed.checks[0].records.map((r: { doneOn: string }) => r.doneOn)).toEqual([day(0), lastDone]);
    expect((await client.get('/api/gear/due')).json()).toEqual([]);
  });

  it('is due by the flight hours of the wing, counted from the last check', async () => {
    const { client, user } = await signedInClient(ctx);
    const wing = (await client.post('/api/gliders', { manufacturer: 'Ozone', model: 'Swift 6', gliderClass: 'EN B' })).json();
    const check = (await client.post('/api/gear/checks', { gliderId: wing.id, name: 'Line and trim check', intervalHours: 10 })).json();
    expect(check).toMatchObject({ state: 'ok', secondsSince: 0, secondsLeft: 36000, dueOn: null });
    await seedFlights(db(), user.id, [
      { startTime: `${day(-40)}T09:00:00.000Z`, flightTime: 4 * 3600, gliderId: wing.id },
      { startTime: `${day(-20)}T09:00:00.000Z`, flightTime: 5 * 3600, gliderId: wing.id },
      { startTime: `${day(-10)}T09:00:00.000Z`, flightTime: 3 * 3600, gliderId: null },
      // Removed: its hours do not count.
      { startTime: `${day(-5)}T09:00:00.000Z`, flightTime: 9 * 3600, gliderId: wing.id, removalReason: 99, removalDate: `${day(-4)}T00:00:00.000Z` },
    ]);
    const soon = (await client.get('/api/gear')).json().wings[0].checks[0];
    expect(soon).toMatchObject({ secondsSince: 9 * 3600, secondsLeft: 3600, state: 'soon' });
    await seedFlights(db(), user.id, [{ startTime: `${day(-3)}T09:00:00.000Z`, flightTime: 2 * 3600, gliderId: wing.id }]);
    expect((await client.get('/api/gear/due')).json()).toEqual([
      { checkId: check.id, checkName: 'Line and trim check', gearName: 'Ozone Swift 6', gearKind: 'wing', state: 'overdue', dueOn: null, secondsLeft: -3600 },
    ]);
    const after = (await client.post(`/api/gear/checks/${check.id}/records`, { doneOn: day(-15) })).json();
    expect(after).toMatchObject({ secondsSince: 2 * 3600, secondsLeft: 8 * 3600, state: 'ok' });
  });

  it('links a harness and a reserve to the flights of their period, and says which flew a flight', async () => {
    const { client, user } = await signedInClient(ctx);
    const old = (await client.post('/api/gear', { kind: 'harness', name: 'Old harness', inUseFrom: '2020-01-01', inUseUntil: '2023-12-31' })).json();
    const harness = (await client.post('/api/gear', { kind: 'harness', name: 'Woody Valley GTO', inUseFrom: '2024-01-01' })).json();
    const res = (await client.post('/api/gear', reserve({ inUseFrom: '2023-06-01' }))).json();
    const [early, late, unlinked] = await seedFlights(db(), user.id, [
      { startTime: '2023-07-01T09:00:00.000Z', flightTime: 1800 },
      { startTime: '2024-07-01T09:00:00.000Z', flightTime: 3600 },
      { startTime: '2019-07-01T09:00:00.000Z', flightTime: 600 },
    ]);
    const { items } = (await client.get('/api/gear')).json();
    const byId = new Map(items.map((i: { id: number }) => [i.id, i]));
    expect(byId.get(old.id)).toMatchObject({ flightCount: 1, totalSeconds: 1800 });
    expect(byId.get(harness.id)).toMatchObject({ flightCount: 1, totalSeconds: 3600 });
    expect(byId.get(res.id)).toMatchObject({ flightCount: 2, totalSeconds: 5400 });

    const { gearOfFlight } = await import('../src/gear');
    expect(await gearOfFlight(db(), user.id, late!)).toEqual({ wing: null, harness: { id: harness.id, name: 'Woody Valley GTO' }, reserve: { id: res.id, name: 'Companion SQR 120' } });
    expect(await gearOfFlight(db(), user.id, early!)).toMatchObject({ harness: { id: old.id }, reserve: { id: res.id } });
    expect(await gearOfFlight(db(), user.id, unlinked!)).toEqual({ wing: null, harness: null, reserve: null });
    const other = await signedInClient(ctx);
    await expect(gearOfFlight(db(), other.user.id, late!)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('stores a report privately: a PDF or a photo, checked by its bytes', async () => {
    const { client } = await signedInClient(ctx);
    const item = (await client.post('/api/gear', reserve())).json();
    const check = (await client.post('/api/gear/checks', { itemId: item.id, name: 'Repack', intervalMonths: 6 })).json();
    const record = (await client.post(`/api/gear/checks/${check.id}/records`, { doneOn: day(-1) })).json().records[0];
    const url = `/api/gear/records/${record.id}/report`;
    const upload = reportUpload('repack.pdf', PDF);
    const attached = await client.request('PUT', url, upload.payload, upload.headers);
    expect(attached.statusCode).toBe(200);
    expect(attached.json().records[0]).toMatchObject({ reportType: 'pdf', reportName: 'repack.pdf' });
    const file = await client.get(url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(String(file.headers['content-disposition'])).toMatch(/^attachment; filename="repack.pdf"/);
    expect(file.rawPayload.equals(PDF)).toBe(true);

    // Another pilot, and a visitor without a session, get nothing.
    const other = await signedInClient(ctx);
    expect((await other.client.get(url)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);

    for (const [name, data] of [
      ['report.pdf', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
      ['page.html', Buffer.from('<!doctype html><title>x</title>')],
      ['empty.pdf', Buffer.alloc(0)],
    ] as const) {
      const bad = reportUpload(name, data);
      const refused = await client.request('PUT', url, bad.payload, bad.headers);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/PDF or a photo|empty/);
    }
    const huge = reportUpload('huge.pdf', Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]));
    const tooLarge = await client.request('PUT', url, huge.payload, huge.headers);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe('The report is larger than 10 MB.');
    expect((await client.get(url)).rawPayload.equals(PDF)).toBe(true);

    // A photo of the paper report replaces it, served as what its bytes are, whatever its name says.
    const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF photo of the repack card')]);
    const photo = reportUpload('scan.pdf', JPEG);
    expect((await client.request('PUT', url, photo.payload, photo.headers)).json().records[0]).toMatchObject({ reportType: 'jpeg', reportName: 'scan.pdf' });
    const served = await client.get(url);
    expect([served.headers['content-type'], String(served.headers['cache-control'])]).toEqual(['image/jpeg', 'private, no-store']);
    expect(served.rawPayload.equals(JPEG)).toBe(true);
  });

  it('refuses bad input with a sentence and changes nothing', async () => {
    const { client } = await signedInClient(ctx);
    const item = (await client.post('/api/gear', reserve())).json();
    const check = (await client.post('/api/gear/checks', { itemId: item.id, name: 'Repack', intervalMonths: 6 })).json();
    const cases: [string, string, unknown, RegExp][] = [
      ['POST', '/api/gear', { kind: 'parachute', name: 'X' }, /Kind must be one of/],
      ['POST', '/api/gear', { kind: 'helmet', name: '' }, /Name is required/],
      ['POST', '/api/gear', { kind: 'helmet', name: 'x'.repeat(101) }, /at most 100 characters/],
      ['POST', '/api/gear', { kind: 'helmet', name: 'H', notes: 'x'.repeat(2001) }, /at most 2000 characters/],
      ['POST', '/api/gear', { kind: 'helmet', name: 'H', inUseFrom: '2024-13-01' }, /must be a date/],
      ['POST', '/api/gear', { kind: 'helmet', name: 'H', inUseFrom: '2024-05-01', inUseUntil: '2024-04-01' }, /must not be before/],
      ['PUT', `/api/gear/${item.id}`, { kind: 'reserve', name: 'R', inUseFrom: 'yesterday' }, /must be a date/],
      ['POST', '/api/gear/checks', { itemId: item.id, name: 'Repack', intervalMonths: -6 }, /1 to 120 months/],
      ['POST', '/api/gear/checks', { itemId: item.id, name: 'Repack', intervalHours: 0 }, /1 to 2000 hours/],
      ['POST', '/api/gear/checks', { itemId: item.id, name: 'Repack', intervalMonths: 1.5 }, /whole months/],
      ['POST', '/api/gear/checks', { itemId: item.id, name: 'Repack' }, /in months, in hours or both/],
      ['POST', '/api/gear/checks', { name: 'Repack', intervalMonths: 6 }, /one item or one wing/],
      ['PUT', `/api/gear/checks/${check.id}`, { name: 'Repack', intervalMonths: -1 }, /1 to 120 months/],
      ['POST', `/api/gear/checks/${check.id}/records`, { doneOn: '2024-02-30' }, /must be a date/],
      ['POST', `/api/gear/checks/${check.id}/records`, { doneOn: day(2) }, /cannot be in the future/],
      ['POST', `/api/gear/checks/${check.id}/records`, { doneOn: day(-1), notes: 'x'.repeat(2001) }, /at most 2000 characters/],
      ['POST', `/api/gear/checks/${check.id}/records`, { doneOn: day(-1), doneBy: 'x'.repeat(101) }, /at most 100 characters/],
      ['PUT', '/api/gear/records/abc/report', undefined, /positive number/],
    ];
    const before = (await client.get('/api/gear')).json();
    for (const [method, url, body, message] of cases) {
      const res = await client.request(method, url, body);
      expect([res.statusCode, url]).toEqual([400, url]);
      expect(res.json().message).toMatch(message);
    }
    expect((await client.get('/api/gear')).json()).toEqual(before);
  });

  it('answers another pilot’s ids with 404 and changes nothing', async () => {
    const owner = await signedInClient(ctx);
    const wing = (await owner.client.post('/api/gliders', { manufacturer: 'Gin', model: 'Bolero 7', gliderClass: 'EN A' })).json();
    const item = (await owner.client.post('/api/gear', reserve())).json();
    const check = (await owner.client.post('/api/gear/checks', { itemId: item.id, name: 'Repack', intervalMonths: 6 })).json();
    const record = (await owner.client.post(`/api/gear/checks/${check.id}/records`, { doneOn: day(-1) })).json().records[0];
    const before = (await owner.client.get('/api/gear')).json();

    const { client } = await signedInClient(ctx);
    const upload = reportUpload('x.pdf', PDF);
    for (const [method, url, body] of [
      ['PUT', `/api/gear/${item.id}`, reserve({ name: 'Stolen' })],
      ['DELETE', `/api/gear/${item.id}`, undefined],
      ['POST', '/api/gear/checks', { itemId: item.id, name: 'Mine now', intervalMonths: 1 }],
      ['POST', '/api/gear/checks', { gliderId: wing.id, name: 'Mine now', intervalMonths: 1 }],
      ['PUT', `/api/gear/checks/${check.id}`, { name: 'Stolen', intervalMonths: 1 }],
      ['DELETE', `/api/gear/checks/${check.id}`, undefined],
      ['POST', `/api/gear/checks/${check.id}/records`, { doneOn: day(0) }],
      ['DELETE', `/api/gear/records/${record.id}`, undefined],
      ['GET', `/api/gear/records/${record.id}/report`, undefined],
    ] as const) {
      const res = await client.request(method, url, body);
      expect([res.statusCode, method, url]).toEqual([404, method, url]);
    }
    expect((await client.request('PUT', `/api/gear/records/${record.id}/report`, upload.payload, upload.headers)).statusCode).toBe(404);
    expect((await client.get('/api/gear')).json()).toEqual({ items: [], wings: [] });
    expect((await owner.client.get('/api/gear')).json()).toEqual(before);
  });

  it('mails a due check once, also when two processes run the reminder at the same time', async () => {
    const { client, user } = await signedInClient(ctx, { email: 'reminded@example.com' });
    const item = (await client.post('/api/gear', reserve({ name: 'Reserve to repack' }))).json();
    const check = (await client.post('/api/gear/checks', { itemId: item.id, name: 'Repack', intervalMonths: 6 })).json();
    await client.post('/api/gear/checks', { itemId: item.id, name: 'Far away', intervalMonths: 120 });
    // A second process: its own connection (pool) to the same database.
    const second = openDatabase({ databaseUrl: ctx.services.config.databaseUrl, dataDir: ctx.dataDir });
    try {
      const services2 = { ...ctx.services, database: second };
      const mine = () => readOutbox(ctx.dataDir).filter((m) => m.to.includes('reminded@example.com'));
      const runs = await Promise.all([sendGearReminders(ctx.services), sendGearReminders(services2), sendGearReminders(ctx.services), sendGearReminders(services2)]);
      expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
      expect(mine()).toHaveLength(1);
      expect(mine()[0]!.subject).toBe('A gear check is due');
      expect(mine()[0]!.text).toContain('Reserve to repack: Repack (overdue)');
      expect(mine()[0]!.text).not.toContain('Far away');
      await Promise.all([sendGearReminders(ctx.services), sendGearReminders(services2)]);
      expect(mine()).toHaveLength(1);

      // A check done starts a new cycle: when it is due again, it is mailed again (once).
      await db().insertInto('gearCheckRecords').values({ userId: user.id, checkId: check.id, doneOn: monthsAgo(6), doneBy: null, notes: null, createdAt: new Date().toISOString() }).execute();
      await Promise.all([sendGearReminders(ctx.services), sendGearReminders(services2)]);
      expect(mine()).toHaveLength(2);
    } finally {
      await second.close();
    }
  });

  it('deletes an item with its checks and history', async () => {
    const { client } = await signedInClient(ctx);
    const item = (await client.post('/api/gear', { kind: 'instrument', name: 'XC Tracer' })).json();
    const check = (await client.post('/api/gear/checks', { itemId: item.id, name: 'Battery', intervalMonths: 12 })).json();
    expect(check.state).toBe('unknown');
    await client.post(`/api/gear/checks/${check.id}/records`, { doneOn: day(-1) });
    const updated = await client.put(`/api/gear/${item.id}`, { kind: 'instrument', name: 'XC Tracer Mini', serial: 'A-1' });
    expect(updated.json()).toMatchObject({ name: 'XC Tracer Mini', serial: 'A-1', checks: [{ state: 'ok' }] });
    expect((await client.delete(`/api/gear/${item.id}`)).json()).toEqual({ message: 'XC Tracer Mini deleted.' });
    expect((await client.get('/api/gear')).json().items).toEqual([]);
    expect(await db().selectFrom('gearCheckRecords').where('checkId', '=', check.id).select('id').execute()).toEqual([]);
  });

  it('rides in the daily digest when the pilot gets one, and is not mailed again alone', async () => {
    const [pilot, friend] = [await signedInClient(ctx, { email: 'digest.gear@example.com' }), await signedInClient(ctx)];
    await db().updateTable('users').set({ preferredLanguage: 'de' }).where('id', '=', pilot.user.id).execute();
    const [id] = await seedFlights(db(), pilot.user.id, [{ startTime: '2024-07-01T10:00:00.000Z', takeoffLocation: 'Wimmis' }]);
    await pilot.client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: 'public' });
    const token = (await pilot.client.get(`/api/FlightDetail/${id}/share`)).json().share.token as string;
    await friend.client.post(`/api/public/flights/${token}/comments`, { body: 'Nice!' });
    const item = (await pilot.client.post('/api/gear', reserve({ name: 'Notschirm' }))).json();
    await pilot.client.post('/api/gear/checks', { itemId: item.id, name: 'Packen', intervalMonths: 6 });

    const section = (userId: number, language: string, now: Date) => claimGearReminderLines(db(), userId, language, ctx.services.config.publicUrl, now);
    await sendCommentDigests(ctx.services, new Date(), { section });
    await sendGearReminders(ctx.services);
    const mails = readOutbox(ctx.dataDir).filter((m) => m.to.includes('digest.gear@example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('1 neuer Kommentar zu deinen Flügen');
    // The outbox keeps the body quoted-printable: its bytes are read back as UTF-8.
    const text = Buffer.from(mails[0]!.text.replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
    expect(text).toContain('Diese Prüfungen deiner Ausrüstung sind fällig:');
    expect(text).toContain('Notschirm: Packen (überfällig)');
  });
});
