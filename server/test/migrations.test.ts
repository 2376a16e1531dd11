import { migrate, type DatabaseHandle } from '../src/db';
import { describeEachDatabase } from './helpers/app';
import { freshDatabaseForEachTest, oldPilotRow } from './helpers/database';

const at = '2024-07-14T10:00:00.000Z';

/** A database holding one pilot's analysed flight under the schema of migration 002. */
async function oldLogbook(handle: DatabaseHandle) {
  await migrate(handle, '002_data_version');
  const db = handle.db;
  const user = await db.insertInto('users').values(oldPilotRow('a', at) as never).returning('id').executeTakeFirstOrThrow();
  const task = await db.insertInto('uploadTasks').values({ userId: user.id, uploadDate: at, filename: 'f.igc', fileSize: 1, status: 'Completed', errorMessage: null, estimatedFlightCount: 1, processedFlightCount: 1, duplicateFlightCount: 0 }).returning('id').executeTakeFirstOrThrow();
  const file = await db.insertInto('igcFiles').values({ uploadTaskId: task.id, userId: user.id, originalFilename: 'f.igc', fileSize: 1, sha256: null, status: 'Completed', reason: null, content: null, attempts: 1, createdAt: at }).returning('id').executeTakeFirstOrThrow();
  const flight = await db.insertInto('flights').values({ userId: user.id, igcFileId: file.id, segmentIndex: 0, status: 'Completed', startTime: at, flightTime: 3600, createdAt: at } as never).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('flightTracks').values({ flightId: flight.id, path: Buffer.from('p'), pathLowRes: Buffer.from('l'), features: Buffer.from('f') } as never).execute();
  return { userId: user.id, flightId: flight.id };
}

describeEachDatabase('upgrading to the logbook schema (003)', (kind) => {
  const freshHandle = freshDatabaseForEachTest(kind);

  test('keeps every flight and its track, allows flights without a file, and still cascades a deleted pilot', async () => {
    const handle = freshHandle();
    const { userId, flightId } = await oldLogbook(handle);
    await migrate(handle);
    const db = handle.db;

    const kept = await db.selectFrom('flights').selectAll().where('id', '=', flightId).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ flightTime: 3600, startTime: at, source: 'igc', notes: null, gliderId: null });
    expect(await db.selectFrom('flightTracks').select('flightId').execute()).toEqual([{ flightId }]);

    const manual = await db.insertInto('flights').values({ userId, igcFileId: null, segmentIndex: 0, status: 'Completed', source: 'manual', createdAt: at } as never).returning('id').executeTakeFirstOrThrow();
    expect(manual.id).toBeGreaterThan(flightId);

    await db.deleteFrom('users').where('id', '=', userId).execute();
    expect(await db.selectFrom('flights').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('flightTracks').select('flightId').execute()).toEqual([]);
  });
});
