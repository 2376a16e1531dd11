import type { Db } from '../db';
import { listedFlights } from '../privacy';

/** Public flights of other pilots in the air at the same time as [start, end]. */
export function listedFlightsOverlapping(db: Db, exceptUserId: number, start: string, end: string) {
  return listedFlights(db).where('flights.userId', '!=', exceptUserId).where('flights.startTime', '<=', end).where('flights.endTime', '>=', start).execute();
}
