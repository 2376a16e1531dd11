import type { ExpressionBuilder } from 'kysely';
import { isMarked, isRemoved } from '../../../contract/rules';
import type { Database, Flight } from '../db';

/**
 * Who sees a flight, each rule written once in its two forms: a Kysely expression for queries and a
 * predicate for rows already read (docs/community.md, docs/product.md §4 Removal).
 *
 * removed    a non-zero removal reason together with a removal date: hidden from lists, the pilot's bin
 * marked     a non-zero removal reason and no removal date: waiting for the pilot's review
 * ownerVisible  not removed: what the pilot's own lists show (marked flights included)
 * counted    analysed (Completed) and not removed: what the pilot's statistics, achievements and
 *            sums aggregate over
 * open       open by link: not private, neither removed nor marked
 * listed     listed publicly (pilot page, places, feeds, nearby, rankings and club totals) and open
 *            to comments and likes: public, analysed, neither removed nor marked
 * linked     link or public: the flight carries a share token (a private flight may keep its token
 *            unused, so that made public again it opens at the same address: docs/sharing.md)
 * madePublic the pilot made it public (whatever its state): the pilot's own comment notifications
 * awaitingReview  a new flight of a "publish after I review" pilot, not yet decided: stored private,
 *            so every rule above already keeps it from anyone else (docs/community.md)
 * downloadable  listed, and its pilot lets visitors download its track (the flight's own choice,
 *            else the pilot's default; both off unless the pilot allows it: docs/sharing.md)
 *
 * server/test/privacy-rules.test.ts runs both forms over every combination of visibility, status,
 * removal and review on SQLite and PostgreSQL; server/test/privacy-column.test.ts fails when another
 * file of server/src names the visibility column or compares a flight's visibility.
 */

type FlightsEb = ExpressionBuilder<Database, 'flights'>;
type FlightsWithPilotEb = ExpressionBuilder<Database, 'flights' | 'users'>;
/** The fields the JS forms read. */
export type RuleFields = Pick<Flight, 'visibility' | 'status' | 'removalReason' | 'removalDate'>;

/** Removed (contract isRemoved). */
export const removed = (eb: FlightsEb) =>
  eb.and([eb('flights.removalReason', 'is not', null), eb('flights.removalReason', '!=', 0), eb('flights.removalDate', 'is not', null)]);
/** Not removed: shown in the pilot's own lists (docs/product.md §4 Removal). */
export const visible = (eb: FlightsEb) =>
  eb.or([eb('flights.removalDate', 'is', null), eb('flights.removalReason', 'is', null), eb('flights.removalReason', '=', 0)]);
/** Marked for review (contract isMarked). */
export const marked = (eb: FlightsEb) =>
  eb.and([eb('flights.removalReason', 'is not', null), eb('flights.removalReason', '!=', 0), eb('flights.removalDate', 'is', null)]);
/** Neither removed nor marked: no removal reason. */
const unflagged = (eb: FlightsEb) => eb.or([eb('flights.removalReason', 'is', null), eb('flights.removalReason', '=', 0)]);
/** Counted in the pilot's statistics and achievements: analysed and not removed. */
export const counted = (eb: FlightsEb) => eb.and([eb('flights.status', '=', 'Completed'), visible(eb)]);
/** Open by link: not private, neither removed nor marked. */
export const open = (eb: FlightsEb) => eb.and([eb('flights.visibility', '!=', 'private'), unflagged(eb)]);
/** Listed publicly: public, analysed, neither removed nor marked. */
export const listed = (eb: FlightsEb) => eb.and([eb('flights.visibility', '=', 'public'), eb('flights.status', '=', 'Completed'), unflagged(eb)]);
/** Link or public: the flights that carry a share token. */
export const linked = (eb: FlightsEb) => eb('flights.visibility', '!=', 'private');
/** Made public by the pilot, whatever its state. */
export const madePublic = (eb: FlightsEb) => eb('flights.visibility', '=', 'public');
/** Waiting in the pilot's review list (always private while it waits). */
export const awaitingReview = (eb: FlightsEb) => eb.and([eb('flights.awaitingReview', '=', 1), eb('flights.visibility', '=', 'private')]);
/** Listed and its track downloadable by visitors; the query joins the flight's pilot as `users`. */
export const downloadable = (eb: FlightsWithPilotEb) =>
  eb.and([listed(eb as unknown as FlightsEb), eb(eb.fn.coalesce('flights.trackDownload', 'users.defaultTrackDownload'), '=', 1)]);
/** The columns the JS forms read: select them with a row that a predicate below will judge. */
export const RULE_COLUMNS = ['flights.visibility', 'flights.status', 'flights.removalReason', 'flights.removalDate'] as const;

export { isMarked, isRemoved };
/** Not removed (the JS form of `visible`). */
export const isVisible = (flight: Pick<RuleFields, 'removalReason' | 'removalDate'>) => !isRemoved(flight);
/** Analysed and not removed (the JS form of `counted`). */
export const isCounted = (flight: Pick<RuleFields, 'status' | 'removalReason' | 'removalDate'>) => flight.status === 'Completed' && !isRemoved(flight);
/** Whether anyone but the pilot may see this flight at all: not private, not removed, not marked for review. */
export const isOpen = (flight: Pick<RuleFields, 'visibility' | 'removalReason' | 'removalDate'>) => flight.visibility !== 'private' && !isRemoved(flight) && !isMarked(flight);
/** Listed (pilot page, place, feeds, nearby) and open to comments and likes. */
export const isListed = (flight: RuleFields) => flight.visibility === 'public' && flight.status === 'Completed' && isOpen(flight);
/** Link or public (the JS form of `linked`). */
export const isLinked = (flight: Pick<RuleFields, 'visibility'>) => flight.visibility !== 'private';
/** Made public (the JS form of `madePublic`). */
export const isMadePublic = (flight: Pick<RuleFields, 'visibility'>) => flight.visibility === 'public';
/** Waiting in the pilot's review list (the JS form of `awaitingReview`). */
export const isAwaitingReview = (flight: Pick<Flight, 'visibility' | 'awaitingReview'>) => flight.awaitingReview === 1 && flight.visibility === 'private';
/** Listed and its track downloadable (the JS form of `downloadable`): the flight's choice, else the pilot's default. */
export const isDownloadable = (flight: RuleFields & Pick<Flight, 'trackDownload'>, pilot: { defaultTrackDownload: number }) =>
  isListed(flight) && (flight.trackDownload ?? pilot.defaultTrackDownload) === 1;
