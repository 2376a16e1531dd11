import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { generateIgc, thermalFlight } from '../../scripts/synthetic-igc';
import { LEDGER_OUTCOMES, type UploadTask } from '../../contract/uploads';
import { describeEachDatabase, signedInClient, startTestApp, type Client, type TestContext } from './helpers/app';
import { makeTarGz, makeZip, multipart } from './helpers/archives';
import { LOGFLY_VOL_TABLE } from './helpers/logfly';

// Content before name (docs/import.md, "Told by content"): a file whose bytes are a format the upload
// reads is read whatever its name (a Logfly database called a photo, an IGC called .jpg, a zip called
// .txt); a file named as a kind not read whose bytes are none of these keeps its kind's line.

const igc = (day: string, seed: number) => Buffer.from(generateIgc(thermalFlight(`${day}T09:00:00Z`, seed)));
const fit = readFileSync(join(__dirname, 'fixtures', 'formats', 'fit', 'example.fit'));
const NOT_LOGFLY = 'Logbook not imported: This database is not a Logfly logbook (no table Vol with V_Date, V_Duree and V_Site).';
const NOT_IGC = 'This is not an IGC file (it contains binary data).';

/** A Logfly database (Logfly's own schema) with one flight entered by hand, its comment as given. */
function logflyDb(date: string, comment: string): Buffer {
  const db = new Database(':memory:');
  db.exec(LOGFLY_VOL_TABLE);
  db.prepare('INSERT INTO Vol (V_Date,V_Duree,V_sDuree,V_LatDeco,V_LongDeco,V_Site,UTC,V_Engin,V_Commentaire) VALUES (?,?,?,?,?,?,?,?,?)').run(date, 2700, '', 45.8134, 6.2503, 'COL DE LA FORCLAZ', 120, 'ROUGE', comment);
  const bytes = db.serialize();
  db.close();
  return bytes;
}

/** A SQLite database that is not Logfly's. */
function otherDb(): Buffer {
  const db = new Database(':memory:');
  db.exec("CREATE TABLE thumbs (id integer PRIMARY KEY, name TEXT); INSERT INTO thumbs (name) VALUES ('not a logbook')");
  const bytes = db.serialize();
  db.close();
  return bytes;
}

async function upload(client: Client, files: { name: string; data: Buffer }[]) {
  const { payload, headers } = multipart(files);
  return client.request('POST', '/api/FlightDetail/upload', payload, headers);
}

/** The latest upload's ledger: its task, its lines, one line by file name (exactly one each). */
async function ledgerOf(client: Client) {
  const [task] = (await client.get('/api/uploadtasks?withFiles=false')).json() as UploadTask[];
  const [, ...lines] = parse((await client.get(`/api/uploadtasks/${task!.id}/ledger.csv`)).body) as string[][];
  const line = (file: string) => {
    const found = lines.filter((l) => l[0] === file);
    expect(found.map((l) => l[0])).toEqual([file]);
    const [, , outcome, flights, detail] = found[0]!;
    return { outcome, flights: flights ? flights.split(' ').map(Number) : [], detail };
  };
  // Every file once, and the counts are the lines'.
  expect(LEDGER_OUTCOMES.reduce((sum, o) => sum + task!.ledger[o], 0)).toBe(lines.length);
  for (const outcome of LEDGER_OUTCOMES) expect(lines.filter((l) => l[2] === outcome)).toHaveLength(task!.ledger[outcome]);
  return { task: task!, lines, line };
}

const notesOf = async (client: Client) =>
  ((await client.get('/api/FlightDetail')).json() as { source: string; notes: string | null }[]).filter((f) => f.source === 'manual').map((f) => f.notes).sort();

describeEachDatabase('a file is read by its content before its name', (kind) => {
  let ctx: TestContext;
  let jpeg: Buffer;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
    jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#4a7' } }).jpeg().toBuffer();
  });
  afterAll(() => ctx.close());

  it('inside a zip: a Logfly database named as a photo or a backup is imported, a track named .jpg, a zip named .txt and a tar.gz named .log are read; real photos, videos and documents keep their kind', async () => {
    const { client } = await signedInClient(ctx);
    const zip = makeZip([
      { name: 'DCIM/logfly.jpg', data: logflyDb('2019-06-02 14:05:00', 'Saved as a photo') },
      { name: 'Backup/Logfly.db.bak', data: logflyDb('2019-06-03 14:05:00', 'Backed up') },
      { name: 'Thumbs.db', data: otherDb() },
      { name: 'DCIM/IMG_0002.jpg', data: igc('2024-07-14', 1) },
      { name: 'Garmin/ride.bin', data: fit },
      { name: 'notes/old-flights.txt', data: makeZip([{ name: '2023-08-01.igc', data: igc('2023-08-01', 3) }]) },
      { name: 'notes/backup.log', data: makeTarGz([{ name: 'flights/2023-08-02.igc', data: igc('2023-08-02', 4) }]) },
      { name: 'Flights/photo.igc', data: jpeg },
      { name: 'DCIM/IMG_0001.jpg', data: jpeg },
      // Larger than the first bytes looked at: left unread after them.
      { name: 'DCIM/clip.mp4', data: randomBytes(200_000) },
      // A document is a zip of its own: not opened as the pilot's archive.
      { name: 'Docs/manual.docx', data: makeZip([{ name: 'word/document.xml', data: Buffer.from('<w:document/>') }]) },
      // An archive told by its content is opened one level deep, as one told by its name.
      { name: 'old/deep.zip', data: makeZip([{ name: 'inner.txt', data: makeZip([{ name: 'c.igc', data: igc('2023-08-03', 5) }]) }]) },
    ]);
    const res = await upload(client, [{ name: 'sd-card.zip', data: zip }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().totalCount).toBe(12);
    await ctx.services.queue.drain();

    expect(await notesOf(client)).toEqual(['Backed up', 'Saved as a photo']);
    const { task, lines, line } = await ledgerOf(client);
    expect(lines).toHaveLength(12);
    expect(line('DCIM/logfly.jpg')).toMatchObject({ outcome: 'stored', detail: 'Logbook: 1 row, 1 new, 0 merged, 0 already in the logbook.' });
    expect(line('Backup/Logfly.db.bak')).toMatchObject({ outcome: 'stored', detail: 'Logbook: 1 row, 1 new, 0 merged, 0 already in the logbook.' });
    expect(line('Thumbs.db')).toMatchObject({ outcome: 'unreadable', detail: NOT_LOGFLY });
    expect(line('DCIM/IMG_0002.jpg')).toMatchObject({ outcome: 'stored', detail: expect.stringMatching(/^Flight \d+\.$/) });
    expect(['stored', 'notFlight']).toContain(line('Garmin/ride.bin').outcome);
    expect(line('notes/old-flights.txt/2023-08-01.igc')).toMatchObject({ outcome: 'stored' });
    expect(line('notes/backup.log/flights/2023-08-02.igc')).toMatchObject({ outcome: 'stored' });
    expect(line('Flights/photo.igc')).toMatchObject({ outcome: 'unreadable', detail: NOT_IGC });
    expect(line('DCIM/IMG_0001.jpg')).toMatchObject({ outcome: 'notTrack', detail: 'Not a track file: photo.' });
    expect(line('DCIM/clip.mp4')).toMatchObject({ outcome: 'notTrack', detail: 'Not a track file: video.' });
    expect(line('Docs/manual.docx')).toMatchObject({ outcome: 'notTrack', detail: 'Not a track file: log or document.' });
    expect(line('old/deep.zip/inner.txt')).toMatchObject({ outcome: 'unreadable', detail: 'Skipped: an archive inside an archive inside an archive is not opened (one level only).' });
    expect(task.ledger).toMatchObject({ notTrack: 3, unreadable: 3, waiting: 0 });
  }, 120_000);

  it('inside a tar.gz: the same, the rest of a file left unread passed over', async () => {
    const { client } = await signedInClient(ctx);
    const tgz = makeTarGz([
      { name: 'laptop/logfly.jpg', data: logflyDb('2019-07-01 14:05:00', 'In a tar') },
      { name: 'laptop/clip.mp4', data: randomBytes(200_000) },
      { name: 'laptop/track.txt', data: igc('2024-07-20', 6) },
      { name: 'laptop/IMG_0001.jpg', data: jpeg },
      { name: 'laptop/Thumbs.db', data: otherDb() },
    ]);
    const res = await upload(client, [{ name: 'laptop.tar.gz', data: tgz }]);
    expect(res.statusCode).toBe(200);
    await ctx.services.queue.drain();
    expect(await notesOf(client)).toEqual(['In a tar']);
    const { lines, line } = await ledgerOf(client);
    expect(lines).toHaveLength(5);
    expect(line('laptop/logfly.jpg')).toMatchObject({ outcome: 'stored', detail: 'Logbook: 1 row, 1 new, 0 merged, 0 already in the logbook.' });
    expect(line('laptop/clip.mp4')).toMatchObject({ outcome: 'notTrack', detail: 'Not a track file: video.' });
    expect(line('laptop/track.txt')).toMatchObject({ outcome: 'stored' });
    expect(line('laptop/IMG_0001.jpg')).toMatchObject({ outcome: 'notTrack', detail: 'Not a track file: photo.' });
    expect(line('laptop/Thumbs.db')).toMatchObject({ outcome: 'unreadable', detail: NOT_LOGFLY });
  }, 120_000);

  it('alone on the upload: a Logfly database called .igc is imported, a zip called .igc opened, an IGC called .csv or .zip read; a photo called .igc is unreadable with its reason', async () => {
    const { client } = await signedInClient(ctx);
    const res = await upload(client, [
      { name: 'Logfly.igc', data: logflyDb('2019-08-01 14:05:00', 'Saved as .igc') },
      { name: 'season.igc', data: makeZip([{ name: '2024-06-01.igc', data: igc('2024-06-01', 7) }]) },
      { name: 'track.csv', data: igc('2024-06-02', 8) },
      { name: 'track.zip', data: igc('2024-06-03', 9) },
      { name: 'photo.igc', data: jpeg },
    ]);
    expect(res.statusCode).toBe(200);
    await ctx.services.queue.drain();
    expect(await notesOf(client)).toEqual(['Saved as .igc']);
    const { task, lines, line } = await ledgerOf(client);
    expect(lines).toHaveLength(5);
    expect(line('Logfly.igc')).toMatchObject({ outcome: 'stored', detail: 'Logbook: 1 row, 1 new, 0 merged, 0 already in the logbook.' });
    expect(line('2024-06-01.igc')).toMatchObject({ outcome: 'stored' });
    expect(line('track.csv')).toMatchObject({ outcome: 'stored' });
    expect(line('track.zip')).toMatchObject({ outcome: 'stored' });
    expect(line('photo.igc')).toMatchObject({ outcome: 'unreadable', detail: NOT_IGC });
    expect(task.ledger).toMatchObject({ stored: 4, unreadable: 1 });
  }, 120_000);
});
