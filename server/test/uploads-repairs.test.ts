import { generateIgc, thermalFlight } from '../../scripts/synthetic-igc';
import type { Fix } from '../src/analysis';
import { parseTrack } from '../src/analysis/parse';
import { makeZip } from './helpers/archives';
import { describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { uploadAndWait } from './helpers/upload';

/** What the tolerant reading repaired reaches the upload history, and the file name gives a missing date. */
describeEachDatabase('repaired files in the upload', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
  });
  afterAll(() => ctx.close());

  it('a file without a date header, named by date as XCTrack does, becomes a flight and says what was repaired', async () => {
    const { client } = await signedInClient(ctx);
    const noDate = generateIgc(thermalFlight('2024-07-14T09:00:00Z', 9))
      .split('\r\n')
      .filter((line) => !line.startsWith('HFDTE'))
      .join('\r\n');
    await uploadAndWait(ctx, client, [{ name: '2024-07-14-XCT-abc-01.igc', data: Buffer.from(noDate) }]);
    const flights = (await client.get('/api/FlightDetail')).json();
    expect(flights).toHaveLength(1);
    expect(flights[0].status).toBe('Completed');
    expect(flights[0].startTime).toMatch(/^2024-07-14T09:0/);
    const [task] = (await client.get('/api/uploadtasks')).json();
    const file = await ctx.services.database.db.selectFrom('igcFiles').select(['status', 'reason']).where('uploadTaskId', '=', task.id).executeTakeFirstOrThrow();
    expect(file.status).toBe('Completed');
    expect(file.reason).toMatch(/file name/i);
  });
});

/** A phone app's export: the scripted flight's fixes as a GPX 1.1 track. */
function gpxOf(igc: string): Buffer {
  const pt = (f: Fix) => `<trkpt lat="${f.latitude.toFixed(6)}" lon="${f.longitude.toFixed(6)}"><ele>${f.gpsAltitude ?? f.baroAltitude}</ele><time>${new Date(f.time).toISOString()}</time></trkpt>`;
  const fixes = parseTrack(Buffer.from(igc)).fixes;
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="phone" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>${fixes.map(pt).join('\n')}</trkseg></trk></gpx>\n`);
}

describeEachDatabase('GPX tracks in the upload', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
  });
  afterAll(() => ctx.close());

  it('a .gpx file alone and one inside a zip each become a completed flight at the track time', async () => {
    const { client } = await signedInClient(ctx);
    const alone = gpxOf(generateIgc(thermalFlight('2024-07-14T09:00:00Z', 9)));
    const zipped = makeZip([{ name: 'phone/2024-07-15.gpx', data: gpxOf(generateIgc(thermalFlight('2024-07-15T10:00:00Z', 9))) }]);
    await uploadAndWait(ctx, client, [{ name: 'flight.gpx', data: alone }]);
    await uploadAndWait(ctx, client, [{ name: 'phone.zip', data: zipped }]);
    const flights = (await client.get('/api/FlightDetail')).json() as { status: string; startTime: string }[];
    expect(flights.map((f) => [f.status, f.startTime.slice(0, 13)])).toEqual([
      ['Completed', '2024-07-15T10'],
      ['Completed', '2024-07-14T09'],
    ]);
  });
});
