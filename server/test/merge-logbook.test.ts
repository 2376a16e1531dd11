import Database from 'better-sqlite3';
import { generateIgc, thermalFlight } from '../../scripts/synthetic-igc';
import type { UploadTask } from '../../contract/uploads';
import { describeEachDatabase, signedInClient, startTestApp, type Client, type TestContext } from './helpers/app';
import { multipart } from './helpers/archives';
import { importLogbookFile, LOGFLY_VOL_TABLE } from './helpers/logfly';

const igc = (start: string, seed = 1) => Buffer.from(generateIgc(thermalFlight(start, seed)));

async function upload(client: Client, files: { name: string; data: Buffer }[]) {
  const { payload, headers } = multipart(files);
  return client.request('POST', '/api/FlightDetail/upload', payload, headers);
}

describeEachDatabase('a logbook flight and its track become one flight', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
  });
  afterAll(() => ctx.close());
  const flightsOf = (client: Client) => client.get('/api/FlightDetail').then((r) => r.json() as Record<string, unknown>[]);

  it('a flight entered by hand gains the track of a later file: notes, wing and site stay the logbook’s', async () => {
    const { client } = await signedInClient(ctx);
    // Learn where and when the synthetic flight takes off, from a first pilot's upload of it.
    const probe = await signedInClient(ctx);
    await upload(probe.client, [{ name: 'probe.igc', data: igc('2024-07-20T09:00:00Z', 3) }]);
    await ctx.services.queue.drain();
    const [reference] = await flightsOf(probe.client);
    const [launch] = (await probe.client.get(`/api/flightdetail/${reference!.id}/path`)).json().path as { latitude: number; longitude: number }[];
    const takeoff = Date.parse(String(reference!.startTime));

    const glider = (await client.post('/api/gliders', { manufacturer: 'Ozone', model: 'Rush 6', size: 'M', gliderClass: 'EN B' })).json();
    const manual = await client.post('/api/FlightDetail', {
      startTime: new Date(takeoff + 60_000).toISOString(),
      timeZone: 'Europe/Zurich',
      flightTime: 3000,
      site: { name: 'Amisbühl', latitude: launch!.latitude, longitude: launch!.longitude },
      gliderId: glider.id,
      notes: 'First flight of the season',
    });
    expect(manual.statusCode).toBe(201);
    const manualId = manual.json().id as number;

    // A takeoff three minutes away is another flight: it stays beside the logbook's.
    const other = await signedInClient(ctx);
    await other.client.post('/api/FlightDetail', { startTime: new Date(takeoff + 180_000).toISOString(), timeZone: 'Europe/Zurich', flightTime: 3000, site: { name: 'Amisbühl', latitude: launch!.latitude, longitude: launch!.longitude }, notes: 'not this one' });
    await upload(other.client, [{ name: 'x.igc', data: igc('2024-07-20T09:00:00Z', 3) }]);

    const res = await upload(client, [{ name: '2024-07-20.igc', data: igc('2024-07-20T09:00:00Z', 3) }]);
    expect(res.statusCode).toBe(200);
    await ctx.services.queue.drain();

    const flights = await flightsOf(client);
    expect(flights).toHaveLength(1);
    expect(flights[0]).toMatchObject({ id: manualId, notes: 'First flight of the season', siteName: 'Amisbühl' });
    expect(String(flights[0]!.gliderName)).toMatch(/Rush 6/);
    expect(flights[0]!.startTime).toBe(reference!.startTime);
    const features = (await client.get(`/api/FlightDetail/${manualId}/features?lowRes=true`)).json();
    expect(features[0].geometry.points.length).toBeGreaterThan(100);

    const [task] = (await client.get('/api/uploadtasks')).json() as UploadTask[];
    expect(task!.ledger).toMatchObject({ merged: 1, stored: 0 });
    expect(task!.igcFiles[0]!.reason).toBe(`Merged into flight ${manualId}.`);

    expect(await flightsOf(other.client)).toHaveLength(2);
  }, 120_000);

  /** A Logfly database (Logfly's schema, see logfly-db-import.test.ts) with one flight at this local time (UTC+2). */
  const logflyRow = (local: string, lat: number, lon: number) => {
    const db = new Database(':memory:');
    db.exec(LOGFLY_VOL_TABLE);
    db.prepare('INSERT INTO Vol (V_Date,V_Duree,V_sDuree,V_LatDeco,V_LongDeco,V_Site,V_Commentaire,UTC,V_Engin) VALUES (?,?,?,?,?,?,?,?,?)').run(local, 2600, '00h43mn', lat, lon, 'Amisbühl', 'Logfly note', 120, 'Rush 6');
    const bytes = db.serialize();
    db.close();
    return bytes;
  };
  const importFile = importLogbookFile;

  it('a logbook imported after the track (Logfly database, our CSV) joins the track flight instead of adding one', async () => {
    for (const format of ['logfly', 'csv'] as const) {
      const { client } = await signedInClient(ctx);
      await upload(client, [{ name: 'track.igc', data: igc('2024-07-21T09:00:00Z', 4) }]);
      await ctx.services.queue.drain();
      const [track] = await flightsOf(client);
      const [launch] = (await client.get(`/api/flightdetail/${track!.id}/path`)).json().path as { latitude: number; longitude: number }[];
      const takeoff = Date.parse(String(track!.startTime)) - 90_000;
      const local = new Date(takeoff + 2 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
      const data =
        format === 'logfly'
          ? logflyRow(local, launch!.latitude, launch!.longitude)
          : Buffer.from(`takeoff_utc,duration_seconds,launch_site,launch_latitude,launch_longitude,glider,notes\n${new Date(takeoff).toISOString()},2600,Amisbühl,${launch!.latitude},${launch!.longitude},Rush 6,Logfly note\n`);
      const res = await importFile(client, data, format === 'logfly' ? 'Logfly.db' : 'logbook.csv');
      expect(res.json()).toMatchObject({ imported: 0, merged: 1, duplicates: 0, refused: [] });
      const flights = await flightsOf(client);
      expect(flights).toHaveLength(1);
      expect(flights[0]).toMatchObject({ id: track!.id, notes: 'Logfly note', siteName: 'Amisbühl', source: 'igc', startTime: track!.startTime });
      expect(String(flights[0]!.gliderName)).toMatch(/Rush 6/);
      // The track's numbers stay the file's.
      expect(flights[0]!.flightTime).toBe(track!.flightTime);
    }
  }, 120_000);

  it("Logfly's stored tracks (V_IGC) are analysed as an upload of their own and each joins its row: one flight with the track, Logfly's notes and site", async () => {
    const { client } = await signedInClient(ctx);
    // Where and when the synthetic flight takes off, learnt from another pilot's upload of it.
    const probe = await signedInClient(ctx);
    await upload(probe.client, [{ name: 'probe.igc', data: igc('2024-07-22T09:00:00Z', 5) }]);
    await ctx.services.queue.drain();
    const [reference] = await flightsOf(probe.client);
    const [launch] = (await probe.client.get(`/api/flightdetail/${reference!.id}/path`)).json().path as { latitude: number; longitude: number }[];
    const local = new Date(Date.parse(String(reference!.startTime)) + 2 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    const db = new Database(':memory:');
    db.exec(LOGFLY_VOL_TABLE);
    const insert = db.prepare('INSERT INTO Vol (V_Date,V_Duree,V_sDuree,V_LatDeco,V_LongDeco,V_Site,V_Commentaire,V_IGC,UTC,V_Engin) VALUES (?,?,?,?,?,?,?,?,?,?)');
    insert.run(local, 2600, '00h43mn', launch!.latitude, launch!.longitude, 'Amisbühl', 'Logfly note', igc('2024-07-22T09:00:00Z', 5).toString('utf8'), 120, 'Rush 6');
    insert.run('2019-06-02 14:05:00', 2700, '00h45mn', 45.8134, 6.2503, 'COL DE LA FORCLAZ', 'By hand', null, 120, 'Rush 6');
    const bytes = db.serialize();
    db.close();

    const res = await importFile(client, bytes, 'Logfly.db');
    expect(res.json()).toMatchObject({ format: 'logfly', imported: 2, tracks: 1, merged: 0, refused: [] });
    await ctx.services.queue.drain();

    const flights = (await flightsOf(client)).sort((a, b) => String(a.startTime).localeCompare(String(b.startTime)));
    expect(flights).toHaveLength(2);
    expect(flights[0]).toMatchObject({ source: 'manual', notes: 'By hand' });
    expect(flights[1]).toMatchObject({ source: 'igc', status: 'Completed', notes: 'Logfly note', siteName: 'Amisbühl', startTime: reference!.startTime });
    const features = (await client.get(`/api/FlightDetail/${flights[1]!.id}/features?lowRes=true`)).json();
    expect(features[0].geometry.points.length).toBeGreaterThan(100);
    // The History page lists the tracks as an upload of their own, each merged into its row.
    const [task] = (await client.get('/api/uploadtasks')).json() as UploadTask[];
    expect(task!.filename).toBe('Logfly tracks');
    expect(task!.igcFiles[0]!.originalFilename).toMatch(/^logfly-\d+-2024-07-22\.igc$/);
    expect(task!.igcFiles[0]!.reason).toBe(`Merged into flight ${flights[1]!.id}.`);
  }, 120_000);
});
