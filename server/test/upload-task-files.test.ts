import { seedLogbook } from '../src/dev/seed-logbook';
import { describeEachDatabase, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { insertFile, insertTask } from '../src/uploads/repository';
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

  it('counts the files done and failed of a task of any size, failures grouped by reason with the first names', async () => {
    const owner = await signedInClient(ctx);
    const other = await signedInClient(ctx);
    const db = ctx.services.database.db;
    const taskId = await insertTask(db, { userId: owner.user.id, filename: 'decade.zip', fileSize: 1000, estimatedFlightCount: 300 });
    const file = (i: number, status: string, reason: string | null) =>
      insertFile(db, { uploadTaskId: taskId, userId: owner.user.id, originalFilename: `f-${String(i).padStart(3, '0')}.igc`, fileSize: 10, sha256: null, status, reason, content: null });
    // 300 files: 240 read, 40 without a track, 5 not IGC, 3 failed with no reason, 12 still waiting.
    for (let i = 0; i < 300; i++) {
      if (i % 7 === 3 && i < 280) await file(i, 'Failed', 'No B records: the file holds no track.');
      else if (i === 281 || i === 283 || i === 285 || i === 287 || i === 289) await file(i, 'Failed', 'The file is not an IGC file.');
      else if (i >= 290 && i < 293) await file(i, 'Failed', null);
      else if (i >= 288 && i % 2 === 0) await file(i, i % 4 === 0 ? 'Pending' : 'Processing', null);
      else await file(i, i % 11 === 0 ? 'Duplicate' : 'Completed', null);
    }
    const statuses = await db.selectFrom('igcFiles').select('status').where('uploadTaskId', '=', taskId).execute();
    const waiting = statuses.filter((f) => f.status === 'Pending' || f.status === 'Processing').length;
    const failed = statuses.filter((f) => f.status === 'Failed').length;
    expect(failed).toBe(40 + 5 + 3);

    for (const withFiles of ['false', 'true']) {
      const [task] = (await owner.client.get(`/api/uploadtasks?withFiles=${withFiles}`)).json();
      expect(task).toMatchObject({ id: taskId, fileCount: 300, filesDone: 300 - waiting, failedFileCount: failed });
      expect(task.failures).toEqual([
        { reason: 'No B records: the file holds no track.', count: 40, firstFiles: ['f-003.igc', 'f-010.igc', 'f-017.igc'] },
        { reason: 'The file is not an IGC file.', count: 5, firstFiles: ['f-281.igc', 'f-283.igc', 'f-285.igc'] },
        { reason: null, count: 3, firstFiles: ['f-290.igc', 'f-291.igc', 'f-292.igc'] },
      ]);
    }
    // Another pilot's list holds nothing of it: no counts, no file names.
    expect((await other.client.get('/api/uploadtasks?withFiles=false')).json()).toEqual([]);
  });
});
