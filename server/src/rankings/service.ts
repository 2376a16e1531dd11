import { RANKING_PLACES_MAX, type Ranking, type RankingPlaces, type RankingRow, type RankingsQuery } from '../../../contract/rankings';
import { DEFAULT_AIRCRAFT_CATEGORY } from '../../../contract/aircraft';
import type { Config } from '../config';
import type { Db } from '../db';
import { notFound } from '../http';
import { findPlace, PLACE_GONE, placeName } from '../places';
import { pilotRef } from '../privacy';
import * as repo from './repository';

/** The one answer for an unknown club (shared with the club routes). */
export const CLUB_GONE = 'This club does not exist.';

/** A pilot's counted flights as computed, before names and tokens are looked up. */
interface Entry {
  userId: number;
  flights: { id: number; points: number; date: string }[];
}
const CACHED_RANKINGS = 32;
/** More changed pilots than this since a ranking was computed: computing it whole is cheaper than by pilot. */
const PILOTS_BY_CHANGE = 200;

/** One filter's computed ranking: each pilot's counted flights, current as of the pilots' data versions in `versions`. */
interface Computed {
  versions: Map<number, number>;
  byPilot: Map<number, Entry>;
}
/** Per database (tests open several): the latest stamp and every pilot's data version at it, and the computed rankings by filter. */
interface RankingState {
  stamp: string;
  versions: Map<number, number>;
  computed: Map<string, Computed>;
}
const states = new WeakMap<Db, RankingState>();
/** Per database, the place list of the picker by season, under the stamp it was made at (naming a place takes a few queries). */
const placeLists = new WeakMap<Db, Map<string, { stamp: string; answer: RankingPlaces }>>();

const hundredths = (v: number) => Math.round(v * 100);

function toEntries(rows: repo.SeasonBestRow[]): Map<number, Entry> {
  const byPilot = new Map<number, Entry>();
  for (const r of [...rows].sort((a, b) => Number(a.nth) - Number(b.nth))) {
    const entry = byPilot.get(r.userId) ?? { userId: r.userId, flights: [] };
    entry.flights.push({ id: r.id, points: r.xcPoints ?? 0, date: r.localDate ?? '' });
    byPilot.set(r.userId, entry);
  }
  return byPilot;
}

/** Pilots whose data version differs between two snapshots, or who are in only one of them. */
function changedPilots(before: Map<number, number>, now: Map<number, number>): number[] {
  const changed = [...now].filter(([id, v]) => before.get(id) !== v).map(([id]) => id);
  for (const id of before.keys()) if (!now.has(id)) changed.push(id);
  return changed;
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
  const state: RankingState = states.get(db) ?? { stamp: '', versions: new Map(), computed: new Map() };
  states.set(db, state);

  /**
   * Every pilot's data version as of now: read again only when the stamp moved. Read before the
   * flights, so a change made in between is seen as a change on the next request.
   */
  const currentVersions = async (): Promise<Map<number, number>> => {
    const stamp = await repo.flightsStamp(db);
    if (stamp !== state.stamp) {
      state.versions = await repo.pilotVersions(db);
      state.stamp = stamp;
    }
    return state.versions;
  };

  /**
   * Each pilot's counted flights under the filter. A change costs only the pilots it touched: their
   * rows are computed again from the database and put in place of the old ones
   * (docs/rankings-and-clubs.md, "Fresh answers").
   */
  const bestOfSeason = async (filter: repo.RankingFilter, fresh: boolean): Promise<Entry[]> => {
    const key = JSON.stringify(filter);
    const versions = await currentVersions();
    const hit = state.computed.get(key);
    if (!fresh && hit) {
      if (hit.versions !== versions) {
        const changed = changedPilots(hit.versions, versions);
        if (changed.length <= PILOTS_BY_CHANGE) {
          const rows = changed.length ? toEntries(await repo.seasonBestFlights(db, filter, changed)) : new Map<number, Entry>();
          for (const id of changed) {
            const entry = rows.get(id);
            if (entry) hit.byPilot.set(id, entry);
            else hit.byPilot.delete(id);
          }
          hit.versions = versions;
        } else fresh = true;
      }
      if (!fresh) {
        state.computed.delete(key);
        state.computed.set(key, hit);
        return [...hit.byPilot.values()];
      }
    }
    const byPilot = toEntries(await repo.seasonBestFlights(db, filter));
    state.computed.delete(key);
    state.computed.set(key, { versions, byPilot });
    if (state.computed.size > CACHED_RANKINGS) state.computed.delete(state.computed.keys().next().value!);
    return [...byPilot.values()];
  };

  const ranking = async (q: { season: number; league: string; category?: string; place?: string; gliderClass?: string; clubId?: number }): Promise<Ranking> => {
    const category = q.category ?? DEFAULT_AIRCRAFT_CATEGORY;
    let placeId: number | undefined;
    if (q.place !== undefined) {
      const place = await findPlace(db, q.place);
      // A place without public flights is as unknown here as on its own page.
      if (!place || !(await repo.placeHasListedFlight(db, place.id))) throw notFound(PLACE_GONE);
      // A place serves one category: a ranking of another category there is as unknown.
      if (place.aircraftCategory !== category) throw notFound(PLACE_GONE);
      placeId = place.id;
    }
    const filter: repo.RankingFilter = { season: q.season, league: q.league, instanceLeague: config.scoringRules, category, placeId, gliderClass: q.gliderClass };
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

    /** GET /api/rankings/places: the places a ranking can be narrowed to, most flown first (the app sorts them by name). */
    async places(season: number | undefined, category: string = DEFAULT_AIRCRAFT_CATEGORY): Promise<RankingPlaces> {
      const lists = placeLists.get(db) ?? new Map<string, { stamp: string; answer: RankingPlaces }>();
      placeLists.set(db, lists);
      const key = `${season ?? 'all'}:${category}`;
      const stamp = await repo.flightsStamp(db);
      const hit = lists.get(key);
      if (hit?.stamp === stamp) return hit.answer;
      const rows = await repo.placesWithListedFlights(db, season, category, RANKING_PLACES_MAX);
      const places = [];
      for (const r of rows) places.push({ id: r.publicId, name: await placeName(db, r.id, r), flights: Number(r.n) });
      const answer = { places };
      lists.set(key, { stamp, answer });
      return answer;
    },

    /** GET /api/rankings: the season defaults to this year, the league to the signed-in pilot's (else the instance's). */
    async publicRanking(q: RankingsQuery, viewerId: number | undefined): Promise<Ranking> {
      const league = q.league ?? (viewerId !== undefined ? await repo.leagueOfPilot(db, viewerId) : null) ?? config.scoringRules;
      let clubId: number | undefined;
      if (q.club !== undefined) {
        const club = await repo.findClubBySlug(db, q.club);
        if (!club) throw notFound(CLUB_GONE);
        clubId = club.id;
      }
      return ranking({ season: q.season ?? new Date().getUTCFullYear(), league, category: q.category, place: q.place, gliderClass: q.gliderClass, clubId });
    },
  };
}
