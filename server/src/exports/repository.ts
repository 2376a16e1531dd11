import type { Db } from '../db';
import { gliderNameSql } from '../flights';
import { visible } from '../privacy';

/** Every visible flight of the pilot with its wing, sites and original file name, oldest first. */
export function logbookRows(db: Db, userId: number) {
  return db
    .selectFrom('flights')
    .leftJoin('gliders', 'gliders.id', 'flights.gliderId')
    .leftJoin('sites as launch', 'launch.id', 'flights.siteId')
    .leftJoin('sites as landing', 'landing.id', 'flights.landingSiteId')
    .leftJoin('igcFiles', 'igcFiles.id', 'flights.igcFileId')
    .select([
      'flights.startTime',
      'flights.endTime',
      'flights.timeZone',
      'flights.localDate',
      'flights.flightTime',
      'flights.distance',
      'flights.xcDistance',
      'flights.xcPoints',
      'flights.flightCode',
      'flights.scoringRules',
      'flights.maxAltitude',
      'flights.elevationGain',
      'flights.takeoffLocation',
      'flights.takeoffLat',
      'flights.takeoffLon',
      'flights.landingLocation',
      'flights.landingLat',
      'flights.landingLon',
      'flights.gliderType',
      'flights.notes',
      'flights.source',
      'flights.removalReason',
      'flights.airspaceInfringements',
      'launch.name as launchName',
      'launch.latitude as launchLatitude',
      'launch.longitude as launchLongitude',
      'landing.name as landingName',
      'landing.latitude as landingLatitude',
      'landing.longitude as landingLongitude',
      gliderNameSql.as('gliderName'),
      'igcFiles.originalFilename',
    ])
    .where('flights.userId', '=', userId)
    .where('flights.startTime', 'is not', null)
    .where(visible)
    .orderBy('flights.startTime', 'asc')
    .orderBy('flights.id', 'asc')
    .execute();
}
export type LogbookRow = Awaited<ReturnType<typeof logbookRows>>[number];

/**
 * The pilot's stored original files that stand behind at least one visible flight, each with its
 * first such flight (start, zone, site) to name it by; oldest first. Without their content.
 */
export async function filesOfLogbook(db: Db, userId: number) {
  const rows = await db
    .selectFrom('igcFiles')
    .innerJoin('flights', 'flights.igcFileId', 'igcFiles.id')
    .leftJoin('sites', 'sites.id', 'flights.siteId')
    .select(['igcFiles.id', 'igcFiles.originalFilename', 'flights.startTime', 'flights.timeZone', 'flights.takeoffLocation', 'sites.name as siteName'])
    .where('igcFiles.userId', '=', userId)
    .where('igcFiles.content', 'is not', null)
    .where('flights.startTime', 'is not', null)
    .where(visible)
    .orderBy('flights.startTime', 'asc')
    .orderBy('igcFiles.id', 'asc')
    .execute();
  const first = new Map<number, (typeof rows)[number]>();
  for (const row of rows) if (!first.has(row.id)) first.set(row.id, row);
  return [...first.values()];
}

/** One stored original file's gzip'd bytes. */
export async function fileContent(db: Db, fileId: number): Promise<Buffer | null> {
  const row = await db.selectFrom('igcFiles').select('content').where('id', '=', fileId).executeTakeFirst();
  return row?.content ?? null;
}
