import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import type { Database, Db, Flight } from '../db';

export const SUMMARY_COLUMNS = [
  'id', 'startTime', 'timeZone', 'status', 'flightTime', 'distance', 'maxAltitude', 'elevationGain', 'xcPoints',
  'leftCircles', 'rightCircles', 'flightCode', 'takeoffLocation', 'landingLocation', 'gliderType', 'removalReason', 'removalDate',
] as const;
export const DETAIL_COLUMNS = [...SUMMARY_COLUMNS, 'xcDistance', 'groundDistance', 'xcSpeed', 'maxHeight', 'startHeight', 'maxLift', 'maxSink'] as const;

type FlightsQuery<O> = SelectQueryBuilder<Database, 'flights', O>;

/** Not removed: a non-zero reason together with a removal date hides a flight (SPEC §4 Removal). */
export const visible = (eb: ExpressionBuilder<Database, 'flights'>) =>
  eb.or([eb('flights.removalDate', 'is', null), eb('flights.removalReason', 'is', null), eb('flights.removalReason', '=', 0)]);
/** Marked for review: a non-zero reason, not removed. */
export const marked = (eb: ExpressionBuilder<Database, 'flights'>) =>
  eb.and([eb('flights.removalReason', 'is not', null), eb('flights.removalReason', '!=', 0), eb('flights.removalDate', 'is', null)]);

/** The pilot's visible flights, optionally only the marked ones. */
export function pilotFlights(db: Db, userId: number, markedOnly = false): FlightsQuery<Pick<Flight, (typeof SUMMARY_COLUMNS)[number]>> {
  let q = db.selectFrom('flights').select(SUMMARY_COLUMNS).where('userId', '=', userId).where(visible);
  if (markedOnly) q = q.where(marked);
  return q;
}

/** Completed, visible flights: what statistics and achievements count. */
export function countedFlights(db: Db, userId: number) {
  return db.selectFrom('flights').where('flights.userId', '=', userId).where('flights.status', '=', 'Completed').where(visible);
}
