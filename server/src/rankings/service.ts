import type { Ranking, RankingRow, RankingsQuery } from '../../../contract/rankings';
import type { Config } from '../config';
import type { Db } from '../db';
import { notFound } from '../http/errors';
import { assignPlaces, PLACE_GONE } from '../places/service';
import { findPlace, placeTotals } from '../places/repository';
import { ensureTokens } from '../sharing/visibility';
import { pilotRef } from '../social/listed';
import * as repo from './repository';
import { findClubBySlug } from '../clubs/repository';

/** The one answer for an unknown club (shared with the club routes). */
export const CLUB_GONE = 'This club does not exist.';

const hundredths = (v: number) => Math.round(v * 100);

/**
 * Ranks pilots by the sum of their counted flights; pilots equal on that sum are ordered by their
 * best single flight, and pilots equal on both share a rank. Rows that stay equal keep a stable
 * order by name. Sums are compared in hundredths, so adding in another order cannot split a tie.
 */
export function rankPilots(rows: repo.SeasonBestRow[]): Ranking {
  const byPilot = new Map<number, repo.SeasonBestRow[]>();
  for (const r of rows) byPilot.set(r.userId, [...(byPilot.get(r.userId) ?? []), r]);
  const pilots = [...byPilot.values()].map((flights) => {
    flights.sort((a, b) => Number(a.nth) - Number(b.nth));
    const points = hundredths(flights.reduce((sum, f) => sum + (f.xcPoints ?? 0), 0));
    const best = hundredths(flights[0]!.xcPoints ?? 0);
    return { flights, points, best, pilot: pilotRef(flights[0]!) };
  });
  pilots.sort((a, b) => b.points - a.points || b.best - a.best || a.pilot.name.localeCompare(b.pilot.name));
  const ranked: RankingRow[] = [];
  pilots.forEach((p, i) => {
    const previous = pilots[i - 1];
    const rank = previous && previous.points === p.points && previous.best === p.best ? ranked[i - 1]!.rank : i + 1;
    ranked.push({
      rank,
      pilot: { displayName: p.pilot.name, username: p.pilot.username },
      points: p.points / 100,
      flights: p.flights.map((f) => ({ token: f.token, points: f.xcPoints ?? 0, date: f.localDate ?? '' })),
    });
  });
  return ranked;
}

/**
 * Season rankings over the instance's public flights, computed on each request from what is stored:
 * a flight that arrives, changes visibility, is removed or re-scored counts (or stops counting) on
 * the next request, in every process, with nothing to invalidate.
 */
export function rankingsService({ database: { db }, config }: { database: { db: Db }; config: Pick<Config, 'scoringRules'> }) {
  const ranking = async (q: Omit<RankingsQuery, 'club' | 'league' | 'season'> & { season: number; league: string; clubId?: number }): Promise<Ranking> => {
    await ensureTokens(db);
    let placeId: number | undefined;
    if (q.place !== undefined) {
      await assignPlaces(db);
      const place = await findPlace(db, q.place);
      // A place without public flights is as unknown here as on its own page.
      if (!place || (await placeTotals(db, place.id)).flights === 0) throw notFound(PLACE_GONE);
      placeId = place.id;
    }
    const rows = await repo.seasonBestFlights(db, { season: q.season, league: q.league, instanceLeague: config.scoringRules, placeId, clubId: q.clubId, gliderClass: q.gliderClass });
    return rankPilots(rows);
  };

  return {
    ranking,

    /** GET /api/rankings: the season defaults to this year, the league to the signed-in pilot's (else the instance's). */
    async publicRanking(q: RankingsQuery, viewerId: number | undefined): Promise<Ranking> {
      const league = q.league ?? (viewerId !== undefined ? await repo.leagueOfPilot(db, viewerId) : null) ?? config.scoringRules;
      let clubId: number | undefined;
      if (q.club !== undefined) {
        const club = await findClubBySlug(db, q.club);
        if (!club) throw notFound(CLUB_GONE);
        clubId = club.id;
      }
      return ranking({ ...q, season: q.season ?? new Date().getUTCFullYear(), league, clubId });
    },
  };
}
