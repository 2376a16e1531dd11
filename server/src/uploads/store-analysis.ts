import type { Db } from '../db';
import type { StoredAnalysis } from '../jobs/analysis-worker';
import { crossFileReason } from './cross-file-reason';
import { lockPilot } from './pilot-lock';
import { pilotLinks, type PilotLinks } from './pilot-links';
import * as repo from './repository';

/** A flight's stored columns from its analysis (everything but ids, the track and the pilot's edits). */
function analysedFields(a: StoredAnalysis, links: PilotLinks, removalReason: number) {
  return {
    status: 'Completed',
    errorMessage: null,
    startTime: a.startTime,
    endTime: a.endTime,
    timeZone: a.timeZone,
    ...repo.localDateColumns(a.localDate),
    flightTime: a.flightTime,
    distance: a.distance,
    xcDistance: a.xcDistance,
    xcPoints: a.xcPoints,
    flightCode: a.flightCode,
    groundDistance: a.groundDistance,
    xcSpeed: a.xcSpeed,
    maxAltitude: a.maxAltitude,
    maxHeight: a.maxHeight,
    startHeight: a.startHeight,
    elevationGain: a.elevationGain,
    maxLift: a.maxLift,
    maxSink: a.maxSink,
    leftCircles: a.leftCircles,
    rightCircles: a.rightCircles,
    gliderType: a.gliderType,
    takeoffLocation: a.takeoffLocation,
    landingLocation: a.landingLocation,
    takeoffLat: a.takeoff.latitude,
    takeoffLon: a.takeoff.longitude,
    landingLat: a.landing.latitude,
    landingLon: a.landing.longitude,
    ...links,
    fingerprint: a.fingerprint,
    removalReason: removalReason || null,
  };
}
export type AnalysedFields = ReturnType<typeof analysedFields>;

/**
 * Stores a file's analysed flights, their tracks and launch sites in one transaction, with the
 * Duplicate/Similar check against the pilot's other files; segments no longer found are dropped.
 */
export async function storeAnalysis(db: Db, userId: number, igcFileId: number, flights: StoredAnalysis[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockPilot(trx, userId);
    for (const a of flights) {
      const links = await pilotLinks(trx, userId, { igcFileId, segmentIndex: a.segmentIndex }, a);
      const removalReason = a.removalReason || (await crossFileReason(trx, userId, igcFileId, a));
      const flightId = await repo.upsertAnalysedFlight(trx, { userId, igcFileId, segmentIndex: a.segmentIndex }, analysedFields(a, links, removalReason));
      await repo.upsertTrack(trx, flightId, { path: Buffer.from(a.track.path), pathLowRes: Buffer.from(a.track.pathLowRes), features: Buffer.from(a.track.features) });
    }
    await repo.dropSegmentsFrom(trx, igcFileId, flights.length);
    await repo.setFileStatus(trx, igcFileId, 'Completed', null);
  });
}
