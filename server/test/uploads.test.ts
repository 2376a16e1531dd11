import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { createServices } from '../src/services';
import { generateIgc, thermalFlight } from '../../scripts/synthetic-igc';
import { Client, describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { makeTarGz, makeZip, multipart } from './helpers/archives';

/**
 * Each day's recording is generated once per file (both database runs and the tests that upload the same day
 * share it): generating one costs about 50 ms in jest's sandbox. Uploading copies the bytes; nothing writes to them.
 */
const recordings = new Map<string, Buffer>();
function igc(day: string, seed = 1): Buffer {
  const key = `${day} ${seed}`;
  let recording = recordings.get(key);
  if (!recording) recordings.set(key, (recording = Buffer.from(generateIgc(thermalFlight(`${day}T09:00:00Z`, seed)))));
  return recording;
}

/** An archive built once per file, for the database runs to share: the bombs deflate tens of MB each time. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
const zipBomb = once(() => makeZip([{ name: 'huge.igc', data: Buffer.alloc(30 * 1024 * 1024, 0x42) }]));
const tarBomb = once(() => makeTarGz([{ name: 'x.igc', data: Buffer.alloc(40 * 1024 * 1024, 0x42) }]));
const manyEntries = once(() => makeZip(Array.from({ length: 20_000 }, (_, i) => ({ name: `f${i}.txt`, data: Buffer.from('x') }))));

async function upload(client: Client, files: { name: string; data: Buffer }[]) {
  const { payload, headers } = multipart(files);
  return client.request('POST', '/api/FlightDetail/upload', payload, headers);
}

describeEachDatabase('uploads', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind, { ARCHIVE_MAX_ENTRIES: '5000' });
  });
  afterAll(() => ctx.close());
  const db = () => ctx.services.database.db;
  const flightsOf = (userId: number) => db().selectFrom('flights').selectAll().where('userId', '=', userId).orderBy('startTime').execute();

  it('turns one IGC file into a listed flight at once, then an analysed one', async () => {
    const { client, user } = await signedInClient(ctx);
    const res = await upload(client, [{ name: '2024-07-14.IGC', data: igc('2024-07-14') }]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isLargeUpload: false, estimatedFlightCount: 1, totalCount: 1, duplicateCount: 0 });
    const listed = await flightsOf(user.id);
    expect(listed).toHaveLength(1);
    expect(['Pending', 'Processing', 'Completed']).toContain(listed[0]!.status);
    await ctx.services.queue.drain();
    const [flight] = await flightsOf(user.id);
    expect(flight).toMatchObject({ status: 'Completed', timeZone: 'Europe/Zurich', localDate: '2024-07-14', localYear: 2024, localMonth: 7, takeoffLocation: 'Interlaken', rightCircles: 20, leftCircles: 15 });
    expect(flight!.xcPoints).toBeGreaterThan(5);

    const status = await client.get(`/api/FlightDetail/${flight!.id}/status`);
    expect(status.json()).toEqual({ status: 'Completed' });
    const features = (await client.get(`/api/FlightDetail/${flight!.id}/features?lowRes=false`)).json();
    expect(features[0]).toMatchObject({ type: 'flight', id: 'flight', geometry: { type: 'LineString' } });
    expect(features[0].geometry.points.length).toBeGreaterThan(2000);
    expect(features.some((f: { type: string }) => f.type === 'tp')).toBe(true);
    const low = (await client.get(`/api/FlightDetail/${flight!.id}/features?lowRes=true`)).json();
    expect(low[0].geometry.points.length).toBeLessThanOrEqual(1000);
    const path = (await client.get(`/api/flightdetail/${flight!.id}/path`)).json();
    expect(path.path[0]).toHaveProperty('latitude');
    const file = await client.get(`/api/FlightDetail/${flight!.id}/igc`);
    expect(file.rawPayload.equals(igc('2024-07-14'))).toBe(true);
    expect(file.headers['content-disposition']).toContain('filename="2024-07-14.IGC"');

    const tasks = (await client.get('/api/uploadtasks')).json();
    expect(tasks[0]).toMatchObject({ filename: '2024-07-14.IGC', status: 'Completed', processedFlightCount: 1, estimatedFlightCount: 1 });
    expect(tasks[0].igcFiles[0]).toMatchObject({ originalFilename: '2024-07-14.IGC', status: 'Completed', flightDetails: [{ id: flight!.id, isRemoved: false, removalReason: null }] });
  });

  it('lists the same file uploaded again as a duplicate without a new flight', async () => {
    const { client, user } = await signedInClient(ctx);
    await upload(client, [{ name: 'a.igc', data: igc('2024-07-15') }]);
    const again = await upload(client, [{ name: 'copy.igc', data: igc('2024-07-15') }]);
    expect(again.json()).toMatchObject({ duplicateCount: 1, totalCount: 1 });
    await ctx.services.queue.drain();
    expect(await flightsOf(user.id)).toHaveLength(1);
    const [latest] = (await client.get('/api/uploadtasks')).json();
    expect(latest.igcFiles[0]).toMatchObject({ status: 'Duplicate', reason: 'This file is already in your logbook.' });
    expect(latest.duplicateFlightCount).toBe(1);
  });

  it('names an upload of several files by the first and the count of the others, without English words', async () => {
    const { client } = await signedInClient(ctx);
    await upload(client, [{ name: '2024-07-14.igc', data: igc('2024-07-14') }, { name: '2024-07-15.igc', data: igc('2024-07-15') }, { name: '2024-07-16.igc', data: igc('2024-07-16') }]);
    const tasks = (await client.get('/api/uploadtasks?withFiles=false')).json();
    expect(tasks[0].filename).toBe('2024-07-14.igc +2');
  });

  it('reads a zip with folders, skipping metadata, other files, escaping paths and links', async () => {
    const { client, user } = await signedInClient(ctx);
    const zip = makeZip([
      { name: '2024/07/one.igc', data: igc('2024-07-16', 2) },
      { name: '2024/07/two.IGC', data: igc('2024-07-17', 3) },
      { name: '__MACOSX/2024/._one.igc', data: Buffer.from('meta') },
      { name: 'notes.txt', data: Buffer.from('hello') },
      { name: '../../evil.igc', data: igc('2024-07-18', 4) },
      { name: '/abs/evil.igc', data: igc('2024-07-19', 5) },
      { name: 'link.igc', data: Buffer.from('/etc/passwd'), mode: 0o120777 },
    ]);
    const res = await upload(client, [{ name: 'season.zip', data: zip }]);
    expect(res.json()).toMatchObject({ estimatedFlightCount: 2, totalCount: 7 });
    await ctx.services.queue.drain();
    expect((await flightsOf(user.id)).map((f) => f.localDate)).toEqual(['2024-07-16', '2024-07-17']);
    const files = (await client.get('/api/uploadtasks')).json()[0].igcFiles;
    const reasonOf = (name: string) => files.find((f: { originalFilename: string }) => f.originalFilename === name).reason;
    expect(reasonOf('__MACOSX/2024/._one.igc')).toBe('Ignored: macOS metadata.');
    expect(reasonOf('notes.txt')).toBe('Not a track file: log or document.');
    expect(reasonOf('../../evil.igc')).toBe('Skipped: the path points outside the archive.');
    expect(reasonOf('/abs/evil.igc')).toBe('Skipped: the path points outside the archive.');
    expect(reasonOf('link.igc')).toBe('Skipped: links are not followed.');
  });

  it('reads a tar.gz, refusing links and devices', async () => {
    const { client, user } = await signedInClient(ctx);
    const tgz = makeTarGz([
      { name: 'flights/a.igc', data: igc('2024-08-01', 6) },
      { name: 'flights/link.igc', type: '2' },
      { name: 'flights/hard.igc', type: '1' },
      { name: 'flights/dev.igc', type: '3' },
    ]);
    const res = await upload(client, [{ name: 'backup.TGZ', data: tgz }]);
    expect(res.statusCode).toBe(200);
    await ctx.services.queue.drain();
    expect(await flightsOf(user.id)).toHaveLength(1);
    const files = (await client.get('/api/uploadtasks')).json()[0].igcFiles;
    expect(files.filter((f: { reason: string | null }) => /^Skipped: \w+ entries are not read\.$/.test(f.reason ?? ''))).toHaveLength(3);
  });

  it('gives each bad input its clear status or message and leaves the other flights alone', async () => {
    const { client, user } = await signedInClient(ctx);
    await upload(client, [{ name: 'good.igc', data: igc('2024-06-01', 9) }]);
    await ctx.services.queue.drain();
    const before = await flightsOf(user.id);

    const wrongType = await upload(client, [{ name: 'photo.jpg', data: Buffer.from('<kml/>') }]);
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe('Only track files (.igc, .gpx, .fit, .kml, .kmz, .tcx), logbooks (.csv, .db) and archives (.zip, .tar.gz, .tgz) are allowed');
    const emptyZip = await upload(client, [{ name: 'empty.zip', data: Buffer.alloc(0) }]);
    expect(emptyZip.statusCode).toBe(400);
    expect(emptyZip.json().message).toBe('The archive empty.zip is empty.');
    const notZip = await upload(client, [{ name: 'broken.zip', data: Buffer.from('PK this is not a zip') }]);
    expect(notZip.json().message).toBe('The zip archive is damaged or not a zip file.');
    const bomb = await upload(client, [{ name: 'bomb.zip', data: zipBomb() }]);
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json().message).toMatch(/compressed suspiciously well/);
    const many = manyEntries();
    const tooMany = await upload(client, [{ name: 'many.zip', data: many }]);
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().message).toBe('The archive has more than 5000 entries.');
    const tarBombAnswer = await upload(client, [{ name: 'bomb.tar.gz', data: tarBomb() }]);
    expect(tarBombAnswer.statusCode).toBe(413);

    const full = igc('2024-06-02', 10);
    const res = await upload(client, [
      { name: 'empty.igc', data: Buffer.alloc(0) },
      { name: 'photo.igc', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48]) },
      { name: 'truncated.igc', data: full.subarray(0, Math.floor(full.length / 2)) },
    ]);
    expect(res.statusCode).toBe(200);
    await ctx.services.queue.drain();
    const files = (await client.get('/api/uploadtasks')).json()[0].igcFiles;
    expect(files.map((f: { status: string; reason: string | null }) => [f.status, f.reason])).toEqual([
      ['Failed', 'The file is empty.'],
      ['Failed', 'This is not an IGC file (it contains binary data).'],
      ['Completed', null],
    ]);
    const after = await flightsOf(user.id);
    expect(after.slice(0, before.length).map((f) => [f.id, f.status, f.xcPoints])).toEqual(before.map((f) => [f.id, f.status, f.xcPoints]));
    const tasks = await db().selectFrom('uploadTasks').select('id').where('userId', '=', user.id).execute();
    expect(tasks).toHaveLength(2);
  });

  it('answers a large upload at once and finishes it in the background', async () => {
    const small = await startTestApp(kind, { SMALL_UPLOAD_MAX_FILES: '1' });
    try {
      const { client, user } = await signedInClient(small);
      const res = await upload(client, [{ name: 'two.zip', data: makeZip([{ name: 'a.igc', data: igc('2024-05-01', 11) }, { name: 'b.igc', data: igc('2024-05-02', 12) }]) }]);
      expect(res.json()).toEqual({ isLargeUpload: true, estimatedFlightCount: 2, totalCount: 2, duplicateCount: 0 });
      await small.services.queue.drain();
      expect((await small.services.database.db.selectFrom('flights').select('status').where('userId', '=', user.id).execute()).map((f) => f.status)).toEqual(['Completed', 'Completed']);
      expect((await client.get('/api/uploadtasks')).json()[0]).toMatchObject({ status: 'Completed', processedFlightCount: 2 });
    } finally {
      await small.close();
    }
  });

  it('hides a removed flight from features and path unless includeDeleted=true, and lists it as removed', async () => {
    const { client, user } = await signedInClient(ctx);
    await upload(client, [{ name: 'removed.igc', data: igc('2024-09-05', 16) }]);
    await ctx.services.queue.drain();
    const [flight] = await flightsOf(user.id);
    await db().updateTable('flights').set({ removalReason: 2, removalDate: new Date().toISOString() }).where('id', '=', flight!.id).execute();
    expect((await client.get(`/api/FlightDetail/${flight!.id}/features`)).statusCode).toBe(404);
    expect((await client.get(`/api/FlightDetail/${flight!.id}/path`)).statusCode).toBe(404);
    const kept = await client.get(`/api/FlightDetail/${flight!.id}/path?includeDeleted=true`);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().path.length).toBeGreaterThan(1000);
    expect((await client.get(`/api/FlightDetail/${flight!.id}/status`)).json()).toEqual({ status: 'Completed' });
    const [task] = (await client.get('/api/uploadtasks')).json();
    expect(task.igcFiles[0].flightDetails).toEqual([{ id: flight!.id, isRemoved: true, removalReason: 2 }]);
  });

  it("gives another pilot's flight the same 404 as a missing one", async () => {
    const owner = await signedInClient(ctx);
    await upload(owner.client, [{ name: 'mine.igc', data: igc('2024-09-01', 13) }]);
    await ctx.services.queue.drain();
    const [flight] = await flightsOf(owner.user.id);
    const other = await signedInClient(ctx);
    for (const path of ['status', 'features', 'path', 'igc']) {
      const theirs = await other.client.get(`/api/FlightDetail/${flight!.id}/${path}`);
      const missing = await other.client.get(`/api/FlightDetail/99999999/${path}`);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.body).toBe(missing.body);
    }
    expect((await other.client.get('/api/uploadtasks')).json()).toEqual([]);
    expect((await new Client(ctx.app).get(`/api/FlightDetail/${flight!.id}/status`)).statusCode).toBe(401);
  });

  it.each([
    ['its analysis queued but never run', false],
    ['stored but its analysis never queued', true],
  ])('finishes a file a stopped process left behind at the next start: %s', async (_, lostJob) => {
    const stopped = await startTestApp(kind, {}, { workers: false });
    const { client, user } = await signedInClient(stopped);
    await upload(client, [{ name: 'later.igc', data: igc('2024-09-10', 14) }]);
    const config = stopped.services.config;
    expect((await stopped.services.database.db.selectFrom('flights').select('status').where('userId', '=', user.id).execute()).map((f) => f.status)).toEqual(['Pending']);
    // As if the process died after storing the file but before queueing its analysis.
    if (lostJob && kind === 'postgres') await sql`DELETE FROM pgboss.job`.execute(stopped.services.database.db);
    if (lostJob && kind === 'sqlite') await stopped.services.database.db.deleteFrom('jobs').execute();
    await stopped.app.close();
    await stopped.services.close();
    const restarted = await createServices(config);
    const app = await buildApp(restarted);
    try {
      await restarted.queue.drain();
      const flights = await restarted.database.db.selectFrom('flights').select(['status']).where('userId', '=', user.id).execute();
      expect(flights.map((f) => f.status)).toEqual(['Completed']);
    } finally {
      await app.close();
      await restarted.close();
      await stopped.close().catch(() => undefined);
    }
  });
});
