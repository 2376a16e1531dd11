import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import Database from 'better-sqlite3';
import { CSV_IMPORT_MAX_BYTES } from '../../contract/exports';
import { LEDGER_OUTCOMES, type UploadTask } from '../../contract/uploads';
import { Client, describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { makeZip, multipart } from './helpers/archives';
import { LOGFLY_VOL_TABLE } from './helpers/logfly';

// Logfly's demonstration flight (server/test/fixtures/formats/SOURCES.md): takeoff 08:29:39 UTC at
// Planfait, which Logfly stores as local time (UTC+2 in August).
const demo = readFileSync(join(__dirname, 'fixtures', 'formats', 'logfly', 'demo.igc'));

/** A Logfly database with Logfly's own schema (see logfly-db-import.test.ts); V_IGC the stored track or null. */
function logflyDb(rows: [date: string, seconds: number, lat: number, lon: number, site: string, igc: string | null, comment: string][]): Buffer {
  const db = new Database(':memory:');
  db.exec(LOGFLY_VOL_TABLE);
  const insert = db.prepare('INSERT INTO Vol (V_Date,V_Duree,V_sDuree,V_LatDeco,V_LongDeco,V_Site,V_IGC,UTC,V_Engin,V_Commentaire) VALUES (?,?,?,?,?,?,?,?,?,?)');
  for (const [date, seconds, lat, lon, site, igc, comment] of rows) insert.run(date, seconds, '', lat, lon, site, igc, 120, 'ROUGE', comment);
  const bytes = db.serialize();
  db.close();
  return bytes;
}
const DEMO_ROW = ['2012-08-18 10:29:39', 23151, 46.00913, 6.58203, 'PLANFAIT', null, 'Long cross to the Aravis'] as const;
const ourCsv = (rows: string[]) => Buffer.from(['takeoff_utc,duration_seconds,launch_site,launch_latitude,launch_longitude,glider,notes', ...rows].join('\n'));

async function upload(client: Client, files: { name: string; data: Buffer }[]) {
  const { payload, headers } = multipart(files);
  return client.request('POST', '/api/FlightDetail/upload', payload, headers);
}

/** The ledger of the pilot's latest upload, or of an older one (`age` uploads before it). */
async function ledgerOf(client: Client, age = 0) {
  const task = ((await client.get('/api/uploadtasks?withFiles=false')).json() as UploadTask[])[age];
  const [, ...lines] = parse((await client.get(`/api/uploadtasks/${task!.id}/ledger.csv`)).body) as string[][];
  const line = (file: string) => {
    const [, , outcome, flights, detail] = lines.find((l) => l[0] === file) ?? [];
    return { outcome, flights: flights ? flights.split(' ').map(Number) : [], detail };
  };
  return { task: task!, lines, line };
}

const flightsOf = async (client: Client) =>
  ((await client.get('/api/FlightDetail')).json() as Record<string, unknown>[]).sort((a, b) => String(a.startTime).localeCompare(String(b.startTime)));

describeEachDatabase('logbooks found in an upload are imported as the Data page imports them', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
  });
  afterAll(() => ctx.close());

  it('a Logfly database and a CSV inside an archive become flights; the track beside them joins its row; damaged logbooks are one unreadable line each', async () => {
    const { client } = await signedInClient(ctx);
    const zip = makeZip([
      // The track comes before its logbook in the archive: the rows are imported first all the same.
      { name: 'Flights/2012-08-18-demo.igc', data: demo },
      { name: 'Logfly/Logfly.db', data: logflyDb([[...DEMO_ROW], ['2019-06-02 14:05:00', 2700, 45.8134, 6.2503, 'COL DE LA FORCLAZ', null, 'By hand'], ['not a date', 600, 0, 0, 'NOWHERE', null, '']]) },
      { name: 'old/logbook.csv', data: ourCsv(['2018-05-01T10:00:00Z,1800,Rigi,47.0565,8.4853,Rush 6,From the old logbook']) },
      { name: 'DCIM/IMG_0001.jpg', data: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]) },
      { name: 'broken/Logfly.db', data: Buffer.concat([Buffer.from('SQLite format 3\0', 'latin1'), Buffer.alloc(4096, 0x5a)]) },
      { name: 'broken/other.csv', data: Buffer.from('when,what\nyesterday,flew\n') },
    ]);
    const res = await upload(client, [{ name: 'laptop.zip', data: zip }]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totalCount: 6, estimatedFlightCount: 1 });
    await ctx.services.queue.drain();

    const flights = await flightsOf(client);
    expect(flights).toHaveLength(3);
    expect(flights[0]).toMatchObject({ source: 'igc', status: 'Completed', startTime: expect.stringMatching(/^2012-08-18T08:29:39/), notes: 'Long cross to the Aravis', siteName: 'PLANFAIT' });
    expect(flights[1]).toMatchObject({ source: 'manual', notes: 'From the old logbook', flightTime: 1800 });
    expect(flights[2]).toMatchObject({ source: 'manual', notes: 'By hand', siteName: 'COL DE LA FORCLAZ' });

    const { task, lines, line } = await ledgerOf(client);
    expect(lines).toHaveLength(6);
    expect(LEDGER_OUTCOMES.reduce((sum, o) => sum + task.ledger[o], 0)).toBe(6);
    expect(task.ledger).toMatchObject({ stored: 2, merged: 1, notTrack: 1, unreadable: 2, waiting: 0 });
    expect(line('Logfly/Logfly.db')).toMatchObject({
      outcome: 'stored',
      detail: 'Logbook: 3 rows, 2 new, 0 merged, 0 already in the logbook, 1 refused (row 4: V_Date is not a date and time (YYYY-MM-DD HH:MM:SS).).',
    });
    expect(line('old/logbook.csv')).toMatchObject({ outcome: 'stored', detail: 'Logbook: 1 row, 1 new, 0 merged, 0 already in the logbook.' });
    expect(line('Flights/2012-08-18-demo.igc')).toMatchObject({ outcome: 'merged', flights: [flights[0]!.id], detail: `Merged into flight ${flights[0]!.id}.` });
    expect(line('broken/Logfly.db')).toMatchObject({ outcome: 'unreadable', detail: 'Logbook not imported: The SQLite file could not be read: it is damaged.' });
    expect(line('broken/other.csv').outcome).toBe('unreadable');
    expect(line('broken/other.csv').detail).toMatch(/^Logbook not imported: The header of this file is not one this logbook can read/);
  }, 120_000);

  it("a logbook dropped after its track joins the track's flight; Logfly's stored tracks are files of the same upload; a CSV is taken as it is", async () => {
    const { client } = await signedInClient(ctx);
    // The track as Logfly keeps it in V_IGC (its text without the last line break): Logfly's copy is then the same file.
    const kept = Buffer.from(demo.toString('utf8').trim());
    await upload(client, [{ name: 'demo.igc', data: kept }]);
    await ctx.services.queue.drain();
    const [track] = await flightsOf(client);

    const res = await upload(client, [
      { name: 'Logfly.db', data: logflyDb([[DEMO_ROW[0], DEMO_ROW[1], DEMO_ROW[2], DEMO_ROW[3], DEMO_ROW[4], kept.toString('utf8'), DEMO_ROW[6]]]) },
      { name: 'export.csv', data: ourCsv(['2019-07-01T11:00:00Z,3600,Niesen,46.6451,7.6513,Rush 6,Evening soaring']) },
      // Over the Data page's limit: skipped with its reason, unread.
      { name: 'huge.csv', data: Buffer.alloc(CSV_IMPORT_MAX_BYTES + 1, 0x61) },
    ]);
    expect(res.statusCode).toBe(200);
    await ctx.services.queue.drain();

    const flights = await flightsOf(client);
    expect(flights).toHaveLength(2);
    expect(flights[0]).toMatchObject({ id: track!.id, source: 'igc', notes: 'Long cross to the Aravis', siteName: 'PLANFAIT', flightTime: track!.flightTime });
    expect(flights[1]).toMatchObject({ source: 'manual', notes: 'Evening soaring' });

    const { task, lines, line } = await ledgerOf(client);
    expect(task.filename).toBe('Logfly.db +2');
    expect(lines).toHaveLength(4);
    expect(task.ledger).toMatchObject({ stored: 1, merged: 1, duplicate: 1, unreadable: 1 });
    expect(line('huge.csv')).toMatchObject({ outcome: 'unreadable', detail: 'Skipped: the logbook huge.csv is larger than 10 MB.' });
    expect(line('Logfly.db')).toMatchObject({ outcome: 'merged', detail: 'Logbook: 1 row, 0 new, 1 merged, 0 already in the logbook; 1 stored track listed below.' });
    expect(line(`Logfly.db/logfly-1-2012-08-18.igc`)).toMatchObject({ outcome: 'duplicate', flights: [track!.id] });
    expect(line('export.csv').outcome).toBe('stored');

    // The same logbook again adds nothing: its line says so.
    await upload(client, [{ name: 'export.csv', data: ourCsv(['2019-07-01T11:00:00Z,3600,Niesen,46.6451,7.6513,Rush 6,Evening soaring']) }]);
    expect((await ledgerOf(client)).line('export.csv')).toMatchObject({ outcome: 'duplicate', detail: 'Logbook: 1 row, 0 new, 0 merged, 1 already in the logbook.' });
    expect(await flightsOf(client)).toHaveLength(2);
  }, 120_000);

  it('a SQLite file is told by its header, not its name: a renamed Logfly database is imported, another database and a .db that is not SQLite each have their line', async () => {
    const { client } = await signedInClient(ctx);
    const other = new Database(':memory:');
    other.exec('CREATE TABLE notes (id integer PRIMARY KEY, text TEXT); INSERT INTO notes (text) VALUES (\'not a logbook\')');
    const otherDb = other.serialize();
    other.close();
    const zip = makeZip([
      // Logfly's database under names that say nothing (no extension, an extension of no known kind).
      { name: 'Laptop/Logfly', data: logflyDb([['2019-06-02 14:05:00', 2700, 45.8134, 6.2503, 'COL DE LA FORCLAZ', null, 'Renamed logbook']]) },
      { name: 'Phone/app.store', data: otherDb },
      { name: 'Backup/logbook.db', data: Buffer.from('this is a text file named as a database\n') },
    ]);
    const res = await upload(client, [{ name: 'renamed.zip', data: zip }]);
    expect(res.statusCode).toBe(200);
    await ctx.services.queue.drain();
    const flights = await flightsOf(client);
    expect(flights).toHaveLength(1);
    expect(flights[0]).toMatchObject({ source: 'manual', notes: 'Renamed logbook', siteName: 'COL DE LA FORCLAZ' });
    const { task, lines, line } = await ledgerOf(client);
    expect(lines).toHaveLength(3);
    expect(task.ledger).toMatchObject({ stored: 1, unreadable: 2 });
    expect(line('Laptop/Logfly')).toMatchObject({ outcome: 'stored', detail: 'Logbook: 1 row, 1 new, 0 merged, 0 already in the logbook.' });
    expect(line('Phone/app.store')).toMatchObject({ outcome: 'unreadable', detail: 'Logbook not imported: This database is not a Logfly logbook (no table Vol with V_Date, V_Duree and V_Site).' });
    expect(line('Backup/logbook.db')).toMatchObject({
      outcome: 'unreadable',
      detail: 'Unreadable: logbook.db is named as a database but is not a SQLite file (no SQLite header), so it is not a Logfly logbook.',
    });

    // Alone on the upload: a Logfly database saved as .csv is read by its header; a .db of text is one unreadable line.
    const alone = await upload(client, [
      { name: 'logbook-export.csv', data: logflyDb([['2019-06-03 15:00:00', 1800, 45.8134, 6.2503, 'COL DE LA FORCLAZ', null, 'Saved as CSV']]) },
      { name: 'Logfly.db', data: Buffer.from('Date;Hour;UTC;Duration\n') },
    ]);
    expect(alone.statusCode).toBe(200);
    await ctx.services.queue.drain();
    expect((await flightsOf(client)).map((f) => f.notes)).toEqual(['Renamed logbook', 'Saved as CSV']);
    const second = await ledgerOf(client);
    expect(second.line('logbook-export.csv')).toMatchObject({ outcome: 'stored' });
    expect(second.line('Logfly.db')).toMatchObject({ outcome: 'unreadable', detail: expect.stringMatching(/^Unreadable: Logfly\.db is named as a database but is not a SQLite file/) });
  }, 120_000);

  // Logfly's copy of the pilot's file differs in its bytes (LF line ends, no last line break): one flight all the same.
  const original = demo;
  const logflyCopy = demo.toString('utf8').replace(/\r\n/g, '\n').trim();
  const copyRow = (): Parameters<typeof logflyDb>[0][number] => [DEMO_ROW[0], DEMO_ROW[1], DEMO_ROW[2], DEMO_ROW[3], DEMO_ROW[4], logflyCopy, DEMO_ROW[6]];

  it("Logfly's stored track after the pilot's own file of the same flight is a duplicate of that flight, not a second flight", async () => {
    expect(Buffer.from(logflyCopy).equals(original)).toBe(false);
    const { client } = await signedInClient(ctx);
    await upload(client, [{ name: '2012-08-18-demo.igc', data: original }]);
    await ctx.services.queue.drain();
    const [track] = await flightsOf(client);

    await upload(client, [{ name: 'Logfly.db', data: logflyDb([copyRow()]) }]);
    await ctx.services.queue.drain();
    const flights = await flightsOf(client);
    expect(flights).toHaveLength(1);
    expect(flights[0]).toMatchObject({ id: track!.id, source: 'igc', notes: 'Long cross to the Aravis', siteName: 'PLANFAIT', flightTime: track!.flightTime });
    const { task, lines, line } = await ledgerOf(client);
    expect(lines).toHaveLength(2);
    expect(task.ledger).toMatchObject({ merged: 1, duplicate: 1, stored: 0 });
    expect(line('Logfly.db')).toMatchObject({ outcome: 'merged' });
    expect(line('Logfly.db/logfly-1-2012-08-18.igc')).toMatchObject({
      outcome: 'duplicate',
      flights: [track!.id],
      detail: `Logfly's copy of the track of flight ${track!.id}, already in your logbook.`,
    });
  }, 120_000);

  // Logfly's copy cut short (its last hours missing, LF line ends, no G records): a track other than the pilot's file's, of the same flight.
  const demoLines = demo.toString('utf8').split(/\r?\n/);
  const lastKept = demoLines.map((l, i) => (l.startsWith('B') ? i : -1)).filter((i) => i >= 0)[Math.floor(demoLines.filter((l) => l.startsWith('B')).length * 0.6)]!;
  const shortCopy = demoLines.slice(0, lastKept).join('\n');
  const shortCopyRow = (): Parameters<typeof logflyDb>[0][number] => [DEMO_ROW[0], DEMO_ROW[1], DEMO_ROW[2], DEMO_ROW[3], DEMO_ROW[4], shortCopy, DEMO_ROW[6]];

  it("the pilot's own file after Logfly's stored track of the same flight replaces that track on the same flight: its numbers, the logbook's notes, wing and site, the flight's link, comments and likes", async () => {
    // The pilot's (signed) file analysed alone, for the numbers the flight must end with.
    const probe = await signedInClient(ctx);
    await upload(probe.client, [{ name: 'demo.igc', data: original }]);
    await ctx.services.queue.drain();
    const [reference] = await flightsOf(probe.client);

    const { client } = await signedInClient(ctx);
    await upload(client, [{ name: 'Logfly.db', data: logflyDb([shortCopyRow()]) }]);
    await ctx.services.queue.drain();
    const [fromLogfly] = await flightsOf(client);
    expect(fromLogfly).toMatchObject({ source: 'igc', status: 'Completed', notes: 'Long cross to the Aravis', siteName: 'PLANFAIT' });
    expect(fromLogfly!.flightTime as number).toBeLessThan(reference!.flightTime as number);
    const id = fromLogfly!.id as number;

    // Public, with its link, a comment and a like from another pilot.
    expect((await client.request('PATCH', `/api/FlightDetail/${id}`, { visibility: 'public' })).statusCode).toBe(200);
    const token = (await client.get(`/api/FlightDetail/${id}/share`)).json().share.token as string;
    const friend = await signedInClient(ctx);
    expect((await friend.client.post(`/api/public/flights/${token}/comments`, { body: 'What a cross!' })).statusCode).toBe(201);
    expect((await friend.client.put(`/api/public/flights/${token}/like`)).json()).toMatchObject({ count: 1 });

    await upload(client, [{ name: 'flights.zip', data: makeZip([{ name: 'Vario/2012-08-18-demo.igc', data: original }]) }]);
    await ctx.services.queue.drain();
    const flights = await flightsOf(client);
    expect(flights).toHaveLength(1);
    // The same flight with the track and numbers of the pilot's file, and Logfly's notes, wing and site.
    expect(flights[0]).toMatchObject({
      id,
      source: 'igc',
      status: 'Completed',
      visibility: 'public',
      notes: 'Long cross to the Aravis',
      siteName: 'PLANFAIT',
      gliderId: fromLogfly!.gliderId,
      gliderName: fromLogfly!.gliderName,
      startTime: reference!.startTime,
      flightTime: reference!.flightTime,
      distance: reference!.distance,
      xcPoints: reference!.xcPoints,
      maxAltitude: reference!.maxAltitude,
    });
    // Its original file is the pilot's, byte for byte (its G records as signed), not Logfly's copy.
    expect((await client.get(`/api/FlightDetail/${id}/igc`)).rawPayload.equals(original)).toBe(true);
    expect((await client.get(`/api/FlightDetail/${id}/path`)).json().path).toEqual((await probe.client.get(`/api/FlightDetail/${reference!.id}/path`)).json().path);
    // Still public at the same link, with its comment and its like.
    expect((await client.get(`/api/FlightDetail/${id}/share`)).json().share.token).toBe(token);
    const visitor = new Client(ctx.app);
    expect((await visitor.get(`/api/public/flights/${token}`)).json()).toMatchObject({ visibility: 'public', commentCount: 1, likeCount: 1, flightTime: reference!.flightTime });
    expect((await visitor.get(`/api/public/flights/${token}/comments`)).json().comments.map((c: { body: string }) => c.body)).toEqual(['What a cross!']);

    // The pilot's file says what it did; Logfly's copy, in its own upload, is now a duplicate of the flight: both ledgers add up.
    const mine = await ledgerOf(client);
    expect(mine.lines).toHaveLength(1);
    expect(mine.task.ledger).toMatchObject({ merged: 1, stored: 0, duplicate: 0 });
    expect(mine.line('Vario/2012-08-18-demo.igc')).toMatchObject({ outcome: 'merged', flights: [id], detail: `Replaced Logfly's copy of the track of flight ${id}.` });
    const logbook = await ledgerOf(client, 1);
    expect(logbook.task.status).toBe('Completed');
    expect(logbook.lines).toHaveLength(2);
    expect(LEDGER_OUTCOMES.reduce((sum, o) => sum + logbook.task.ledger[o], 0)).toBe(2);
    expect(logbook.task.ledger).toMatchObject({ stored: 1, duplicate: 1, merged: 0 });
    expect(logbook.line('Logfly.db/logfly-1-2012-08-18.igc')).toMatchObject({ outcome: 'duplicate', flights: [id], detail: `Logfly's copy of the track of flight ${id}, replaced by your own file.` });

    // Logfly's database dropped again: its copy is a duplicate of the flight, which keeps the pilot's track.
    await upload(client, [{ name: 'Logfly.db', data: logflyDb([shortCopyRow()]) }]);
    await ctx.services.queue.drain();
    expect(await flightsOf(client)).toMatchObject([{ id, flightTime: reference!.flightTime }]);
    expect((await ledgerOf(client)).line('Logfly.db/logfly-1-2012-08-18.igc')).toMatchObject({ outcome: 'duplicate', flights: [id] });
  }, 180_000);

  it("inside one archive the pilot's file and Logfly's copy are one flight with the pilot's track, whichever is read first", async () => {
    const { client } = await signedInClient(ctx);
    await upload(client, [{ name: 'all.zip', data: makeZip([{ name: '2012-08-18-demo.igc', data: original }, { name: 'Logfly.db', data: logflyDb([shortCopyRow()]) }]) }]);
    await ctx.services.queue.drain();
    const flights = await flightsOf(client);
    expect(flights).toHaveLength(1);
    expect(flights[0]).toMatchObject({ source: 'igc', notes: 'Long cross to the Aravis', siteName: 'PLANFAIT' });
    expect((await client.get(`/api/FlightDetail/${flights[0]!.id}/igc`)).rawPayload.equals(original)).toBe(true);
    const both = await ledgerOf(client);
    expect(both.lines).toHaveLength(3);
    expect(both.task.ledger).toMatchObject({ stored: 1, merged: 1, duplicate: 1 });
    // The row is imported first; the pilot's file joined it, or replaced the copy that had: merged either way.
    expect(both.line('2012-08-18-demo.igc')).toMatchObject({ outcome: 'merged', flights: [flights[0]!.id] });
    expect(both.line('Logfly.db/logfly-1-2012-08-18.igc')).toMatchObject({ outcome: 'duplicate', flights: [flights[0]!.id] });
  }, 120_000);
});
