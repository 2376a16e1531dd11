import type { FlightPhases } from '../../../contract/phases';
import { distanceKm } from '../analysis';
import type { Db, ThermalSpotsTable } from '../db';
import { unpack } from '../track';
import * as repo from './repository';

/** A launch "found nothing" when none of its flight's thermals lies within this distance of the takeoff. */
export const LAUNCH_REACH_KM = 3;
const BATCH = 200;

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Month (1-12) and hour (0-23) of an instant at the flight's place; UTC without a time zone. */
export function localMonthHour(iso: string, timeZone: string | null): { month: number; hour: number } {
  const zone = timeZone || 'UTC';
  let f = formatters.get(zone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-GB', { timeZone: zone, month: 'numeric', hour: 'numeric', hourCycle: 'h23' });
    } catch {
      f = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'numeric', hour: 'numeric', hourCycle: 'h23' });
    }
    formatters.set(zone, f);
  }
  const parts = f.formatToParts(new Date(iso));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { month: part('month'), hour: part('hour') % 24 };
}

type SpotFlight = { id: number; userId: number; timeZone: string | null; startTime: string | null; takeoffLat: number | null; takeoffLon: number | null; startHeight: number | null };

/** A flight's spots: each thermal at its position with its average climb, and the launch when nothing climbed within reach. */
export function spotsOfFlight(flight: SpotFlight, phases: FlightPhases): ThermalSpotsTable[] {
  const spots: ThermalSpotsTable[] = phases.thermals.map((t) => {
    const { month, hour } = localMonthHour(t.startTime, flight.timeZone);
    return { flightId: flight.id, userId: flight.userId, latitude: t.latitude, longitude: t.longitude, climb: t.averageClimb, altitude: t.entryAltitude, localMonth: month, localHour: hour };
  });
  if (flight.takeoffLat !== null && flight.takeoffLon !== null && flight.startTime) {
    const takeoff = { latitude: flight.takeoffLat, longitude: flight.takeoffLon };
    if (!phases.thermals.some((t) => distanceKm(t, takeoff) <= LAUNCH_REACH_KM)) {
      const { month, hour } = localMonthHour(flight.startTime, flight.timeZone);
      spots.push({ flightId: flight.id, userId: flight.userId, ...takeoff, climb: null, altitude: flight.startHeight ?? 0, localMonth: month, localHour: hour });
    }
  }
  return spots;
}

/**
 * Reads the phases of every pending flight into thermal_spots. Run before each map read, so the upload
 * path only marks a flight pending; one query when nothing is pending. Each flight is claimed by
 * deleting its pending row inside the transaction, so two processes never index it twice.
 */
export async function indexPendingSpots(db: Db): Promise<void> {
  for (;;) {
    const batch = await repo.pendingFlights(db, BATCH);
    if (!batch.length) return;
    for (const flight of batch) {
      const phases = flight.phases ? await unpack<FlightPhases>(flight.phases) : null;
      await db.transaction().execute(async (trx) => {
        if (!(await repo.claimPending(trx, flight.id))) return;
        await repo.replaceSpots(trx, flight.id, phases ? spotsOfFlight(flight, phases) : []);
      });
    }
  }
}
