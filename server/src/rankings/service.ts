import type { Ranking, RankingRow, RankingsQuery } from '../../../contract/rankings';
import type { Config } from '../config';
import type { Db } from '../db';
import { notFound } from '../http/errors';
import { assignPlaces, PLACE_GONE } from '../places/service';
import { findPlace } from '../places/repository';
import { ensureTokens } from '../sharing/visibility';
import { pilotRef } from '../social/listed';
import { findClubBySlug } from '../clubs/repository';
import * as repo from './repository';

/** The one answer for an unknown club (shared with the club routes). */
export const CLUB_GONE = 'This club does not exist.';

/** A pilot's counted flights as computed, before names and tokens are looked up. */
interface Entry {
  userId: number;
  flights: { id: number; points: number; date: string }[];
}
const CACHED_RANKINGS = 32;
/** Per database (tests open several), the latest computed rankings by filter, each with the stamp it was computed at. */
const computed = new WeakMap<Db, Map<string, { stamp: string; entries: Entry[] }>>();

/** Per database, the stamp at which public flights were last put into places. */
const placedAt = new WeakMap<Db, string>();

/**
 * Puts new public flights into places (places/service.ts assignPlaces) only when some pilot's flights
 * changed since the last time: a flight becomes public only through a change that bumps the stamp.
 */
export async function assignPlacesOnChange(db: Db): Promise<void> {
  const stamp = await repo.flightsStamp(db);
  if (placedAt.get(db) === stamp) return;
  await assignPlaces(db);
  placedAt.set(db, stamp);
}

const hundredths = (v: number) => Math.round(v * 100);

function toEntries(rows: repo.SeasonBestRow[]): Entry[] {
  const byPilot = new Map<number, Entry>();
  for (const r of [...rows].sort((a, b) => Number(a.nth) - Number(b.nth))) {
    const entry = byPilot.get(r.userId) ?? { userId: r.userId, flights: [] };
    entry.flights.push({ id: r.id, points: r.xcPoints ?? 0, date: r.localDate ?? '' });
    byPilot.set(r.userId, entry);
  }
  return [...byPilot.values()];
}

/**
 * Ranks pilots by the sum of their counted flights; pilots equal on that sum are ordered by their
 * best single flight, and pilots equal on both share a rank (then by name). Sums are compared in
 * hundredths, so adding in another order cannot split a tie.
 */
export function rankPilots(entries: (Entry & { pilot: { name: string; username: string | null }; tokens: string[] })[]): Ranking {
  const pilots = entries.map((e) => ({ ...e, sum: hundredths(e.flights.reduce((s, f) => s + f.points, 0)), best: hundredths(e.flights[0]?.points ?? 0) }));
  pilots.sort((a, b) => b.sum - a.sum || b.best - a.best || a.pilot.name.localeCompare(b.pilot.name));
  const ranked: RankingRow[] = [];
  pilots.forEach((p, i) => {
    const previous = pilots[i - 1];
    const rank = previous && previous.sum === p.sum && previous.best === p.best ? ranked[i - 1]!.rank : i + 1;
    ranked.push({
      rank,
      pilot: { displayName: p.pilot.name, username: p.pilot.username },
      points: p.sum / 100,
      flights: p.flights.map((f, j) => ({ token: p.tokens[j]!, points: f.points, date: f.date })),
    });
  });
  return ranked;
}

/**
 * Season rankings over the instance's public flights. The heavy part (every pilot's best flights of
 * the season) is computed from the database and kept per process under a stamp of all pilots' data
 * versions, which every flight change bumps ("flights changed"): a flight that arrives, changes
 * visibility, is removed or re-scored is counted on the next request, in every process. Names,
 * tokens and club members are read fresh on every answer, and a flight that is no longer public
 * throws the computed ranking away: the cache can make an answer slower to change, never less private.
 */
export function rankingsService({ database: { db }, config }: { database: { db: Db }; config: Pick<Config, 'scoringRules'> }) {
  const cache = computed.get(db) ?? new Map<string, { stamp: string; entries: Entry[] }>();
  computed.set(db, cache);

  const bestOfSeason = async (filter: repo.RankingFilter, fresh: boolean): Promise<Entry[]> => {
    const key = JSON.stringify(filter);
    const stamp = await repo.flightsStamp(db);
    const hit = cache.get(key);
    if (!fresh && hit?.stamp === stamp) return hit.entries;
    await ensureTokens(db);
    const entries = toEntries(await repo.seasonBestFlights(db, filter));
    cache.delete(key);
    cache.set(key, { stamp, entries });
    if (cache.size > CACHED_RANKINGS) cache.delete(cache.keys().next().value!);
    return entries;
  };

  const ranking = async (q: { season: number; league: string; place?: string; gliderClass?: string; clubId?: number }): Promise<Ranking> => {
    let placeId: number | undefined;
    if (q.place !== undefined) {
      await assignPlacesOnChange(db);
      const place = await findPlace(db, q.place);
      // A place without public flights is as unknown here as on its own page.
      if (!place || !(await repo.placeHasListedFlight(db, place.id))) throw notFound(PLACE_GONE);
      placeId = place.id;
    }
    const filter: repo.RankingFilter = { season: q.season, league: q.league, instanceLeague: config.scoringRules, placeId, gliderClass: q.gliderClass };
    const members = q.clubId !== undefined ? await repo.clubMemberIds(db, q.clubId) : undefined;
    for (const fresh of [false, true]) {
      const entries = (await bestOfSeason(filter, fresh)).filter((e) => !members || members.has(e.userId));
      const tokens = await repo.tokensOfListed(db, entries.flatMap((e) => e.flights.map((f) => f.id)));
      // A counted flight that is no longer public: compute again from the database.
      if (!fresh && entries.some((e) => e.flights.some((f) => !tokens.has(f.id)))) continue;
      const names = await repo.pilotNames(db, entries.map((e) => e.userId));
      return rankPilots(
        entries
          .filter((e) => names.has(e.userId) && e.flights.every((f) => tokens.has(f.id)))
          .map((e) => ({ ...e, pilot: pilotRef(names.get(e.userId)!), tokens: e.flights.map((f) => tokens.get(f.id)!) })),
      );
    }
    return [];
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
      return ranking({ season: q.season ?? new Date().getUTCFullYear(), league, place: q.place, gliderClass: q.gliderClass, clubId });
    },
  };
}
