import { sql } from 'kysely';
import { RANKED_FLIGHTS } from '../../../contract/rankings';
import type { Db } from '../db';
import { listed } from '../social/listed';

/** What narrows a season ranking, resolved to rows: the league of the stored scores, a place, a club's members, a wing class. */
export interface RankingFilter {
  season: number;
  league: string;
  /** Flights scored before a pilot chose a league carry none: they are under the instance's league. */
  instanceLeague: string;
  placeId?: number;
  clubId?: number;
  gliderClass?: string;
}

/**
 * Each pilot's best RANKED_FLIGHTS public, scored flights of the season (one row per flight), with
 * the flight's token and the pilot's names. One query: a window numbers each pilot's flights by points.
 */
export function seasonBestFlights(db: Db, f: RankingFilter) {
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
    .where((eb) => eb(eb.fn.coalesce('flights.scoringRules', eb.val(f.instanceLeague)), '=', f.league));
  if (f.placeId !== undefined) {
    const placeId = f.placeId;
    season = season.where('flights.id', 'in', (eb) => eb.selectFrom('flightPlaces').select('flightPlaces.flightId').where('flightPlaces.placeId', '=', placeId));
  }
  if (f.clubId !== undefined) {
    const clubId = f.clubId;
    season = season.where('flights.userId', 'in', (eb) => eb.selectFrom('clubMembers').select('clubMembers.userId').where('clubMembers.clubId', '=', clubId));
  }
  if (f.gliderClass !== undefined) {
    const gliderClass = f.gliderClass;
    season = season.where('flights.gliderId', 'in', (eb) => eb.selectFrom('gliders').select('gliders.id').where('gliders.gliderClass', '=', gliderClass));
  }
  return db
    .selectFrom(season.as('best'))
    .innerJoin('flightShares', 'flightShares.flightId', 'best.id')
    .innerJoin('users', 'users.id', 'best.userId')
    .select(['best.userId', 'best.xcPoints', 'best.localDate', 'best.nth', 'flightShares.token', 'users.displayName', 'users.username', 'users.publicPage'])
    .where('best.nth', '<=', RANKED_FLIGHTS)
    .execute();
}
export type SeasonBestRow = Awaited<ReturnType<typeof seasonBestFlights>>[number];

/** The league a signed-in pilot chose (null: the instance's). */
export async function leagueOfPilot(db: Db, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('scoringRules').where('id', '=', userId).executeTakeFirst();
  return row?.scoringRules ?? null;
}
