import { seedLogbook } from '../src/dev/seed-logbook';
import { describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { seedFlights } from './helpers/flights';

type File = { id: number; originalFilename: string; status: string; flightDetails: { id: number; isRemoved: boolean }[] };

describeEachDatabase('upload task files on demand', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind, {}, { workers: false });
  });
  afterAll(() => ctx.close());

  it('lists tasks without their files when asked, with their file counts', async () => {
    const { client, user } = await signedInClient(ctx);
    const db = ctx.services.database.db;
    await seedFlights(db, user.id, [{ startTime: '2024-05-01T09:00:00.000Z' }, { startTime: '2024-05-02T09:00:00.000Z' }]);
    await seedFlights(db, user.id, [{ startTime: '2024-06-01T09:00:00.000Z' }]);

    const summaries = (await client.get('/api/uploadtasks?withFiles=false')).json();
    expect(summaries.map((t: { fileCount: number; igcFiles: unknown[] }) => [t.fileCount, t.igcFiles])).toEqual([
      [1, []],
      [2, []],
    ]);
    const full = (await client.get('/api/uploadtasks')).json();
    expect(full.map((t: { fileCount: number; igcFiles: File[] }) => [t.fileCount, t.igcFiles.length, t.igcFiles[0]!.flightDetails.length])).toEqual([
      [1, 1, 1],
      [2, 2, 1],
    ]);
    expect((await client.get('/api/uploadtasks?withFiles=true')).json()).toEqual(full);
    expect((await client.get('/api/uploadtasks?withFiles=maybe')).statusCode).toBe(400);
  });

  it('pages through the 10,000 files of one task, each with its flight', async () => {
    const { client, user } = await signedInClient(ctx);
    const seeded = await seedLogbook(ctx.services.database.db, user.id, { count: 10_000, until: '2025-09-30' });

    const first = (await client.get(`/api/uploadtasks/${seeded.uploadTaskId}/files`)).json();
    expect(first.total).toBe(10_000);
    expect(first.offset).toBe(0);
    expect(first.files).toHaveLength(100);
    expect(first.files[0].flightDetails).toEqual([{ id: seeded.flightIds[0], isRemoved: false, removalReason: null }]);

    const last = (await client.get(`/api/uploadtasks/${seeded.uploadTaskId}/files?offset=9900&limit=500`)).json();
    expect(last).toMatchObject({ total: 10_000, offset: 9900 });
    expect(last.files).toHaveLength(100);
    expect(last.files.at(-1).flightDetails[0].id).toBe(seeded.flightIds.at(-1));
    const ids = last.files.map((f: File) => f.id);
    expect([...ids].sort((a: number, b: number) => a - b)).toEqual(ids);

    expect((await client.get(`/api/uploadtasks/${seeded.uploadTaskId}/files?offset=10000`)).json()).toEqual({ total: 10_000, offset: 10_000, files: [] });
  });

  it("answers 404 for another pilot's task and 400 for bad paging, changing nothing", async () => {
    const owner = await signedInClient(ctx);
    const other = await signedInClient(ctx);
    const db = ctx.services.database.db;
    await seedFlights(db, owner.user.id, [{ startTime: '2024-05-01T09:00:00.000Z' }]);
    const [task] = (await owner.client.get('/api/uploadtasks?withFiles=false')).json();

    const theirs = await other.client.get(`/api/uploadtasks/${task.id}/files`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Upload task not found.');
    expect((await other.client.get('/api/uploadtasks/2000000000/files')).body).toBe(theirs.body);

    const tooMany = await owner.client.get(`/api/uploadtasks/${task.id}/files?limit=501`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain('limit must be between 1 and 500.');
    const negative = await owner.client.get(`/api/uploadtasks/${task.id}/files?offset=-1`);
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toContain('offset must be 0 or more.');
    expect((await owner.client.get('/api/uploadtasks/abc/files')).statusCode).toBe(400);
    expect((await owner.client.get(`/api/uploadtasks/${task.id}/files`)).json()).toMatchObject({ total: 1, offset: 0, files: [{ status: 'Completed' }] });
  });
});
