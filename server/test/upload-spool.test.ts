import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { generateIgc, thermalFlight } from '../../scripts/synthetic-igc';
import { Client, describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { makeTarGz, makeZip, multipart } from './helpers/archives';

const igc = (day: number) => Buffer.from(generateIgc(thermalFlight(`2024-05-${String(day).padStart(2, '0')}T09:00:00Z`, day)));
const flights = Array.from({ length: 24 }, (_, i) => ({ name: `season/2024-05-${i + 1}.igc`, data: igc(i + 1) }));

async function upload(client: Client, name: string, data: Buffer) {
  const { payload, headers } = multipart([{ name, data }]);
  return client.request('POST', '/api/FlightDetail/upload', payload, headers);
}

/** Archives are spooled to disk and kept one IGC file at a time; what is stored is exactly what was sent. */
describeEachDatabase('uploads spooled to disk', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind, { ARCHIVE_MAX_ENTRIES: '30' });
  });
  afterAll(() => ctx.close());
  const db = () => ctx.services.database.db;
  const filesOf = (userId: number) => db().selectFrom('igcFiles').select(['originalFilename', 'status', 'content']).where('userId', '=', userId).orderBy('id').execute();
  const spoolLeft = () => existsSync(join(ctx.dataDir, 'upload-spool')) && readdirSync(join(ctx.dataDir, 'upload-spool')).length > 0;

  it.each([
    ['a zip', 'season.zip', () => makeZip([...flights, { name: 'season/notes.txt', data: Buffer.from('wind SW') }])],
    ['a tar.gz', 'season.tar.gz', () => makeTarGz([...flights, { name: 'season/notes.txt', data: Buffer.from('wind SW') }])],
  ])('stores every IGC file of %s byte for byte, in archive order, and leaves no spool behind', async (_kind, name, archive) => {
    const { client, user } = await signedInClient(ctx);
    const res = await upload(client, name, archive());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isLargeUpload: true, estimatedFlightCount: 24, totalCount: 25, duplicateCount: 0 });
    const stored = await filesOf(user.id);
    expect(stored.map((f) => f.originalFilename)).toEqual([...flights.map((f) => f.name), 'season/notes.txt']);
    stored.slice(0, 24).forEach((f, i) => expect(gunzipSync(f.content!).equals(flights[i]!.data)).toBe(true));
    expect(stored[24]).toMatchObject({ status: 'Ignored', content: null });
    expect(spoolLeft()).toBe(false);
  });

  it('refuses an archive over a limit after keeping part of it, and stores nothing of it', async () => {
    const { client, user } = await signedInClient(ctx);
    const tooMany = [...flights, ...flights.slice(0, 10).map((f) => ({ ...f, name: `more/${f.name}` }))];
    const res = await upload(client, 'too-many.tar.gz', makeTarGz(tooMany));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The archive has more than 30 entries.');
    expect(await filesOf(user.id)).toEqual([]);
    expect(await db().selectFrom('uploadTasks').select('id').where('userId', '=', user.id).execute()).toEqual([]);
    expect(spoolLeft()).toBe(false);
  });
});
