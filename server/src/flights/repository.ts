import { sql, type RawBuilder } from 'kysely';
import { flightSummary, type FlightSummary } from '../../../contract/flights';
import type { Db, Dialect, Flight, NewFlight } from '../db';
import { fold } from '../db';
import type { JsonText } from '../http';
import { counted, marked, visible, withDefaultVisibility } from '../privacy';

/** "Manufacturer Model Size" of the linked wing, the one rule for a glider's shown name. */
export const gliderNameSql = sql<string | null>`trim(gliders.manufacturer || ' ' || gliders.model || coalesce(' ' || gliders.size, ''))`;

/** The names a summary shows beside the flight's own columns: its wing and its launch and landing sites. */
const JOINED = { gliderName: gliderNameSql, siteName: sql.ref<string | null>('launch.name'), landingSiteName: sql.ref<string | null>('landing.name') };
type Joined = keyof typeof JOINED;
// Every other key of the contract's summary is a column of `flights` (a compile error otherwise).
type NotAColumn = Exclude<keyof FlightSummary, keyof Flight | Joined>;
const everyKeyIsAColumn: [NotAColumn] extends [never] ? true : NotAColumn = true;
void everyKeyIsAColumn;
const isJoined = (key: string): key is Joined => key in JOINED;

/** Each key of the summary, in the contract's order, with the SQL of its value. */
const SUMMARY_SQL: [keyof FlightSummary, RawBuilder<unknown>][] = (Object.keys(flightSummary.shape) as (keyof FlightSummary)[]).map((key) => [key, isJoined(key) ? JOINED[key] : sql.ref(`flights.${key}`)]);

/**
 * One summary as the text of a JSON object, written by the database: json_object on SQLite,
 * json_build_object on PostgreSQL (json, not jsonb, which would reorder the keys; as text, which the
 * driver does not parse). PostgreSQL takes at most 100 arguments, so 50 keys.
 */
function summaryJson(dialect: Dialect) {
  const pairs = sql.join(SUMMARY_SQL.flatMap(([key, value]) => [sql.lit(key), value]));
  return dialect === 'postgres' ? sql<string>`json_build_object(${pairs})::text` : sql<string>`json_object(${pairs})`;
}

/** A flight row with the names of its wing and sites. */
export type FlightRow = Flight & { gliderName: string | null; siteName: string | null; landingSiteName: string | null };

/** Flights with their wing and launch and landing sites joined. */
function joined(db: Db) {
  return db
    .selectFrom('flights')
    .leftJoin('gliders', 'gliders.id', 'flights.gliderId')
    .leftJoin('sites as launch', 'launch.id', 'flights.siteId')
    .leftJoin('sites as landing', 'landing.id', 'flights.landingSiteId');
}

/** Flights with their wing and site names (the summary's gliderName, siteName, landingSiteName). */
function withNames(db: Db) {
  return joined(db).select([JOINED.gliderName.as('gliderName'), JOINED.siteName.as('siteName'), JOINED.landingSiteName.as('landingSiteName')]);
}

/**
 * Completed, visible flights: the base statistics and achievements aggregate over (they add their
 * own select). The one builder this module hands out unfinished, since each aggregate differs.
 */
export function countedFlights(db: Db, userId: number) {
  return db.selectFrom('flights').where('flights.userId', '=', userId).where(counted);
}

export interface ListFilter {
  markedOnly?: boolean;
  year?: number;
  month?: number;
  /** Words that must all appear (folded) in the notes, site names or glider name or type. */
  q?: string;
}

/** What the search looks in: notes, launch and landing site names, the wing's name and the IGC glider type. */
const searchedText = sql<string>`fold(${sql.join(
  [sql.ref('flights.notes'), sql.ref('launch.name'), sql.ref('landing.name'), gliderNameSql, sql.ref('flights.gliderType')].map((c) => sql`coalesce(${c}, '')`),
  sql` || ' ' || `,
)})`;

/** The flights (of a query from `joined`) whose searched text holds every word of q. */
function matchingWords<Q extends { where: (e: ReturnType<typeof sql<boolean>>) => Q }>(q: Q, search: string | undefined): Q {
  for (const word of fold(search ?? '').split(/\s+/).filter(Boolean)) {
    q = q.where(sql<boolean>`${searchedText} like ${`%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`);
  }
  return q;
}

/**
 * The pilot's visible flights, newest first, optionally only the marked ones or one year or month:
 * the JSON text of the contract's summaries, each row's object written by the database. For 10,000
 * flights this skips making 10,000 row objects, renaming their keys and stringifying them again.
 */
export async function listFlightsJson(db: Db, dialect: Dialect, userId: number, { markedOnly, year, month, q: search }: ListFilter): Promise<JsonText<FlightSummary[]>> {
  let q = joined(db)
    .select(summaryJson(dialect).as('summary'))
    .where('flights.userId', '=', userId)
    .where(visible);
  if (markedOnly) q = q.where(marked);
  if (year !== undefined) q = q.where('flights.localYear', '=', year);
  if (month !== undefined) q = q.where('flights.localMonth', '=', month);
  q = matchingWords(q, search);
  const rows = await q.orderBy('flights.startTime', 'desc').orderBy('flights.id', 'desc').execute();
  return `[${rows.map((r) => r.summary).join(',')}]` as JsonText<FlightSummary[]>;
}

/** Per local year and month with visible flights (matching the search, if any): how many and the first day flown. */
export function countByMonth(db: Db, userId: number, search?: string) {
  const q = joined(db)
    .where('flights.userId', '=', userId)
    .where(visible)
    .where('flights.localYear', 'is not', null)
    .select((eb) => ['flights.localYear', 'flights.localMonth', eb.fn.countAll().as('count'), eb.fn.min('flights.localDate').as('firstDay')])
    .groupBy(['flights.localYear', 'flights.localMonth'])
    .orderBy('flights.localYear', 'desc')
    .orderBy('flights.localMonth', 'asc');
  return matchingWords(q, search).execute();
}

export async function countMarked(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('flights').where('userId', '=', userId).where(marked).select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Removes every marked flight of the pilot; returns how many. */
export async function removeMarked(db: Db, userId: number, removalDate: string): Promise<number> {
  const res = await db.updateTable('flights').set({ removalDate }).where('userId', '=', userId).where(marked).executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** One of the pilot's flights, removed or not. */
export function findFlight(db: Db, userId: number, id: number): Promise<FlightRow | undefined> {
  return withNames(db).selectAll('flights').where('flights.id', '=', id).where('flights.userId', '=', userId).executeTakeFirst();
}

/** The id of the pilot's visible flight just before or after this one (start time, then id). */
export async function neighbourId(db: Db, userId: number, flight: Pick<Flight, 'id' | 'startTime'>, direction: 'prev' | 'next'): Promise<number | undefined> {
  const next = direction === 'next';
  const row = await db
    .selectFrom('flights')
    .select('id')
    .where('userId', '=', userId)
    .where(visible)
    .where((eb) => eb.or([eb('startTime', next ? '>' : '<', flight.startTime), eb.and([eb('startTime', '=', flight.startTime), eb('id', next ? '>' : '<', flight.id)])]))
    .orderBy('startTime', next ? 'asc' : 'desc')
    .orderBy('id', next ? 'asc' : 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

export async function setRemoval(db: Db, flightId: number, removal: Partial<Pick<Flight, 'removalReason' | 'removalDate'>>): Promise<void> {
  await db.updateTable('flights').set(removal).where('id', '=', flightId).execute();
}

/** The stored track of a flight (gzip'd JSON), if its analysis finished. */
export function findTrack(db: Db, flightId: number) {
  return db.selectFrom('flightTracks').select(['path', 'pathLowRes', 'features']).where('flightId', '=', flightId).executeTakeFirst();
}

/** The original upload of a flight: its name and gzip'd bytes (null once dropped). */
export function findOriginalFile(db: Db, igcFileId: number) {
  return db.selectFrom('igcFiles').select(['originalFilename', 'content']).where('id', '=', igcFileId).executeTakeFirst();
}

// The pilot's own logbook entries

/** The pilot's edits of a flight: notes, and the wing and sites with their "set by the pilot" flags. */
export type LogbookEdit = Partial<Pick<Flight, 'notes' | 'gliderId' | 'gliderSetByPilot' | 'siteId' | 'siteSetByPilot' | 'landingSiteId' | 'landingSiteSetByPilot'>>;

export async function updateLogbook(db: Db, flightId: number, edit: LogbookEdit): Promise<void> {
  await db.updateTable('flights').set(edit).where('id', '=', flightId).execute();
}

export async function insertManualFlight(db: Db, flight: NewFlight): Promise<number> {
  const row = await db.insertInto('flights').values(withDefaultVisibility(flight)).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Bind parameters one statement may carry on both databases: PostgreSQL's limit is 65,535, SQLite's
 * 32,766 (since 3.32; better-sqlite3 bundles a newer SQLite).
 */
const MAX_BIND_PARAMETERS = 32_766;

/** Many flights in multi-row inserts, each statement under the bind-parameter limit of both databases. */
export async function insertFlights(db: Db, flights: NewFlight[]): Promise<void> {
  if (flights.length === 0) return;
  // Two more parameters per row: the pilot's default visibility and review wait are looked up by their id.
  const perRow = Math.max(...flights.map((f) => Object.keys(f).length)) + 2;
  const chunk = Math.floor(MAX_BIND_PARAMETERS / perRow);
  for (let i = 0; i < flights.length; i += chunk) await db.insertInto('flights').values(flights.slice(i, i + chunk).map(withDefaultVisibility)).execute();
}

/** What decides a flight's aircraft category (docs/aircraft-category.md): its own choice, its wing's, its header's, and the result. */
export function flightCategoryRow(db: Db, userId: number, id: number) {
  return db
    .selectFrom('flights')
    .leftJoin('gliders', 'gliders.id', 'flights.gliderId')
    .select(['flights.aircraftCategory', 'flights.pilotCategory', 'flights.detectedCategory', 'gliders.aircraftCategory as wingCategory'])
    .where('flights.id', '=', id)
    .where('flights.userId', '=', userId)
    .executeTakeFirst();
}

export async function setPilotCategory(db: Db, userId: number, id: number, category: string | null): Promise<void> {
  await db.updateTable('flights').set({ pilotCategory: category }).where('id', '=', id).where('userId', '=', userId).execute();
}
