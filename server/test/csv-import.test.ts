import { CSV_IMPORT_MAX_BYTES } from '../../contract/exports';
import { describeEachDatabase, signedInClient, startTestApp, type Client, type TestContext } from './helpers/app';
import { multipart } from './helpers/archives';
import { seedFlights } from './helpers/flights';

const importCsv = async (client: Client, data: Buffer | string, name = 'logbook.csv') => {
  const { payload, headers } = multipart([{ name, data: Buffer.isBuffer(data) ? data : Buffer.from(data) }]);
  return client.request('POST', '/api/import/csv', payload, headers);
};

/** What a flight without a track is, without the ids of this database. */
const KEPT = ['startTime', 'timeZone', 'status', 'flightTime', 'distance', 'takeoffLocation', 'landingLocation', 'notes', 'gliderName', 'siteName', 'landingSiteName', 'source'] as const;
const logbookOf = async (client: Client) =>
  ((await client.get('/api/FlightDetail')).json() as Record<string, unknown>[])
    .map((f) => Object.fromEntries(KEPT.map((k) => [k, f[k]])))
    .sort((a, b) => String(a.startTime).localeCompare(String(b.startTime)));

describeEachDatabase('CSV import', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind, {}, { workers: false });
  });
  afterAll(() => ctx.close());

  it('gives back the same logbook after export, delete and import; a second import only counts duplicates', async () => {
    const { client } = await signedInClient(ctx);
    const glider = (await client.post('/api/gliders', { manufacturer: 'Gin', model: 'Bonanza 3', size: 'M', gliderClass: 'EN C' })).json();
    const landing = (await client.post('/api/sites', { name: 'Doussard', latitude: 45.7833, longitude: 6.2167 })).json();
    const forclaz = { name: 'Col de la Forclaz', latitude: 45.8134, longitude: 6.2503 };
    const flights = [
      { startTime: '2024-05-01T09:30:00Z', timeZone: 'Europe/Paris', flightTime: 5400, site: forclaz, landingSiteId: landing.id, gliderId: glider.id, notes: 'Thermik "super", 10 km/h,\r\nzweite Zeile; ça va', distance: 12.35 },
      { startTime: '2024-05-02T22:15:00Z', timeZone: 'America/Denver', flightTime: 61, site: { name: 'Point of the Mountain', latitude: 40.455, longitude: -111.9 }, notes: '=1+2 and -3 @ +4' },
      { startTime: '2024-05-03T12:00:00Z', timeZone: 'Europe/Paris', flightTime: 3600, site: forclaz, notes: "'+quoted already" },
    ];
    for (const f of flights) expect((await client.post('/api/FlightDetail', f)).statusCode).toBe(201);
    const before = await logbookOf(client);
    expect(before).toHaveLength(3);
    const sitesBefore = (await client.get('/api/sites')).json().map((s: { id: number }) => s.id);

    const csv = (await client.get('/api/export/flights.csv')).rawPayload;
    for (const f of (await client.get('/api/FlightDetail')).json() as { id: number }[]) await client.put(`/api/FlightDetail/${f.id}/removalreason`, { removalReason: 'Other' });
    await client.put('/api/FlightDetail/marked/delete-all');
    expect((await client.get('/api/FlightDetail')).json()).toEqual([]);

    const res = await importCsv(client, csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ format: 'flightlog', imported: 3, duplicates: 0, merged: 0, tracks: 0, refused: [], skippedColumns: [] });
    expect(await logbookOf(client)).toEqual(before);
    // The existing wing and sites are reused, none is added.
    expect((await client.get('/api/gliders')).json()).toHaveLength(1);
    expect((await client.get('/api/sites')).json().map((s: { id: number }) => s.id)).toEqual(sitesBefore);

    expect((await importCsv(client, csv)).json()).toEqual({ format: 'flightlog', imported: 0, duplicates: 3, merged: 0, tracks: 0, refused: [], skippedColumns: [] });
    expect(await logbookOf(client)).toHaveLength(3);

    // Another pilot's flights at the same minutes are not duplicates; their wing and sites are created.
    const other = await signedInClient(ctx);
    expect((await importCsv(other.client, csv)).json()).toMatchObject({ imported: 3, duplicates: 0 });
    expect(await logbookOf(other.client)).toEqual(before);
    expect((await other.client.get('/api/gliders')).json()).toEqual([expect.objectContaining({ manufacturer: 'Gin', model: 'Bonanza 3 M', name: 'Gin Bonanza 3 M', gliderClass: 'Other' })]);
    // One site per name: the two flights from the Forclaz share the one created for the first.
    const sites = (await other.client.get('/api/sites')).json() as { name: string; latitude: number; longitude: number; flightCount: number }[];
    expect(sites.map((s) => [s.name, s.latitude, s.longitude, s.flightCount])).toEqual([
      ['Col de la Forclaz', 45.8134, 6.2503, 2],
      ['Doussard', 45.7833, 6.2167, 0],
      ['Point of the Mountain', 40.455, -111.9, 1],
    ]);
  });

  it('imports an uploaded flight of our CSV without its track and names the columns that had no place', async () => {
    const { client, user } = await signedInClient(ctx);
    await seedFlights(ctx.services.database.db, user.id, [
      { startTime: '2024-05-05T10:00:00.000Z', endTime: '2024-05-05T11:00:00.000Z', site: 'Fiesch', xcDistance: 8.5, xcPoints: 10.2, flightCode: 'tri', scoringRules: 'XContest', gliderType: 'OZONE ALPINA 4' },
    ]);
    const csv = (await client.get('/api/export/flights.csv')).rawPayload;
    const other = await signedInClient(ctx);
    expect((await importCsv(other.client, csv)).json()).toEqual({
      format: 'flightlog',
      imported: 1,
      duplicates: 0,
      merged: 0,
      tracks: 0,
      refused: [],
      skippedColumns: ['xc_distance_km', 'score', 'flight_type', 'league', 'max_altitude_m', 'glider_type_igc', 'igc_file'],
    });
    expect(await logbookOf(other.client)).toEqual([expect.objectContaining({ startTime: '2024-05-05T10:00:00.000Z', flightTime: 3600, distance: 10, siteName: 'Fiesch', source: 'manual' })]);
  });

  it('counts a row repeating another row of the file as a duplicate; two flights sharing a takeoff minute are both imported', async () => {
    const { client } = await signedInClient(ctx);
    const header = 'date,takeoff_time,time_zone,duration,launch_site,launch_latitude,launch_longitude';
    const csv = [header, '2024-06-01,11:00:10,Europe/Zurich,1:00:00,Fiesch,46.41,8.13', '2024-06-01,11:00:10,Europe/Zurich,1:00:00,Fiesch,46.41,8.13', '2024-06-01,11:00:50,Europe/Zurich,0:30:00,Fiesch,46.41,8.13'].join('\n');
    expect((await importCsv(client, csv)).json()).toEqual({ format: 'flightlog', imported: 2, duplicates: 1, merged: 0, tracks: 0, refused: [], skippedColumns: [] });
    expect(await logbookOf(client)).toEqual([
      expect.objectContaining({ startTime: '2024-06-01T09:00:10.000Z', flightTime: 3600, siteName: 'Fiesch', timeZone: 'Europe/Zurich' }),
      expect.objectContaining({ startTime: '2024-06-01T09:00:50.000Z', flightTime: 1800, siteName: 'Fiesch', timeZone: 'Europe/Zurich' }),
    ]);
  });

  it("reads Logfly 5's export: ';', Windows-1252, local time with its UTC offset, Logfly's cut hour, comments with ';'", async () => {
    const { client } = await signedInClient(ctx);
    const lines = [
      'Date;Heure;UTC;Durée;Site;Pays;Alt;Latitude;Longitude;Voile;Commentaire',
      '2019-05-12 ;3:45:22;120;1h23mn;Montmin Forclaz;FRANCE;1245;45.8134;6.2503;Ozone Rush 4;Très bon vol; plafond 2500',
      '2019-05-14 ;2:10:00;120;0h45mn;MONTMIN FORCLAZ;FRANCE;1245;45.8134;6.2503;ozone rush 4;null',
      '2019-06-01 ;0:00:00;60;1h00mn;Lüsen;null;0;;;Ozone Rush 4;kein Startplatz bekannt',
    ];
    const res = await importCsv(client, Buffer.from(lines.join('\r\n') + '\r\n', 'latin1'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      format: 'logfly',
      imported: 2,
      duplicates: 0,
      merged: 0,
      tracks: 0,
      refused: [{ row: 4, message: 'Launch site "Lüsen" is not one of your sites and the row gives no coordinates: add the site first (Sites page), then import the file again.' }],
      skippedColumns: ['Pays', 'Alt'],
    });
    expect(await logbookOf(client)).toEqual([
      expect.objectContaining({ startTime: '2019-05-12T11:45:22.000Z', timeZone: 'Europe/Paris', flightTime: 4980, siteName: 'Montmin Forclaz', gliderName: 'Ozone Rush 4', notes: 'Très bon vol; plafond 2500' }),
      expect.objectContaining({ startTime: '2019-05-14T10:10:00.000Z', siteName: 'Montmin Forclaz', gliderName: 'Ozone Rush 4', notes: null }),
    ]);
    expect((await client.get('/api/gliders')).json()).toEqual([expect.objectContaining({ manufacturer: 'Ozone', model: 'Rush 4' })]);
    expect((await client.get('/api/sites')).json()).toEqual([expect.objectContaining({ name: 'Montmin Forclaz', latitude: 45.8134, longitude: 6.2503 })]);
  });

  it('reads Logfly 5 with the track file column, in English and UTF-8', async () => {
    const { client } = await signedInClient(ctx);
    const lines = ['IGC FileDate;Hour;UTC;Duration;Site;Country;Alt;Latitude;Longitude;Glider;Comment', '2021_07_03_12_05_00.IGC;2021-07-03 ;2:05:00;120;2h05mn;Kössen;AUSTRIA;1500;47.67;12.4;Advance Alpha 7;'];
    expect((await importCsv(client, lines.join('\r\n'))).json()).toEqual({ format: 'logfly', imported: 1, duplicates: 0, merged: 0, tracks: 0, refused: [], skippedColumns: ['IGC File', 'Country', 'Alt'] });
    expect(await logbookOf(client)).toEqual([expect.objectContaining({ startTime: '2021-07-03T10:05:00.000Z', timeZone: 'Europe/Vienna', flightTime: 7500, siteName: 'Kössen' })]);
  });

  it("reads flugbuech's CSV: UTC times, the pilot's sites and wings by name", async () => {
    const { client } = await signedInClient(ctx);
    await client.post('/api/sites', { name: 'Ebenalp', latitude: 47.2843, longitude: 9.4118 });
    await client.post('/api/sites', { name: 'Wasserauen', latitude: 47.2867, longitude: 9.4267 });
    await client.post('/api/gliders', { manufacturer: 'Advance', model: 'Xi', size: '21', gliderClass: 'EN B' });
    const csv = [
      'number,date,glider,launch_site,launch_time_utc,landing_site,landing_time_utc,track_distance,hikeandfly,comment,xcontest_url,xcontest_tracktype,xcontest_scored_distance,video_url',
      '108,2024-03-17,Advance Xi 21,ebenalp,13:37:00,Wasserauen,15:42:23,37.86,true,"Windy conditions, landed early",https://www.xcontest.org/world/en/flights/detail:dbrgn/17.3.2024/13:37,flat_triangle,36.79,',
      '109,2024-03-18,Nova Mentor 7,Ebenalp,23:30:00,,00:10:00,,false,,,,,',
      '110,2024-03-19,,Hoher Kasten,10:00:00,,11:00:00,,false,,,,,',
    ].join('\n');
    const res = await importCsv(client, csv, 'flugbuech.csv');
    expect(res.json()).toEqual({
      format: 'flugbuech',
      imported: 2,
      duplicates: 0,
      merged: 0,
      tracks: 0,
      refused: [{ row: 4, message: 'Launch site "Hoher Kasten" is not one of your sites and the row gives no coordinates: add the site first (Sites page), then import the file again.' }],
      skippedColumns: ['number', 'hikeandfly', 'xcontest_url', 'xcontest_tracktype', 'xcontest_scored_distance'],
    });
    expect(await logbookOf(client)).toEqual([
      expect.objectContaining({ startTime: '2024-03-17T13:37:00.000Z', timeZone: 'Europe/Zurich', flightTime: 7523, distance: 37.86, siteName: 'Ebenalp', landingSiteName: 'Wasserauen', gliderName: 'Advance Xi 21', notes: 'Windy conditions, landed early' }),
      // Landing after midnight UTC: the next day.
      expect.objectContaining({ startTime: '2024-03-18T23:30:00.000Z', flightTime: 2400, gliderName: 'Nova Mentor 7', landingSiteName: null }),
    ]);
  });

  it('refuses bad rows with their row number and reason and imports the rest', async () => {
    const { client } = await signedInClient(ctx);
    const future = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const header = 'date,takeoff_time,time_zone,duration_seconds,launch_site,launch_latitude,launch_longitude,notes';
    const rows = [
      '2024-07-01,10:00:00,Europe/Zurich,3600,Niesen,46.64,7.65,good',
      '2024-13-01,10:00:00,Europe/Zurich,3600,Niesen,46.64,7.65,',
      `${future},10:00:00,Europe/Zurich,3600,Niesen,46.64,7.65,`,
      '2024-07-02,10:00:00,Mars/Olympus,3600,Niesen,46.64,7.65,',
      '2024-07-03,10:00:00,Europe/Zurich,0,Niesen,46.64,7.65,',
      '2024-07-04,10:00:00,Europe/Zurich,3600,,,,',
      '2024-07-05,10:00:00,Europe/Zurich,3600,Elsewhere,95,7.65,',
      '2024-07-06,25:00:00,Europe/Zurich,3600,Niesen,46.64,7.65,',
      '2024-07-07,10:00:00,Europe/Zurich,an hour,Niesen,46.64,7.65,',
      '2024-07-08,10:00:00,Europe/Zurich,1800,Niesen,46.64,7.65,also good',
    ];
    const res = await importCsv(client, [header, ...rows].join('\r\n'));
    expect(res.json()).toEqual({
      format: 'flightlog',
      imported: 2,
      duplicates: 0,
      merged: 0,
      tracks: 0,
      refused: [
        { row: 3, message: 'date "2024-13-01" is not a date (YYYY-MM-DD).' },
        { row: 4, message: 'The flight cannot start in the future.' },
        { row: 5, message: 'Unknown time zone.' },
        { row: 6, message: 'Duration must be between 1 second and 7 days.' },
        { row: 7, message: 'The row has no launch site.' },
        { row: 8, message: 'Latitude must be between -90 and 90.' },
        { row: 9, message: 'takeoff_time "25:00:00" is not a time (HH:MM:SS).' },
        { row: 10, message: 'duration_seconds "an hour" is not a number.' },
      ],
      skippedColumns: [],
    });
    expect((await logbookOf(client)).map((f) => f.notes)).toEqual(['good', 'also good']);
    expect((await client.get('/api/sites')).json().map((s: { name: string }) => s.name)).toEqual(['Niesen']);
  });

  it('imports 2,000 rows with the right counts, sites and wings, and leaves another pilot untouched', async () => {
    const HOUR = 3_600_000;
    const startOf = (i: number) => new Date(Date.UTC(2020, 0, 1, 8) + i * 3 * HOUR).toISOString();
    const WINGS = ['ozone  RUSH 5', 'Gin Bonanza 3', 'Advance Iota 2', 'Nova Mentor 7'];
    const fiesch = { name: 'Fiesch', latitude: 46.41, longitude: 8.13 };
    const row = (i: number) => {
      const k = i % 10;
      if (i % 250 === 7) return `${startOf(i)},Europe/Zurich,3600,Nowhere ${i},,,Gin Bonanza 3,`;
      // A repeat of the flight of the row before: the same takeoff and duration.
      const repeat = i % 500 === 9;
      const name = k === 0 ? 'fiesch' : Math.floor(i / 10) % 2 ? `SITE ${k}` : `Site ${k}`;
      return `${startOf(repeat ? i - 1 : i)},Europe/Zurich,${600 + (repeat ? i - 1 : i)},${name},${46 + k / 100},8.2,${WINGS[i % 4]},row ${i}`;
    };
    const csv = ['takeoff_utc,time_zone,duration_seconds,launch_site,launch_latitude,launch_longitude,glider,notes', ...Array.from({ length: 2000 }, (_, i) => row(i))].join('\n');

    const me = await signedInClient(ctx);
    const site = (await me.client.post('/api/sites', fiesch)).json();
    await me.client.post('/api/gliders', { manufacturer: 'Ozone', model: 'Rush 5', gliderClass: 'EN B' });
    for (const i of [100, 1000, 1999]) expect((await me.client.post('/api/FlightDetail', { startTime: startOf(i), timeZone: 'Europe/Zurich', flightTime: 600 + i, siteId: site.id })).statusCode).toBe(201);

    // Another pilot with the same site and wing names and flights at the file's first minutes.
    const other = await signedInClient(ctx);
    const otherSite = (await other.client.post('/api/sites', fiesch)).json();
    await other.client.post('/api/gliders', { manufacturer: 'Gin', model: 'Bonanza 3', gliderClass: 'EN C' });
    for (const i of [0, 1, 2]) await other.client.post('/api/FlightDetail', { startTime: startOf(i), timeZone: 'Europe/Zurich', flightTime: 60, siteId: otherSite.id });
    const othersBefore = [await logbookOf(other.client), (await other.client.get('/api/sites')).json(), (await other.client.get('/api/gliders')).json()];

    const refusedRows = [7, 257, 507, 757, 1007, 1257, 1507, 1757];
    const res = await importCsv(me.client, csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      format: 'flightlog',
      imported: 2000 - refusedRows.length - 4 - 3,
      duplicates: 4 + 3,
      merged: 0,
      tracks: 0,
      refused: refusedRows.map((i) => ({
        row: i + 2,
        message: `Launch site "Nowhere ${i}" is not one of your sites and the row gives no coordinates: add the site first (Sites page), then import the file again.`,
      })),
      skippedColumns: [],
    });

    const logbook = await logbookOf(me.client);
    expect(logbook).toHaveLength(3 + 1985);
    expect(logbook.find((f) => f.notes === 'row 11')).toEqual(
      expect.objectContaining({ startTime: startOf(11), timeZone: 'Europe/Zurich', flightTime: 611, siteName: 'Site 1', gliderName: 'Nova Mentor 7', source: 'manual' }),
    );
    expect(logbook.find((f) => f.notes === 'row 1990')).toEqual(expect.objectContaining({ siteName: 'Fiesch', gliderName: 'Advance Iota 2' }));
    const sites = (await me.client.get('/api/sites')).json() as { name: string; flightCount: number }[];
    // A new site is named as the first imported row writes it: rows 7 and 9 are refused and a repeat.
    expect(sites.map((s) => s.name).sort()).toEqual(['Fiesch', 'SITE 7', 'SITE 9', 'Site 1', 'Site 2', 'Site 3', 'Site 4', 'Site 5', 'Site 6', 'Site 8']);
    expect(sites.reduce((n, s) => n + s.flightCount, 0)).toBe(3 + 1985);
    expect(((await me.client.get('/api/gliders')).json() as { name: string }[]).map((g) => g.name).sort()).toEqual(['Advance Iota 2', 'Gin Bonanza 3', 'Nova Mentor 7', 'Ozone Rush 5']);

    expect([await logbookOf(other.client), (await other.client.get('/api/sites')).json(), (await other.client.get('/api/gliders')).json()]).toEqual(othersBefore);
  });

  it('stores a file sent twice at once only once: the second import counts duplicates', async () => {
    const { client } = await signedInClient(ctx);
    const rows = Array.from({ length: 600 }, (_, i) => `${new Date(Date.UTC(2021, 0, 1) + i * 86_400_000).toISOString()},UTC,3600,Fiesch,46.41,8.13,Gin Bonanza 3,`);
    const csv = ['takeoff_utc,time_zone,duration_seconds,launch_site,launch_latitude,launch_longitude,glider,notes', ...rows].join('\n');
    expect(await logbookOf(client)).toEqual([]); // also gives the client its anti-forgery token before the two requests
    const answers = (await Promise.all([importCsv(client, csv), importCsv(client, csv)])).map((r) => r.json());
    expect(answers.map((a) => a.imported).sort((a, b) => a - b)).toEqual([0, 600]);
    expect(answers.map((a) => a.duplicates).sort((a, b) => a - b)).toEqual([0, 600]);
    expect(await logbookOf(client)).toHaveLength(600);
    expect((await client.get('/api/sites')).json()).toHaveLength(1);
    expect((await client.get('/api/gliders')).json()).toHaveLength(1);
  });

  it('answers 400 and stores nothing for a file that is not a CSV logbook', async () => {
    const { client } = await signedInClient(ctx);
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const cases: [Buffer | string, string][] = [
      [png, 'This file is not a CSV file (it holds binary data).'],
      ['', 'The file is empty.'],
      ['name,age\nAnna,30\n', 'The header of this file is not one this logbook can read'],
      ['date,takeoff_time,time_zone,duration\n"2024-07-01,10:00:00\n', 'The file could not be read as CSV'],
    ];
    for (const [data, message] of cases) {
      const res = await importCsv(client, data);
      expect([res.statusCode, res.json().message]).toEqual([400, expect.stringContaining(message)]);
    }
    const notMultipart = await client.post('/api/import/csv', { file: 'x' });
    expect([notMultipart.statusCode, notMultipart.json().message]).toEqual([400, 'Send the CSV file as multipart/form-data.']);
    const huge = await importCsv(client, Buffer.alloc(CSV_IMPORT_MAX_BYTES + 1, 'a'));
    expect([huge.statusCode, huge.json().message]).toEqual([413, 'The CSV file is larger than 10 MB.']);
    expect((await client.get('/api/FlightDetail')).json()).toEqual([]);
    expect((await client.get('/api/sites')).json()).toEqual([]);
    expect((await client.get('/api/gliders')).json()).toEqual([]);
  });
});
