import type { FlightDetail } from '../../../contract/flights';
import type { FlightPhases } from '../../../contract/phases';
import { badRequest, notFound } from '../http';
import { reanalyseFile, windowsOf } from '../ingest';
import { findFile, storedSegments } from '../ingest';
import type { FileAnalysisDeps, SegmentWindow } from '../ingest';
import { findPhases, ownFlight, toFlightDetail, type FlightRow, type FlightsChanged } from '../flights';
import { unpack } from '../track';

const iso = (v: string) => new Date(v).toISOString();
const hms = (v: string) => iso(v).slice(11, 19);

export type CorrectionsDeps = FileAnalysisDeps & { flightsChanged: FlightsChanged };

/** A flight's thermals and glides, and the pilot's corrections of takeoff, landing, split and merge. */
export function correctionsService(deps: CorrectionsDeps) {
  const { db } = deps;

  /** The pilot's flight with the stored file it was analysed from; 400 when it cannot be corrected. */
  async function correctable(userId: number, id: number) {
    const flight = await ownFlight(db, userId, id);
    if (flight.source === 'manual' || flight.igcFileId === null) throw badRequest('This flight has no recorded track to correct.');
    if (flight.status !== 'Completed') throw badRequest('The flight is still being analysed: try again in a moment.');
    const file = await findFile(db, flight.igcFileId);
    if (!file?.content) throw badRequest('The original file of this flight is no longer stored, so it cannot be analysed again.');
    return { flight, file: { id: file.id, userId, content: file.content, originalFilename: file.originalFilename } };
  }

  /** Analyses the file inside these windows and stores it; the analysis's reason becomes a 400. */
  async function apply(userId: number, file: { id: number; userId: number; content: Buffer; originalFilename: string }, windows: SegmentWindow[]) {
    const result = await reanalyseFile(deps, file, windows);
    if (!result.ok) throw badRequest(result.message);
    await deps.flightsChanged(userId);
  }

  const detailAt = async (userId: number, igcFileId: number, segmentIndex: number): Promise<FlightDetail> => {
    const row = (await storedSegments(db, igcFileId)).find((r) => r.segmentIndex === segmentIndex);
    if (!row) throw notFound('Flight not found.');
    return toFlightDetail(await ownFlight(db, userId, row.id, true));
  };

  /** The flight's current window: the pilot's, else the detected takeoff and landing. */
  const windowOf = (flight: FlightRow) => ({ takeoffTime: flight.windowTakeoff ?? flight.startTime!, landingTime: flight.windowLanding ?? flight.endTime! });

  const replacing = (windows: SegmentWindow[], ...changed: SegmentWindow[]) => [
    ...windows.filter((w) => !changed.some((c) => c.segmentIndex === w.segmentIndex)),
    ...changed,
  ];

  return {
    async phases(userId: number, id: number): Promise<FlightPhases> {
      const flight = await ownFlight(db, userId, id);
      if (flight.source === 'manual') throw notFound('This flight was added by hand: it has no recorded track, so no thermals or glides.');
      const phases = await findPhases(db, flight.id);
      if (!phases) throw notFound('The thermals and glides of this flight are not analysed yet: they appear once its analysis has run.');
      return unpack<FlightPhases>(phases);
    },

    async setWindow(userId: number, id: number, window: { takeoffTime: string; landingTime: string }): Promise<FlightDetail> {
      const { flight, file } = await correctable(userId, id);
      const set = { segmentIndex: flight.segmentIndex, takeoffTime: iso(window.takeoffTime), landingTime: iso(window.landingTime) };
      const windows = await windowsOf(db, file.id);
      if (windows.some((w) => w.segmentIndex !== set.segmentIndex && w.takeoffTime < set.landingTime && w.landingTime > set.takeoffTime)) {
        throw badRequest('Takeoff and landing overlap another flight of this file: merge the two flights instead.');
      }
      await apply(userId, file, replacing(windows, set));
      return detailAt(userId, file.id, flight.segmentIndex);
    },

    async split(userId: number, id: number, at: string): Promise<FlightDetail[]> {
      const { flight, file } = await correctable(userId, id);
      const current = windowOf(flight);
      const t = Date.parse(at);
      if (!(t > Date.parse(current.takeoffTime) && t < Date.parse(current.landingTime))) {
        throw badRequest(`The split time must lie inside the flight, between ${hms(current.takeoffTime)} and ${hms(current.landingTime)} UTC.`);
      }
      const rows = await storedSegments(db, file.id);
      const next = Math.max(...rows.map((r) => r.segmentIndex)) + 1;
      const first = { segmentIndex: flight.segmentIndex, takeoffTime: current.takeoffTime, landingTime: iso(at) };
      const second = { segmentIndex: next, takeoffTime: iso(at), landingTime: current.landingTime };
      await apply(userId, file, replacing(await windowsOf(db, file.id), first, second));
      return [await detailAt(userId, file.id, first.segmentIndex), await detailAt(userId, file.id, second.segmentIndex)];
    },

    async merge(userId: number, id: number, withFlightId: number): Promise<FlightDetail> {
      const { flight, file } = await correctable(userId, id);
      if (withFlightId === flight.id) throw badRequest('A flight cannot be merged with itself.');
      const other = await ownFlight(db, userId, withFlightId);
      if (other.igcFileId !== flight.igcFileId) throw badRequest('Only two flights recorded in the same file can be merged.');
      const order = (await storedSegments(db, file.id)).sort((a, b) => String(a.startTime).localeCompare(String(b.startTime)));
      const [a, b] = [flight, other].sort((x, y) => String(x.startTime).localeCompare(String(y.startTime)));
      const ia = order.findIndex((r) => r.id === a!.id);
      if (order[ia + 1]?.id !== b!.id) throw badRequest('Only consecutive flights can be merged: another flight lies between them.');
      const merged = { segmentIndex: a!.segmentIndex, takeoffTime: windowOf(a!).takeoffTime, landingTime: windowOf(b!).landingTime };
      const windows = replacing(await windowsOf(db, file.id), merged).filter((w) => w.segmentIndex !== b!.segmentIndex);
      await apply(userId, file, windows);
      return detailAt(userId, file.id, merged.segmentIndex);
    },
  };
}
