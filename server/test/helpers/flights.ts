import { nowIso, type Db, type NewFlight } from '../../src/db';

export type FlightSeed = Partial<NewFlight> & { startTime: string; site?: string };

/** Inserts flights for a pilot directly (one task and file each), for tests of the read side. */
export async function seedFlights(db: Db, userId: number, seeds: FlightSeed[]): Promise<number[]> {
  const task = await db
    .insertInto('uploadTasks')
    .values({ userId, uploadDate: nowIso(), filename: 'seed.zip', fileSize: 0, status: 'Completed', errorMessage: null, estimatedFlightCount: seeds.length, processedFlightCount: seeds.length, duplicateFlightCount: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sites = new Map<string, number>();
  const ids: number[] = [];
  for (const [i, { site, ...seed }] of seeds.entries()) {
    const file = await db
      .insertInto('igcFiles')
      .values({ uploadTaskId: task.id, userId, originalFilename: `f${i}.igc`, fileSize: 1, sha256: `${userId}-${i}-${Math.random()}`, status: 'Completed', reason: null, content: null, attempts: 1, createdAt: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    let siteId: number | null = null;
    if (site) {
      if (!sites.has(site)) sites.set(site, (await db.insertInto('sites').values({ userId, name: site, latitude: 46, longitude: 8 }).returning('id').executeTakeFirstOrThrow()).id);
      siteId = sites.get(site)!;
    }
    const localDate = seed.localDate ?? seed.startTime.slice(0, 10);
    const row = await db
      .insertInto('flights')
      .values({
        userId,
        igcFileId: file.id,
        segmentIndex: 0,
        status: 'Completed',
        timeZone: 'Europe/Zurich',
        localDate,
        localYear: Number(localDate.slice(0, 4)),
        localMonth: Number(localDate.slice(5, 7)),
        flightTime: 3600,
        distance: 10,
        maxAltitude: 2000,
        takeoffLocation: site ?? null,
        createdAt: nowIso(),
        siteId,
        ...seed,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}
