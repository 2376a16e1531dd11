import { promisify } from 'node:util';
import { gunzip as gunzipCb } from 'node:zlib';
import type { AircraftCategory, FlightCategory } from '../../../contract/aircraft';
import type { FlightDetail, MonthSummary } from '../../../contract/flights';
import { isScoringRules } from '../../../contract/scoring';
import { isRemoved, REMOVAL_REASONS } from '../../../contract/rules';
import type { FlightFeature, FlightStatus, TrackPoint } from '../../../contract/uploads';
import { nowIso, type Db, type Dialect, type Flight } from '../db';
import { badRequest, notFound } from '../http';
import { readTrackPoints, unpack } from '../track';
import type { FlightsChanged } from './flights-changed';
import * as repo from './repository';

const gunzip = promisify(gunzipCb);

export interface FlightsDeps {
  database: { db: Db; dialect: Dialect };
  flightsChanged: FlightsChanged;
}

/** A pilot's flight, or the same 404 whether it is missing, someone else's or removed. */
export async function ownFlight(db: Db, userId: number, id: number, includeDeleted = false): Promise<repo.FlightRow> {
  const flight = await repo.findFlight(db, userId, id);
  if (!flight || (isRemoved(flight) && !includeDeleted)) throw notFound('Flight not found.');
  return flight;
}

/** A stored flight as the contract's detail (a summary route's schema keeps the summary's keys). */
export const toFlightDetail = (row: repo.FlightRow): FlightDetail => ({
  ...row,
  scoringRules: isScoringRules(row.scoringRules) ? row.scoringRules : null,
  windowCorrected: row.windowTakeoff !== null,
  xcProven: row.xcPoints === null || row.xcOptimal === null ? null : row.xcOptimal === 1,
});

/** The flight library (docs/product.md §4): lists, months, the pilot's edits of removal, and the stored track. */
export function flightsService({ database: { db, dialect }, flightsChanged }: FlightsDeps) {
  /** Applies an edit to one of the pilot's flights, fires "flights changed" once, answers the flight as now stored. */
  const edit = async (userId: number, flight: Flight, removal: Parameters<typeof repo.setRemoval>[2]) => {
    await repo.setRemoval(db, flight.id, removal);
    await flightsChanged(userId);
    return toFlightDetail(await ownFlight(db, userId, flight.id, true));
  };

  /** The flight's category and what decided it. */
  const category = async (userId: number, id: number): Promise<FlightCategory> => {
    await ownFlight(db, userId, id);
    const row = (await repo.flightCategoryRow(db, userId, id))!;
    const source = row.pilotCategory ? 'flight' : row.wingCategory ? 'wing' : row.detectedCategory ? 'igc' : 'default';
    return { category: row.aircraftCategory as AircraftCategory, source, detected: (row.detectedCategory as AircraftCategory | null) ?? null };
  };

  return {
    category,

    /** The pilot's choice of category for one flight (null: follow the wing and the IGC again); its rankings, place and thermals follow. */
    async setCategory(userId: number, id: number, choice: AircraftCategory | null): Promise<FlightCategory> {
      await ownFlight(db, userId, id);
      await repo.setPilotCategory(db, userId, id, choice);
      await flightsChanged(userId);
      return category(userId, id);
    },

    /** The list as JSON text (repo.listFlightsJson): the route sends it as it is. */
    list: (userId: number, filter: repo.ListFilter) => repo.listFlightsJson(db, dialect, userId, filter),

    async months(userId: number, search?: string): Promise<MonthSummary[]> {
      const rows = await repo.countByMonth(db, userId, search);
      return rows.map((m) => ({ year: Number(m.localYear), month: Number(m.localMonth), count: Number(m.count), firstDay: String(m.firstDay) }));
    },

    markedCount: async (userId: number) => ({ count: await repo.countMarked(db, userId) }),

    async removeMarked(userId: number) {
      const n = await repo.removeMarked(db, userId, nowIso());
      await flightsChanged(userId);
      return { message: n === 1 ? '1 flight deleted.' : `${n} flights deleted.` };
    },

    flight: async (userId: number, id: number, includeDeleted = false) => toFlightDetail(await ownFlight(db, userId, id, includeDeleted)),

    async adjacent(userId: number, id: number, direction: 'prev' | 'next') {
      const flight = await ownFlight(db, userId, id);
      const neighbour = await repo.neighbourId(db, userId, flight, direction);
      if (neighbour === undefined) throw notFound(`No ${direction === 'next' ? 'next' : 'previous'} flight.`);
      return { id: neighbour };
    },

    async setRemovalReason(userId: number, id: number, reason: number) {
      const flight = await ownFlight(db, userId, id, true);
      if ((flight.removalReason ?? REMOVAL_REASONS.None) === reason) throw badRequest('The flight already has this removal reason.');
      // Clearing the reason makes the flight normal again, removed or not.
      return edit(userId, flight, reason === REMOVAL_REASONS.None ? { removalReason: null, removalDate: null } : { removalReason: reason });
    },

    async setRemovalDate(userId: number, id: number, removalDate: string) {
      const flight = await ownFlight(db, userId, id, true);
      return edit(userId, flight, { removalDate: new Date(removalDate).toISOString(), removalReason: flight.removalReason || REMOVAL_REASONS.UserRequested });
    },

    async restore(userId: number, id: number) {
      const flight = await ownFlight(db, userId, id, true);
      return edit(userId, flight, { removalDate: null, removalReason: null });
    },

    async status(userId: number, id: number) {
      const flight = await ownFlight(db, userId, id, true);
      return { status: flight.status as FlightStatus };
    },

    /** The track as a 'flight' feature, then the task features; none before the analysis finished. */
    async features(userId: number, id: number, lowRes: boolean): Promise<FlightFeature[]> {
      const flight = await ownFlight(db, userId, id);
      const track = await repo.findTrack(db, flight.id);
      if (!track) return [];
      const points = await readTrackPoints(lowRes ? track.pathLowRes : track.path);
      return [{ type: 'flight', id: 'flight', geometry: { type: 'LineString', points } }, ...(await unpack<FlightFeature[]>(track.features))];
    },

    async path(userId: number, id: number, includeDeleted: boolean): Promise<{ path: TrackPoint[] }> {
      const flight = await ownFlight(db, userId, id, includeDeleted);
      const track = await repo.findTrack(db, flight.id);
      return { path: track ? await readTrackPoints(track.path) : [] };
    },

    /** The original IGC file as uploaded, with the name to save it under. */
    async originalFile(userId: number, id: number): Promise<{ name: string; bytes: Buffer }> {
      const flight = await ownFlight(db, userId, id, true);
      if (flight.source === 'manual') throw notFound('This flight was added by hand: it has no IGC file.');
      const file = flight.igcFileId === null ? undefined : await repo.findOriginalFile(db, flight.igcFileId);
      if (!file?.content) throw notFound('The original file is not available.');
      return { name: file.originalFilename.split(/[\\/]/).pop() || 'flight.igc', bytes: await gunzip(file.content) };
    },
  };
}
