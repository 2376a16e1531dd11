import { sql } from 'kysely';
import { RANKED_FLIGHTS } from '../../../contract/rankings';
import type { Db } from '../db';
import { listed } from '../privacy';

/** What narrows a season ranking, resolved to rows: the league of the stored scores, a place, a wing class. */
export interface RankingFilter {
  season: number;
  league: string;
  /** Flights scored before a pilot chose a league carry none: they are under the instance's league. */
  instanceLeague: string;
  /** The aircraft category (docs/aircraft-category.md): a sailplane never enters a paragliding ranking. */
  category: string;
  placeId?: number;
  gliderClass?: string;
}

/**
 * Each pilot's best RANKED_FLIGHTS public, scored flights of the season (one row per flight). One
 * query: a window numbers each pilot's flights by points, best first.
 */
export function seasonBestFlights(db: Db, f: RankingFilter, onlyPilots?: number[]) {
  let season = db
    .selectFrom('flights')
    .select([
      'flights.id',
      'flights.userId',
      'flights.xcPoints',
      'flights.localDate',
      sql<number>`row_number() over (partition by ${sql.ref('flights.userId')} order by ${sql.ref('flights.xcPoints')} desc, ${sql.ref('flights.id')} asc)`.as('nth'),
    ])
    .where('flights.localYear', '=', f.season)
    .where(listed)
    .where('flights.xcPoints', '>', 0)
    .where('flights.aircraftCategory', '=', f.category)
    .where((eb) => eb(eb.fn.coalesce('flights.scoringRules', eb.val(f.instanceLeague)), '=', f.league));
  // A few changed pilots: their flights of the season through the (user, year, month) index.
  if (onlyPilots !== undefined) season = season.where('flights.userId', 'in', onlyPilots);
  if (f.placeId !== undefined) {
    const placeId = f.placeId;
    season = season.where('flights.id', 'in', (eb) => eb.selectFrom('flightPlaces').select('flightPlaces.flightId').where('flightPlaces.placeId', '=', placeId));
  }
  if (f.gliderClass !== undefined) {
    const gliderClass = f.gliderClass;
    // The linked wing's class, else the class of the wing the IGC names (analysis/aircraft-models.ts).
    season = season.where((eb) =>
      eb.or([
        eb('flights.gliderId', 'in', eb.selectFrom('gliders').select('gliders.id').where('gliders.gliderClass', '=', gliderClass)),
        eb.and([eb('flights.gliderId', 'is', null), eb('flights.detectedWingClass', '=', gliderClass)]),
      ]),
    );
  }
  return db.selectFrom(season.as('best')).select(['best.id', 'best.userId', 'best.xcPoints', 'best.localDate', 'best.nth']).where('best.nth', '<=', RANKED_FLIGHTS).execute();
}
export type SeasonBestRow = Awaited<ReturnType<typeof seasonBestFlights>>[number];

/**
 * A stamp that changes whenever any pilot's flights change: every change (upload, edit, visibility,
 * removal, re-scoring) bumps the pilot's data version through "flights changed", and a deleted
 * pilot lowers the count. Cheap: one row per pilot.
 */
export async function flightsStamp(db: Db): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select((eb) => [eb.fn.countAll().as('pilots'), eb.fn.sum('dataVersion').as('versions')])
    .executeTakeFirst();
  return `${Number(row?.pilots ?? 0)}:${Number(row?.versions ?? 0)}`;
}

/** Every pilot's data version: which pilots changed since a ranking was computed. */
export async function pilotVersions(db: Db): Promise<Map<number, number>> {
  const rows = await db.selectFrom('users').select(['id', 'dataVersion']).execute();
  return new Map(rows.map((r) => [r.id, Number(r.dataVersion)]));
}

const CHUNK = 5000;
/** Ids per token query: short lists keep each flight's check a primary-key probe on both databases (measured: 55 ms on SQLite, 88 ms on PostgreSQL for 6,000 flights, against 108 and 231 ms in lists of 5,000). */
const TOKEN_CHUNK = 500;

/**
 * The share tokens of those flights that are listed right now (public, analysed, neither removed nor
 * marked). Driven from the shares' primary key, each flight checked by its own: SQLite would
 * otherwise start from the visibility index and walk every public flight of the instance.
 */
export async function tokensOfListed(db: Db, flightIds: number[]): Promise<Map<number, string>> {
  const tokens = new Map<number, string>();
  for (let i = 0; i < flightIds.length; i += TOKEN_CHUNK) {
    const rows = await db
      .selectFrom('flightShares')
      .select(['flightShares.flightId', 'flightShares.token'])
      .where('flightShares.flightId', 'in', flightIds.slice(i, i + TOKEN_CHUNK))
      .where(({ exists, selectFrom }) => exists(selectFrom('flights').select('flights.id').whereRef('flights.id', '=', 'flightShares.flightId').where(listed)))
      .execute();
    for (const r of rows) tokens.set(r.flightId, r.token);
  }
  return tokens;
}

/** Whether the place has a listed flight: from the place's own flights, stopping at the first. */
export async function placeHasListedFlight(db: Db, placeId: number): Promise<boolean> {
  const row = await db
    .selectFrom('flightPlaces')
    .select('flightPlaces.flightId')
    .where('flightPlaces.placeId', '=', placeId)
    .where(({ exists, selectFrom }) => exists(selectFrom('flights').select('flights.id').whereRef('flights.id', '=', 'flightPlaces.flightId').where(listed)))
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** The places of a category with the most listed flights (of a season, else of all time), with how many. */
export function placesWithListedFlights(db: Db, season: number | undefined, category: string, limit: number) {
  let q = db
    .selectFrom('flightPlaces')
    .innerJoin('flights', 'flights.id', 'flightPlaces.flightId')
    .innerJoin('places', 'places.id', 'flightPlaces.placeId')
    .select((eb) => ['places.id', 'places.publicId', 'places.latitude', 'places.longitude', eb.fn.countAll().as('n')])
    .where(listed)
    .where('places.aircraftCategory', '=', category)
    .where('flights.aircraftCategory', '=', category);
  if (season !== undefined) q = q.where('flights.localYear', '=', season);
  return q.groupBy(['places.id', 'places.publicId', 'places.latitude', 'places.longitude']).orderBy('n', 'desc').orderBy('places.id').limit(limit).execute();
}

/** The names of pilots, as they are now. */
export async function pilotNames(db: Db, userIds: number[]) {
  const rows = [];
  for (let i = 0; i < userIds.length; i += CHUNK) {
    rows.push(...(await db.selectFrom('users').select(['id', 'displayName', 'username', 'publicPage']).where('id', 'in', userIds.slice(i, i + CHUNK)).execute()));
  }
  return new Map(rows.map((r) => [r.id, r]));
}

export async function clubMemberIds(db: Db, clubId: number): Promise<Set<number>> {
  const rows = await db.selectFrom('clubMembers').select('userId').where('clubId', '=', clubId).execute();
  return new Set(rows.map((r) => r.userId));
}

/** The league a signed-in pilot chose (null: the instance's). */
export async function leagueOfPilot(db: Db, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('scoringRules').where('id', '=', userId).executeTakeFirst();
  return row?.scoringRules ?? null;
}

/** A club by its slug (the rankings of one club, and clubs/ itself). */
export function findClubBySlug(db: Db, slug: string) {
  return db.selectFrom('clubs').select(['id', 'slug', 'name']).where('slug', '=', slug).executeTakeFirst();
}
