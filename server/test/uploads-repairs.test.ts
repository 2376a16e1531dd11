import { generateIgc, thermalFlight } from '../../scripts/synthetic-igc';
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
