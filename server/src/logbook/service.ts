import type { z } from 'zod';
import type { flightPatchBody, manualFlightBody } from '../../../contract/flights';
import type { NewSite } from '../../../contract/sites';
import { localDateOf } from '../analysis';
import { nowIso, type Db, type NewFlight } from '../db';
import { ownGlider } from '../gliders';
import { ownSite } from '../sites';
import { insertNamedSite } from '../sites';
import { bumpNotesVersion } from '../pilot';
import { applyVisibility, isAwaitingReview } from '../privacy';
import { localDateColumns } from '../ingest';
import { insertManualFlight, ownFlight, toFlightDetail, updateLogbook, type FlightsDeps, type LogbookEdit } from '../flights';

type PatchBody = z.output<typeof flightPatchBody>;
export type ManualBody = z.output<typeof manualFlightBody>;

/** Blank notes are no notes; otherwise the text is kept exactly, line breaks included. */
const notesText = (notes: string | null | undefined) => (notes == null || notes.trim() === '' ? null : notes);

/** A site id given by the pilot must be theirs; a new site given by hand is created, named by them. */
async function siteOf(db: Db, userId: number, id: number | undefined, site: NewSite | undefined): Promise<number | null> {
  if (id !== undefined) return (await ownSite(db, userId, id)).id;
  return site ? insertNamedSite(db, userId, site) : null;
}

/** A launch or landing site of the pilot, as a flight without a track copies it. */
export type PlacedSite = { id: number; name: string; latitude: number; longitude: number };

/** The stored row of a flight without a track (the body validated by manualFlightBody; its sites the pilot's own, ids resolved). */
export function manualFlightRow(userId: number, body: ManualBody, launch: PlacedSite | undefined, landing: PlacedSite | undefined): NewFlight {
  const start = Date.parse(body.startTime);
  return {
    userId,
    igcFileId: null,
    segmentIndex: 0,
    status: 'Completed',
    errorMessage: null,
    startTime: new Date(start).toISOString(),
    endTime: new Date(start + body.flightTime * 1000).toISOString(),
    timeZone: body.timeZone,
    ...localDateColumns(localDateOf(start, body.timeZone)),
    flightTime: body.flightTime,
    distance: body.distance ?? null,
    takeoffLocation: launch?.name ?? null,
    takeoffLat: launch?.latitude ?? null,
    takeoffLon: launch?.longitude ?? null,
    landingLocation: landing?.name ?? null,
    landingLat: landing?.latitude ?? null,
    landingLon: landing?.longitude ?? null,
    siteId: launch?.id ?? null,
    siteSetByPilot: 1,
    landingSiteId: landing?.id ?? null,
    landingSiteSetByPilot: 1,
    gliderId: body.gliderId ?? null,
    gliderSetByPilot: 1,
    notes: notesText(body.notes),
    source: 'manual',
    createdAt: nowIso(),
  };
}

/**
 * Stores one flight without a track inside the caller's transaction and answers its id (the manual-flight
 * route adds flights this way; the CSV import builds the same rows with manualFlightRow); the caller fires "flights changed".
 */
export async function addManualFlight(trx: Db, userId: number, body: ManualBody): Promise<number> {
  if (body.gliderId !== undefined) await ownGlider(trx, userId, body.gliderId);
  const siteId = await siteOf(trx, userId, body.siteId, body.site);
  const landingSiteId = await siteOf(trx, userId, body.landingSiteId, body.landingSite);
  const launch = siteId === null ? undefined : await ownSite(trx, userId, siteId);
  const landing = landingSiteId === null ? undefined : await ownSite(trx, userId, landingSiteId);
  return insertManualFlight(trx, manualFlightRow(userId, body, launch, landing));
}

/** The pilot's own logbook on a flight: notes, wing and sites by hand, and flights without a track. */
export function logbookService({ database: { db }, flightsChanged }: FlightsDeps) {
  return {
    /**
     * Changes only what the body names; a wing or site chosen here (or cleared) stays through re-analysis.
     * A note changes no statistic, achievement or site: saving only notes (the app's autosave) touches the
     * flight and the notes version (the lists' cache key), not "flights changed", so the pilot's other
     * cached reads stay and no achievement is evaluated.
     */
    async patch(userId: number, id: number, body: PatchBody) {
      const flight = await ownFlight(db, userId, id);
      const edit: LogbookEdit = {};
      if (body.notes !== undefined) edit.notes = notesText(body.notes);
      if (body.gliderId !== undefined) Object.assign(edit, { gliderId: body.gliderId && (await ownGlider(db, userId, body.gliderId)).id, gliderSetByPilot: 1 });
      if (body.siteId !== undefined) Object.assign(edit, { siteId: body.siteId && (await ownSite(db, userId, body.siteId)).id, siteSetByPilot: 1 });
      if (body.landingSiteId !== undefined) Object.assign(edit, { landingSiteId: body.landingSiteId && (await ownSite(db, userId, body.landingSiteId)).id, landingSiteSetByPilot: 1 });
      if (Object.keys(edit).length > 0) await updateLogbook(db, flight.id, edit);
      // Any choice on a flight waiting for review is the pilot's decision: it leaves the review list.
      const visibilityChanged = body.visibility !== undefined && (body.visibility !== flight.visibility || isAwaitingReview(flight) || body.newLink === true);
      if (visibilityChanged) await applyVisibility(db, userId, flight.id, body.visibility!, { newLink: body.newLink });
      // A note changes no total, achievement or public answer: only the answers that show notes go stale.
      const flightFacts = body.gliderId !== undefined || body.siteId !== undefined || body.landingSiteId !== undefined || visibilityChanged;
      if (flightFacts) await flightsChanged(userId);
      else await bumpNotesVersion(db, userId);
      return toFlightDetail(await ownFlight(db, userId, flight.id));
    },

    /** A flight without a track: its local date is taken in the given zone, like an analysed flight's. */
    async createManual(userId: number, body: ManualBody) {
      const id = await db.transaction().execute((trx) => addManualFlight(trx, userId, body));
      await flightsChanged(userId);
      return toFlightDetail(await ownFlight(db, userId, id));
    },
  };
}
