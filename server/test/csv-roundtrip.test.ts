import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { generateIgc, thermalFlight } from '../../scripts/synthetic-igc';
import { describeEachDatabase, signedInClient, startTestApp, type Client, type TestContext } from './helpers/app';
import { multipart } from './helpers/archives';
import { uploadAndWait } from './helpers/upload';

/**
 * Our own CSV export comes back whole into a fresh logbook (docs/export.md): flagged flights with
 * their flag, a flight over a day and over 1,000 km as older versions stored them, and flights that
 * share a takeoff minute (one flight from three instruments, Similar on upload).
 */
const REAL_DIR = resolve(__dirname, 'fixtures/real');
const real = (file: string) => ({ name: file.split('/').pop()!, data: readFileSync(join(REAL_DIR, file)) });

const importCsv = async (client: Client, data: Buffer) => {
  const { payload, headers } = multipart([{ name: 'flightlog.csv', data }]);
  return client.request('POST', '/api/import/csv', payload, headers);
};
const rowsOf = (csv: Buffer) => parse(csv, { bom: true, columns: true }) as Record<string, string>[];
/** What must come back of each row (the track and what only a track gives, the score, stay with the upload). */
const kept = (r: Record<string, string>) => [r.takeoff_utc, r.time_zone, r.duration_seconds, r.distance_km, r.launch_site, r.review];

describeEachDatabase('CSV export round trip', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind, { WORKERS: '2' });
  });
  afterAll(() => ctx.close());

  it('every exported row comes back into a fresh logbook, flags included, whatever its length, distance or takeoff minute', async () => {
    const pilot = await signedInClient(ctx);
    // Three instruments recording one flight: the same takeoff minute, kept as Similar.
    const instruments = [0, 7, 20].map((second, seed) => ({ name: `instrument-${seed}.igc`, data: Buffer.from(generateIgc(thermalFlight(`2024-07-14T09:00:${String(second).padStart(2, '0')}Z`, seed + 1))) }));
    await uploadAndWait(ctx, pilot.client, [...instruments, real('go-igc/0237.igc'), real('togeojson/run.gpx'), real('xcsoar/01lz1hq1.igc')]);
    // A flight as older versions stored it: 26 hours and 1,200 km (the upload no longer stores such rows).
    const db = ctx.services.database.db;
    const longest = await db.selectFrom('flights').select('id').where('userId', '=', pilot.user.id).orderBy('flightTime', 'desc').executeTakeFirstOrThrow();
    await db.updateTable('flights').set({ flightTime: 26 * 3600, distance: 1200 }).where('id', '=', longest.id).execute();

    const exported = (await pilot.client.get('/api/export/flights.csv')).rawPayload;
    const rows = rowsOf(exported);
    expect(rows.length).toBe(6);
    expect(rows.filter((r) => r.takeoff_utc!.startsWith('2024-07-14T09:0')).length).toBe(3);
    expect(rows.filter((r) => r.review === 'Similar').length).toBeGreaterThanOrEqual(1);
    expect(rows.filter((r) => r.review === 'NoFlight').length).toBe(2);
    expect(rows.some((r) => Number(r.duration_seconds) > 86_400 && Number(r.distance_km) > 1000)).toBe(true);

    const fresh = await signedInClient(ctx);
    expect((await importCsv(fresh.client, exported)).json()).toMatchObject({ format: 'flightlog', imported: 6, duplicates: 0, refused: [] });
    const back = rowsOf((await fresh.client.get('/api/export/flights.csv')).rawPayload);
    expect(back.map(kept)).toEqual(rows.map(kept));

    // Importing the same file again changes nothing.
    expect((await importCsv(fresh.client, exported)).json()).toMatchObject({ imported: 0, duplicates: 6, refused: [] });
  }, 300_000);

  it('refuses a review flag that is not one of ours, with the row', async () => {
    const { client } = await signedInClient(ctx);
    const csv = 'takeoff_utc,time_zone,duration_seconds,launch_site,launch_latitude,launch_longitude,review\r\n2024-06-01T09:00:00Z,UTC,600,Fiesch,46.41,8.13,UserRequested\r\n';
    expect((await importCsv(client, Buffer.from(csv))).json()).toMatchObject({ imported: 0, refused: [{ row: 2, message: 'review "UserRequested" is not a review flag of this logbook.' }] });
  });
});
