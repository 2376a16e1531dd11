import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { importLogbookFile, LOGFLY_VOL_TABLE } from './helpers/logfly';

/**
 * No pilot's Logfly database is public: this one is built with Logfly's own schema and rows written as
 * Logfly writes them (server/test/fixtures/formats/SOURCES.md quotes the source), with Logfly's demo
 * flight as the stored track.
 */
function logflyDb(): Buffer {
  const db = new Database(':memory:');
  db.exec(LOGFLY_VOL_TABLE);
  const insert = db.prepare('INSERT INTO Vol (V_Date,V_Duree,V_sDuree,V_LatDeco,V_LongDeco,V_AltDeco,V_Site,V_Pays,V_IGC,UTC,V_Engin,V_Commentaire) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)');
  const demo = readFileSync(join(__dirname, 'fixtures', 'formats', 'logfly', 'demo.igc'), 'latin1');
  // Logfly's demo flight: takeoff 08:29 UTC at Talloires, stored in local time (UTC+2 in August).
  insert.run('2012-08-18 10:29:39', 23151, '06h25mn', 46.00913, 6.58203, 1868, 'PLANFAIT', 'FRANCE', demo, 120, 'ROUGE', 'Long cross to the Aravis');
  // A flight entered by hand, without a track.
  insert.run('2019-06-02 14:05:00', 2700, '00h45mn', 45.8134, 6.2503, 1240, 'COL DE LA FORCLAZ', 'FRANCE', null, 120, 'Bonanza 3', 'Soaring; windy');
  insert.run('not a date', 600, '00h10mn', 0, 0, 0, 'NOWHERE', '', null, 0, '', '');
  const bytes = db.serialize();
  db.close();
  return bytes;
}

const importFile = importLogbookFile;

describeEachDatabase("Logfly's logbook database", (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind, {}, { workers: false });
  });
  afterAll(() => ctx.close());

  it('imports every flight with its date, local time, duration, site, wing and comment; a bad row is refused with its reason', async () => {
    const { client } = await signedInClient(ctx);
    const res = await importFile(client, logflyDb(), 'Logfly.db');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ format: 'logfly', imported: 2, duplicates: 0, tracks: 1 });
    expect(res.json().refused).toEqual([{ row: 4, message: 'V_Date is not a date and time (YYYY-MM-DD HH:MM:SS).' }]);
    const listed = (await client.get('/api/FlightDetail')).json() as Record<string, unknown>[];
    // The stored track waits for its analysis (no workers here), which joins it to its row (merge-logbook.test.ts).
    expect(listed.filter((f) => f.source === 'igc')).toMatchObject([{ status: 'Pending', startTime: expect.stringMatching(/^2012-08-18T08:29:39/) }]);
    const flights = listed.filter((f) => f.source === 'manual').sort((a, b) => String(a.startTime).localeCompare(String(b.startTime)));
    expect(flights).toHaveLength(2);
    expect(flights[0]).toMatchObject({ startTime: expect.stringMatching(/^2012-08-18T08:29:39/), flightTime: 23151, notes: 'Long cross to the Aravis', siteName: 'PLANFAIT' });
    expect(flights[1]).toMatchObject({ startTime: expect.stringMatching(/^2019-06-02T12:05:00/), flightTime: 2700, notes: 'Soaring; windy', siteName: 'COL DE LA FORCLAZ' });
    expect(String(flights[1]!.gliderName)).toMatch(/Bonanza 3/);
    // A second import of the same database adds nothing.
    expect((await importFile(client, logflyDb(), 'Logfly.db')).json()).toMatchObject({ imported: 0, duplicates: 2 });
  });

  it('refuses a SQLite file that is not a Logfly logbook, and a damaged one, changing nothing', async () => {
    const { client } = await signedInClient(ctx);
    const other = new Database(':memory:');
    other.exec('CREATE TABLE flights (id integer)');
    const notLogfly = await importFile(client, other.serialize(), 'other.db');
    other.close();
    expect(notLogfly.statusCode).toBe(400);
    expect(notLogfly.json().message).toBe('This database is not a Logfly logbook (no table Vol with V_Date, V_Duree and V_Site).');
    const damaged = Buffer.concat([Buffer.from('SQLite format 3\0', 'latin1'), Buffer.alloc(4096, 0x5a)]);
    const broken = await importFile(client, damaged, 'Logfly.db');
    expect(broken.statusCode).toBe(400);
    expect((await client.get('/api/FlightDetail')).json()).toHaveLength(0);
  });
});
