import { parse } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import yauzl from 'yauzl';
import { LOGBOOK_CSV_COLUMNS } from '../../contract/exports';
import type { TrackPoint } from '../../contract/uploads';
import { generateIgc, thermalFlight } from '../../scripts/synthetic-igc';
import { escapeCell, unescapeCell } from '../src/exports/csv';
import { uniqueNames } from '../src/exports/service';
import { describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { fixture } from './helpers/fixtures';
import { uploadAndWait } from './helpers/upload';

/** Every entry of a zip: name and bytes. */
function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err) return reject(err);
      const out = new Map<string, Buffer>();
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        });
      });
      file.on('end', () => resolve(out));
      file.on('error', reject);
      file.readEntry();
    });
  });
}

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['trkpt', 'when', 'gx:coord', 'Placemark'].includes(name) });
const altitude = (p: TrackPoint) => p.gpsAltitude ?? p.baroAltitude;

describe('CSV cells against formulas', () => {
  it('get an apostrophe before = + - @ and lose exactly that one when read back', () => {
    for (const text of ['=SUM(A1:A9)', '+41 79', '-3 m/s', '@home', "'=already quoted", "''+twice", 'plain', "'apostrophe only"]) {
      expect(unescapeCell(escapeCell(text))).toBe(text);
    }
    expect(escapeCell('=1+1')).toBe("'=1+1");
    expect(escapeCell("'apostrophe only")).toBe("'apostrophe only");
  });
});

describe('zip entry names', () => {
  it('are made unique with -2, -3 regardless of case', () => {
    const name = uniqueNames();
    expect([name('2024-07-01_1100_Fiesch', '.igc'), name('2024-07-01_1100_fiesch', '.igc'), name('2024-07-01_1100_Fiesch', '.igc'), name('2024-07-01_1100_Fiesch', '.gpx')]).toEqual([
      '2024-07-01_1100_Fiesch.igc',
      '2024-07-01_1100_fiesch-2.igc',
      '2024-07-01_1100_Fiesch-3.igc',
      '2024-07-01_1100_Fiesch.gpx',
    ]);
  });
});

describeEachDatabase('exports', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
  });
  afterAll(() => ctx.close());

  it('writes the logbook as CSV: BOM, CRLF, RFC 4180 quoting, local times, oldest first, only visible flights', async () => {
    const { client } = await signedInClient(ctx);
    const glider = (await client.post('/api/gliders', { manufacturer: 'Advance', model: 'Iota DLS', size: '25', gliderClass: 'EN C' })).json();
    const site = { name: 'Col de la Forclaz, Lac d’Annecy', latitude: 45.8134, longitude: 6.2503 };
    const notes = 'Thermik "super", Wind 10 km/h,\nLandung à Doussard; ça va';
    const first = (await client.post('/api/FlightDetail', { startTime: '2024-06-30T22:30:00Z', timeZone: 'Europe/Paris', flightTime: 3725, site, gliderId: glider.id, notes, distance: 12.3456 })).json();
    await client.post('/api/FlightDetail', { startTime: '2024-07-02T09:05:00Z', timeZone: 'Europe/Paris', flightTime: 600, site, notes: '=HYPERLINK("http://evil")' });
    const deleted = (await client.post('/api/FlightDetail', { startTime: '2024-07-03T09:05:00Z', timeZone: 'Europe/Paris', flightTime: 600, site })).json();
    await client.put(`/api/FlightDetail/${deleted.id}/removaldate`, { removalDate: new Date().toISOString() });
    const other = await signedInClient(ctx);
    await other.client.post('/api/FlightDetail', { startTime: '2024-07-01T09:05:00Z', timeZone: 'Europe/Paris', flightTime: 600, site: { name: 'Theirs', latitude: 46, longitude: 8 } });

    const res = await client.get('/api/export/flights.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="flightlog-\d{4}-\d{2}-\d{2}\.csv"/);
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.split('\r\n')[0]).toBe(`\uFEFF${LOGBOOK_CSV_COLUMNS.join(',')}`);
    expect(text.endsWith('\r\n')).toBe(true);

    const rows = parse(bytes, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(2);
    expect(Object.keys(rows[0]!)).toEqual([...LOGBOOK_CSV_COLUMNS]);
    expect(rows[0]).toEqual({
      date: '2024-07-01', // 22:30 UTC is already the next day in Paris
      takeoff_time: '00:30:00',
      time_zone: 'Europe/Paris',
      takeoff_utc: '2024-06-30T22:30:00.000Z',
      landing_time: '01:32:05',
      duration: '1:02:05',
      duration_seconds: '3725',
      distance_km: '12.346',
      xc_distance_km: '',
      score: '',
      flight_type: '',
      league: '',
      max_altitude_m: '',
      elevation_gain_m: '',
      launch_site: site.name,
      launch_latitude: '45.8134',
      launch_longitude: '6.2503',
      landing_site: '',
      landing_latitude: '',
      landing_longitude: '',
      glider: 'Advance Iota DLS 25',
      glider_type_igc: '',
      notes,
      source: 'manual',
      igc_file: '',
      review: '',
      airspace_infringements: '',
    });
    expect(rows[1]).toMatchObject({ date: '2024-07-02', takeoff_time: '11:05:00', notes: '\'=HYPERLINK("http://evil")', glider: '' });
    expect(first.id).toBeGreaterThan(0);
  });

  it('zips every original file behind the logbook, byte for byte, named by local date, time and site', async () => {
    const { client } = await signedInClient(ctx);
    const files = [
      { name: 'morning.igc', data: Buffer.from(generateIgc(thermalFlight('2024-07-01T08:00:00Z', 3))) },
      { name: 'evening.IGC', data: Buffer.from(generateIgc(thermalFlight('2024-07-01T15:00:00Z', 4, { latitude: 45.92, longitude: 6.87, altitude: 1900 }))) },
    ];
    files.push({ name: 'tri.igc', data: fixture('tri.igc') });
    await uploadAndWait(ctx, client, files);
    const flights = (await client.get('/api/FlightDetail')).json() as { id: number; startTime: string }[];
    expect(flights).toHaveLength(files.length);

    const res = await client.get('/api/export/igc.zip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="flightlog-igc-\d{4}-\d{2}-\d{2}\.zip"/);
    const entries = await unzip(res.rawPayload);
    expect(entries.size).toBe(files.length);
    for (const name of entries.keys()) expect(name).toMatch(/^\d{4}-\d{2}-\d{2}_\d{4}(_[A-Za-z0-9-]+)?\.igc$/);
    expect([...entries.keys()].filter((n) => n.startsWith('2024-07-01_'))).toEqual(['2024-07-01_1001_Interlaken.igc', '2024-07-01_1701_Chamonix-Mont-Blanc.igc']); // takeoff after two minutes on the ground
    const sorted = (bufs: Buffer[]) => bufs.map((b) => b.toString('base64')).sort();
    expect(sorted([...entries.values()])).toEqual(sorted(files.map((f) => f.data)));

    // Uploaded flights carry their analysis and file name in the CSV.
    const csvRows = parse((await client.get('/api/export/flights.csv')).rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    const morningRow = csvRows.find((r) => r.igc_file === 'morning.igc')!;
    expect(morningRow).toMatchObject({ date: '2024-07-01', takeoff_time: expect.stringMatching(/^10:01:\d\d$/), time_zone: 'Europe/Zurich', source: 'igc', launch_site: 'Interlaken', flight_type: expect.any(String), league: 'XContest' });
    for (const column of ['duration_seconds', 'distance_km', 'xc_distance_km', 'score', 'max_altitude_m', 'elevation_gain_m', 'launch_latitude', 'launch_longitude']) expect(Number(morningRow[column])).toBeGreaterThan(0);
    expect(csvRows.find((r) => r.igc_file === 'evening.IGC')).toMatchObject({ launch_site: 'Chamonix-Mont-Blanc', source: 'igc' });

    // Another pilot's zip holds none of these.
    const other = await signedInClient(ctx);
    expect((await unzip((await other.client.get('/api/export/igc.zip')).rawPayload)).size).toBe(0);

    // A file whose flights are all deleted stays out of the zip.
    const morning = flights.find((f) => f.startTime.startsWith('2024-07-01T08'))!;
    await client.put(`/api/FlightDetail/${morning.id}/removaldate`, { removalDate: new Date().toISOString() });
    const after = await unzip((await client.get('/api/export/igc.zip')).rawPayload);
    expect(sorted([...after.values()])).toEqual(sorted(files.filter((f) => f.name !== 'morning.igc').map((f) => f.data)));
  });

  it('gives the stored track as GPX and KML with every fix, its time and altitude; manual flights and other pilots get 404', async () => {
    const { client } = await signedInClient(ctx);
    await uploadAndWait(ctx, client, [{ name: 'a.igc', data: Buffer.from(generateIgc(thermalFlight('2024-08-01T09:00:00Z', 9))) }]);
    const [flight] = (await client.get('/api/FlightDetail')).json() as { id: number }[];
    const { path } = (await client.get(`/api/FlightDetail/${flight!.id}/path`)).json() as { path: TrackPoint[] };
    expect(path.length).toBeGreaterThan(100);

    const gpxRes = await client.get(`/api/flightdetail/${flight!.id}/gpx`);
    expect(gpxRes.statusCode).toBe(200);
    expect(gpxRes.headers['content-disposition']).toMatch(/^attachment; filename="2024-08-01_1101_Interlaken\.gpx"/);
    const gpx = xml.parse(gpxRes.body);
    expect(gpx.gpx.version).toBe('1.1');
    const trkpts = gpx.gpx.trk.trkseg.trkpt as { lat: string; lon: string; ele: number; time: string }[];
    expect(trkpts).toHaveLength(path.length);
    trkpts.forEach((p, i) => {
      expect(Number(p.lat)).toBeCloseTo(path[i]!.latitude, 6);
      expect(Number(p.lon)).toBeCloseTo(path[i]!.longitude, 6);
      expect(Number(p.ele)).toBe(altitude(path[i]!));
      expect(p.time).toBe(new Date(path[i]!.timestamp!).toISOString());
    });

    const kmlRes = await client.get(`/api/FlightDetail/${flight!.id}/kml`);
    expect(kmlRes.statusCode).toBe(200);
    expect(kmlRes.headers['content-disposition']).toMatch(/\.kml"/);
    const kml = xml.parse(kmlRes.body);
    const [timed, line] = kml.kml.Document.Placemark;
    expect(timed['gx:Track'].altitudeMode).toBe('absolute');
    expect(timed['gx:Track'].when).toEqual(path.map((p) => new Date(p.timestamp!).toISOString()));
    const coords = (timed['gx:Track']['gx:coord'] as string[]).map((c) => c.split(' ').map(Number));
    expect(coords.map((c) => c[2])).toEqual(path.map(altitude));
    expect(coords[0]![0]).toBeCloseTo(path[0]!.longitude, 6);
    expect(coords[0]![1]).toBeCloseTo(path[0]!.latitude, 6);
    expect(line.LineString.altitudeMode).toBe('absolute');
    expect(String(line.LineString.coordinates).trim().split('\n')).toHaveLength(path.length);

    const manual = (await client.post('/api/FlightDetail', { startTime: '2024-08-02T09:00:00Z', timeZone: 'Europe/Zurich', flightTime: 600, site: { name: 'A & B <x>', latitude: 46, longitude: 8 } })).json();
    for (const format of ['gpx', 'kml']) {
      const res = await client.get(`/api/FlightDetail/${manual.id}/${format}`);
      expect([res.statusCode, res.json().message]).toEqual([404, 'This flight has no track.']);
      const other = await signedInClient(ctx);
      const theirs = await other.client.get(`/api/FlightDetail/${flight!.id}/${format}`);
      const missing = await other.client.get(`/api/FlightDetail/2000000000/${format}`);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.body).toBe(missing.body);
    }
  });
});
