import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { generateIgc, thermalFlight } from '../../scripts/synthetic-igc';
import { LEDGER_CSV_COLUMNS, LEDGER_OUTCOMES, type UploadTask } from '../../contract/uploads';
import { Client, describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { makeTarGz, makeZip, multipart } from './helpers/archives';

const igc = (day: string, seed = 1) => Buffer.from(generateIgc(thermalFlight(`${day}T09:00:00Z`, seed)));
const sample = (path: string) => readFileSync(join(__dirname, 'fixtures', 'formats', path));

async function upload(client: Client, files: { name: string; data: Buffer }[]) {
  const { payload, headers } = multipart(files);
  return client.request('POST', '/api/FlightDetail/upload', payload, headers);
}

/** A vario's SD card and a phone's folders in one archive, with an archive and a tar.gz inside it and junk beside the tracks. */
function sdCard(): { zip: Buffer; received: number } {
  const entries = [
    { name: 'XCTrack/Tracks/2024/2024-07-14-XCT-PIL-01.igc', data: igc('2024-07-14', 1) },
    { name: 'XCTrack/Tasks/2024-07-14.xctsk', data: Buffer.from('{"taskType":"CLASSIC","version":1}') },
    { name: 'Waypoints/alps.cup', data: Buffer.from('name,code,country,lat,lon\n') },
    { name: 'DCIM/IMG_0001.jpg', data: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]) },
    { name: 'logs/system.log', data: Buffer.from('boot ok\n') },
    { name: 'System Volume Information/IndexerVolumeGuid', data: Buffer.from('{guid}') },
    { name: '.DS_Store', data: Buffer.from('Bud1') },
    { name: 'Competition/gpsdump.kml', data: sample('kml/gpsdump-competition.kml') },
    { name: 'Garmin/Activities/ride.fit', data: sample('fit/example.fit') },
    { name: 'Skytraxx/FLIGHTS/0715', data: igc('2024-07-15', 2) },
    { name: 'Skytraxx/FLIGHTS/junk.igc', data: randomBytes(4096) },
    { name: 'Skytraxx/mystery.xyz', data: randomBytes(2048) },
    { name: 'copies/2024-07-14.igc', data: igc('2024-07-14', 1) },
    { name: 'Routes/drawn.kml', data: sample('kml/linestring.kml') },
    { name: 'old/2023.zip', data: makeZip([{ name: '2023-08-01.igc', data: igc('2023-08-01', 3) }, { name: 'readme.txt', data: Buffer.from('old flights') }]) },
    { name: 'old/backup.tar.gz', data: makeTarGz([{ name: 'flights/2023-08-02.igc', data: igc('2023-08-02', 4) }]) },
    { name: 'old/broken.zip', data: Buffer.from('PK not really a zip') },
  ];
  // Every entry is one line, except the two readable archives: each of their files is one.
  return { zip: makeZip(entries), received: entries.length - 2 + 3 };
}

describeEachDatabase('every file of an upload accounted for', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
  });
  afterAll(() => ctx.close());

  it('lists each file and archive entry once with its outcome; the counts add up in the task and in the CSV', async () => {
    const { client } = await signedInClient(ctx);
    const { zip, received } = sdCard();
    const res = await upload(client, [{ name: 'sd-card.zip', data: zip }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().totalCount).toBe(received);
    await ctx.services.queue.drain();

    const [task] = (await client.get('/api/uploadtasks?withFiles=false')).json() as UploadTask[];
    expect(task!.fileCount).toBe(received);
    expect(LEDGER_OUTCOMES.reduce((sum, o) => sum + task!.ledger[o], 0)).toBe(received);
    expect(task!.ledger).toMatchObject({ duplicate: 1, notTrack: 8, waiting: 0 });
    expect(task!.ledger.unreadable).toBe(3);

    const csv = await client.get(`/api/uploadtasks/${task!.id}/ledger.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain('.csv');
    const [header, ...lines] = parse(csv.body) as string[][];
    expect(header).toEqual([...LEDGER_CSV_COLUMNS]);
    expect(lines).toHaveLength(received);
    const line = (file: string) => {
      const found = lines.filter((l) => l[0] === file);
      expect(found).toHaveLength(1);
      const [, size, outcome, flights, detail] = found[0]!;
      return { size: Number(size), outcome, flights: flights ? flights.split(' ').map(Number) : [], detail };
    };
    const first = line('XCTrack/Tracks/2024/2024-07-14-XCT-PIL-01.igc');
    expect(first).toMatchObject({ outcome: 'stored' });
    expect(first.flights).toHaveLength(1);
    expect(line('copies/2024-07-14.igc')).toMatchObject({ outcome: 'duplicate', flights: first.flights, detail: `The same file as flight ${first.flights[0]}.` });
    expect(line('XCTrack/Tasks/2024-07-14.xctsk')).toMatchObject({ outcome: 'notTrack', detail: 'Not a track file: task file.' });
    expect(line('Waypoints/alps.cup')).toMatchObject({ outcome: 'notTrack', detail: 'Not a track file: waypoint or airspace file.' });
    expect(line('DCIM/IMG_0001.jpg')).toMatchObject({ outcome: 'notTrack', detail: 'Not a track file: photo.' });
    expect(line('logs/system.log')).toMatchObject({ outcome: 'notTrack', detail: 'Not a track file: log or document.' });
    expect(line('System Volume Information/IndexerVolumeGuid').detail).toBe('Not a track file: system file.');
    expect(line('.DS_Store').detail).toBe('Not a track file: system file.');
    expect(line('Skytraxx/mystery.xyz').detail).toBe('Not a track file: file of an unknown kind.');
    // A track without a name that says so is read by its content.
    expect(line('Skytraxx/FLIGHTS/0715')).toMatchObject({ outcome: 'stored' });
    expect(line('Skytraxx/FLIGHTS/junk.igc')).toMatchObject({ outcome: 'unreadable' });
    expect(line('Routes/drawn.kml')).toMatchObject({ outcome: 'unreadable', detail: 'This KML file has a line but no times: a flight cannot be read from a drawn route.' });
    expect(line('Competition/gpsdump.kml')).toMatchObject({ outcome: 'stored' });
    expect(['stored', 'notFlight']).toContain(line('Garmin/Activities/ride.fit').outcome);
    // The archives inside: their files under their names, one level deep; a damaged one is one unreadable line.
    expect(line('old/2023.zip/2023-08-01.igc')).toMatchObject({ outcome: 'stored' });
    expect(line('old/2023.zip/readme.txt')).toMatchObject({ outcome: 'notTrack' });
    expect(line('old/backup.tar.gz/flights/2023-08-02.igc')).toMatchObject({ outcome: 'stored' });
    expect(line('old/broken.zip')).toMatchObject({ outcome: 'unreadable', detail: 'The zip archive is damaged or not a zip file.' });
    // The task's counts are the CSV's.
    for (const outcome of LEDGER_OUTCOMES) expect(lines.filter((l) => l[2] === outcome)).toHaveLength(task!.ledger[outcome]);

    const stranger = await signedInClient(ctx);
    expect((await stranger.client.get(`/api/uploadtasks/${task!.id}/ledger.csv`)).statusCode).toBe(404);
  }, 120_000);

  it('opens archives inside an archive one level deep only', async () => {
    const { client } = await signedInClient(ctx);
    const deep = makeZip([{ name: 'a.zip', data: makeZip([{ name: 'b.zip', data: makeZip([{ name: 'c.igc', data: igc('2024-05-01', 5) }]) }, { name: 'd.igc', data: igc('2024-05-02', 6) }]) }]);
    const res = await upload(client, [{ name: 'deep.zip', data: deep }]);
    expect(res.statusCode).toBe(200);
    await ctx.services.queue.drain();
    const [task] = (await client.get('/api/uploadtasks')).json() as UploadTask[];
    const files = Object.fromEntries(task!.igcFiles.map((f) => [f.originalFilename, f]));
    expect(Object.keys(files).sort()).toEqual(['a.zip/b.zip', 'a.zip/d.igc']);
    expect(files['a.zip/b.zip']!.reason).toBe('Skipped: an archive inside an archive inside an archive is not opened (one level only).');
    expect(files['a.zip/d.igc']!.status).toBe('Completed');
    expect(task!.ledger).toMatchObject({ stored: 1, unreadable: 1 });
  }, 60_000);
});
