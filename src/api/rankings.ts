import type { AircraftCategory } from '../../contract/aircraft';
import type { Ranking, RankingPlaces, RankingsQuery } from '../../contract/rankings';
import { api } from './base';

/**
 * Season rankings (docs/rankings-and-clubs.md), public reads. Tagged `Rankings`: the flight changes
 * that move a ranking (a flight made public or private, removed, re-scored) invalidate it with the
 * other flight views (`FLIGHT_VIEWS` in api/flights.ts), and a club's membership (its league) with the clubs.
 */
export const rankingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    ranking: build.query<Ranking, RankingsQuery>({
      query: (q) => ({ url: '/rankings', params: Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) }),
      providesTags: ['Rankings'],
    }),
    /** Places with public flights (of a season, else of all time): the ranking's place filter and a club's home places. */
    rankingPlaces: build.query<RankingPlaces, { season?: number; category?: AircraftCategory }>({
      query: ({ season, category }) => ({ url: '/rankings/places', params: { ...(season ? { season } : {}), ...(category ? { category } : {}) } }),
      providesTags: ['Rankings', 'Places'],
    }),
  }),
});

export const { useRankingQuery, useRankingPlacesQuery } = rankingsApi;
