import { REMOVAL_REASONS } from '../../../contract/rules';
import type { ScoringRules } from '../../../contract/scoring';
import type { Db } from '../db';
import { refreshAircraftCategories } from '../gliders';
import { ensureTokens } from '../privacy';
import type { StoredAnalysis } from './types';
import { crossFileReason } from './cross-file-reason';
import { joinLogbookFlight, logbookFlightToJoin, mergedReason, replacedCopyReason, replaceLogbookCopy, sameFlightAsLogbookCopy, sameFlightReason, settleReplacedCopy } from './join-logbook';
import { lockPilot } from './pilot-lock';
import { pilotLinks, type PilotLinks } from './pilot-links';
import * as repo from './repository';
import { settleTask } from './settle-task';

/** A flight's stored columns from its analysis (everything but ids, the track and the pilot's edits). */
function analysedFields(a: StoredAnalysis, links: PilotLinks, removalReason: number, scoringRules: ScoringRules) {
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
    xcOptimal: a.xcOptimal ? 1 : 0,
    xcBound: a.xcBound,
    xcProofRun: a.xcProofRun ? 1 : 0,
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
    detectedCategory: a.aircraftCategory,
    detectedWingClass: a.wingClass,
    takeoffLocation: a.takeoffLocation,
    landingLocation: a.landingLocation,
    takeoffLat: a.takeoff.latitude,
    takeoffLon: a.takeoff.longitude,
    landingLat: a.landing.latitude,
    landingLon: a.landing.longitude,
    ...links,
    fingerprint: a.fingerprint,
    removalReason: removalReason || null,
    scoringRules,
    windowTakeoff: a.window?.takeoffTime ?? null,
    windowLanding: a.window?.landingTime ?? null,
  };
}
export type AnalysedFields = ReturnType<typeof analysedFields>;

/** A reason the pilot chose, or a removal they confirmed: a re-analysis leaves it as it is. */
const pilotRemoval = (row: repo.StoredSegment | undefined) =>
  !!row && (row.removalDate !== null || row.removalReason === REMOVAL_REASONS.UserRequested || row.removalReason === REMOVAL_REASONS.Other);

const overlaps = (a: { startTime: string; endTime: string }, b: { startTime: string | null; endTime: string | null }) =>
  b.startTime !== null && b.endTime !== null && a.startTime < b.endTime && a.endTime > b.startTime;

/**
 * The stored segment each analysed flight goes to. Without pilot windows: the detected order. With
 * them: windowed flights keep theirs, each detected flight takes the unwindowed row it overlaps (so the
 * pilot's edits stay) or a new index.
 */
function resolveSegments(flights: StoredAnalysis[], rows: repo.StoredSegment[]): StoredAnalysis[] {
  if (!flights.some((a) => a.window)) return flights;
  const taken = new Set(flights.filter((a) => a.window).map((a) => a.segmentIndex));
  let next = Math.max(-1, ...rows.map((r) => r.segmentIndex), ...taken) + 1;
  return flights.map((a) => {
    if (a.window) return a;
    const row = rows.find((r) => r.windowTakeoff === null && !taken.has(r.segmentIndex) && overlaps(a, r));
    const segmentIndex = row ? row.segmentIndex : next++;
    taken.add(segmentIndex);
    return { ...a, segmentIndex };
  });
}

/**
 * Stores a file's analysed flights, their tracks, phases and launch sites in one transaction, with the
 * Duplicate/Similar check against the pilot's other files; segments no longer found are dropped.
 */
export async function storeAnalysis(db: Db, userId: number, igcFileId: number, analysed: StoredAnalysis[], scoringRules: ScoringRules): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockPilot(trx, userId);
    const rows = await repo.storedSegments(trx, igcFileId);
    const isLogbookCopy = await repo.isLogbookCopy(trx, igcFileId);
    const flights = resolveSegments(analysed, rows);
    const merged: number[] = [];
    const replaced: number[] = [];
    /** Logbook copies whose flights this file took, with those flights. */
    const copies = new Map<number, number[]>();
    const sameAs: number[] = [];
    const stored: number[] = [];
    for (const a of flights) {
      let row = rows.find((r) => r.segmentIndex === a.segmentIndex);
      // A first analysis of this segment: the logbook may already hold this flight without a track, or
      // with a track from another file when one of the two is Logfly's copy. A copy after the pilot's
      // file is not stored; the pilot's file after a copy takes the copy's place on its flight.
      if (!row || row.status !== 'Completed') {
        const key = { igcFileId, segmentIndex: a.segmentIndex };
        const join = await logbookFlightToJoin(trx, userId, a);
        const same = join === undefined ? await sameFlightAsLogbookCopy(trx, userId, igcFileId, isLogbookCopy, a) : undefined;
        if (join !== undefined) {
          await joinLogbookFlight(trx, join, key);
          merged.push(join);
        } else if (same && isLogbookCopy) {
          sameAs.push(same.flightId);
          continue;
        } else if (same) {
          await replaceLogbookCopy(trx, same.flightId, key);
          replaced.push(same.flightId);
          copies.set(same.igcFileId, [...(copies.get(same.igcFileId) ?? []), same.flightId]);
        }
        // The flight taken keeps a removal or mark its pilot chose (pilotRemoval).
        if (join !== undefined || same) row = (await repo.storedSegments(trx, igcFileId)).find((r) => r.segmentIndex === a.segmentIndex);
      }
      stored.push(a.segmentIndex);
      const links = await pilotLinks(trx, userId, { igcFileId, segmentIndex: a.segmentIndex }, a);
      const removalReason = pilotRemoval(row) ? row!.removalReason! : a.removalReason || (await crossFileReason(trx, userId, igcFileId, a));
      const flightId = await repo.upsertAnalysedFlight(trx, { userId, igcFileId, segmentIndex: a.segmentIndex }, analysedFields(a, links, removalReason, scoringRules));
      const { path, pathLowRes, features, phases } = a.track;
      await repo.upsertTrack(trx, flightId, { path: Buffer.from(path), pathLowRes: Buffer.from(pathLowRes), features: Buffer.from(features), phases: phases ? Buffer.from(phases) : null });
    }
    await repo.keepOnlySegments(trx, igcFileId, stored);
    for (const [copyFileId, ids] of copies) {
      // The copy's line now says its flight is this file's (the ledger still counts every file once).
      const copyTask = await settleReplacedCopy(trx, copyFileId, ids);
      if (copyTask !== undefined) await settleTask(trx, copyTask);
    }
    if (sameAs.length && !stored.length) {
      // Every flight of the file is already there (the ledger: duplicate of flight N).
      await repo.setFileSameFlight(trx, igcFileId, sameAs[0]!, sameFlightReason(isLogbookCopy, sameAs));
    } else {
      // What the tolerant reading repaired is the file's reason in the upload history.
      const repairs = [...new Set(analysed.flatMap((a) => a.repairs ?? []))];
      const reasons = [
        ...(merged.length ? [mergedReason(merged)] : []),
        ...(replaced.length ? [replacedCopyReason(replaced)] : []),
        ...(sameAs.length ? [sameFlightReason(isLogbookCopy, sameAs)] : []),
        ...repairs,
      ];
      await repo.setFileStatus(trx, igcFileId, 'Completed', reasons.length ? reasons.join(' ') : null);
    }
    // The category it counts under, before anyone reads it (docs/aircraft-category.md).
    await refreshAircraftCategories(trx, userId);
    // A flight stored under a link or public default has its share token from the moment it is read.
    await ensureTokens(trx, userId);
  });
}
