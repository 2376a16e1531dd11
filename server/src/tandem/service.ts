import { randomBytes } from 'node:crypto';
import type { PassengerPage, PassengerState, TandemStatistics } from '../../../contract/tandem';
import type { passengerBody } from '../../../contract/tandem';
import type { FlightFeature } from '../../../contract/uploads';
import { nowIso, toNumber } from '../db';
import { findFlight, flightsService, ownFlight, type FlightsChanged } from '../flights';
import { notFound } from '../http';
import { isLinked, isOpen, setFlightVisibility } from '../privacy';
import type { Services } from '../services-types';
import * as repo from './repository';

/** The one answer for an unknown token, a revoked link, and a flight that is private, removed or marked. */
export const PASSENGER_PAGE_GONE = 'This passenger page does not exist or is no longer shared.';

/** The passenger page's path, relative so the app can put its language in front. */
export const passengerPagePath = (token: string) => `/passenger/${encodeURIComponent(token)}`;

type PassengerRow = NonNullable<Awaited<ReturnType<typeof repo.findPassenger>>>;

export function tandemService(services: Pick<Services, 'config' | 'database' | 'flightsChanged'> & { flightsChanged: FlightsChanged }) {
  const { db } = services.database;
  const { publicUrl } = services.config;
  const flights = flightsService(services);

  const toState = (row: PassengerRow | undefined): PassengerState => ({
    passenger: row
      ? { name: row.name, contact: row.contact, note: row.note, showPilotName: row.showPilotName === 1, pageUrl: row.token ? `${publicUrl}${passengerPagePath(row.token)}` : null }
      : null,
  });

  /** The flight a page token opens, with its passenger; 404 alike for every reason it does not. */
  const opened = async (token: string) => {
    const passenger = await repo.findPassengerByToken(db, token);
    const flight = passenger ? await findFlight(db, passenger.userId, passenger.flightId) : undefined;
    // A private flight, and one removed or marked for review, is never shown to anyone else (docs/community.md).
    if (!passenger || !flight || !isOpen(flight)) throw notFound(PASSENGER_PAGE_GONE);
    return { passenger, flight };
  };

  return {
    async state(userId: number, flightId: number): Promise<PassengerState> {
      const flight = await ownFlight(db, userId, flightId);
      return toState(await repo.findPassenger(db, flight.id));
    },

    async save(userId: number, flightId: number, body: ReturnType<typeof passengerBody.parse>): Promise<PassengerState> {
      const flight = await ownFlight(db, userId, flightId);
      await repo.upsertPassenger(db, userId, flight.id, { name: body.name, contact: body.contact, note: body.note, showPilotName: body.showPilotName ? 1 : 0 }, nowIso());
      await services.flightsChanged(userId);
      return toState(await repo.findPassenger(db, flight.id));
    },

    /** The passenger goes, and with them their page. */
    async remove(userId: number, flightId: number): Promise<void> {
      const flight = await ownFlight(db, userId, flightId);
      if (!(await repo.findPassenger(db, flight.id))) throw notFound('This flight has no passenger.');
      await repo.deletePassenger(db, flight.id);
      await services.flightsChanged(userId);
    },

    /**
     * A new page token (an earlier link stops opening). A private flight becomes a link flight, as
     * sharing it does: only an open flight is ever shown to anyone but its pilot.
     */
    async createLink(userId: number, flightId: number): Promise<PassengerState> {
      const flight = await ownFlight(db, userId, flightId);
      if (!(await repo.findPassenger(db, flight.id))) throw notFound('This flight has no passenger.');
      await repo.setPassengerToken(db, flight.id, randomBytes(24).toString('base64url'));
      if (!isLinked(flight)) {
        await setFlightVisibility(db, flight.id, 'link');
        await services.flightsChanged(userId);
      }
      return toState(await repo.findPassenger(db, flight.id));
    },

    async revokeLink(userId: number, flightId: number): Promise<PassengerState> {
      const flight = await ownFlight(db, userId, flightId);
      const passenger = await repo.findPassenger(db, flight.id);
      if (!passenger?.token) throw notFound('This passenger has no page.');
      await repo.setPassengerToken(db, flight.id, null);
      return toState(await repo.findPassenger(db, flight.id));
    },

    /** What the passenger sees: their name, when they flew, for how long, the pilot's name only when chosen. */
    async publicPage(token: string): Promise<PassengerPage> {
      const { passenger, flight } = await opened(token);
      const pilot = passenger.showPilotName === 1 ? await repo.pilotNames(db, passenger.userId) : undefined;
      return {
        passengerName: passenger.name,
        pilotName: pilot ? pilot.displayName?.trim() || pilot.username : null,
        startTime: flight.startTime,
        timeZone: flight.timeZone,
        flightTime: flight.flightTime,
        hasTrack: flight.source !== 'manual',
      };
    },

    /** The track alone (no task, no other features): the map and the height profile. */
    async publicFeatures(token: string, lowRes: boolean): Promise<FlightFeature[]> {
      const { passenger, flight } = await opened(token);
      if (flight.source === 'manual') return [];
      return (await flights.features(passenger.userId, flight.id, lowRes)).filter((f) => f.type === 'flight');
    },

    async statistics(userId: number): Promise<TandemStatistics> {
      const [seasons, wings] = await Promise.all([repo.tandemSeasons(db, userId), repo.tandemWings(db, userId)]);
      const byWing = wings.map((w) => ({ gliderId: w.gliderId, gliderName: w.gliderName, count: toNumber(w.count) })).sort((a, b) => b.count - a.count || (a.gliderName ?? '').localeCompare(b.gliderName ?? ''));
      const bySeason = seasons.map((s) => ({ year: toNumber(s.year), count: toNumber(s.count) }));
      return { total: bySeason.reduce((n, s) => n + s.count, 0), seasons: bySeason, wings: byWing };
    },
  };
}
