import type { Club, MyClubs } from '../../../contract/clubs';
import type { Ranking, RankingPlaces, RankingsQuery } from '../../../contract/rankings';
import { api } from '../../api/base';

const part = (value: string) => encodeURIComponent(value);

/**
 * Season rankings and clubs (docs/rankings-and-clubs.md). The ranking and the club page are public
 * reads; the rest needs the session. Pages refetch after each change (no shared tags needed).
 */
export const clubsApi = api.injectEndpoints({
  endpoints: (build) => ({
    ranking: build.query<Ranking, RankingsQuery>({
      query: (q) => ({ url: '/rankings', params: Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) }),
    }),
    /** Places with public flights (of a season, else of all time): the ranking's place filter and a club's home places. */
    rankingPlaces: build.query<RankingPlaces, { season?: number }>({ query: ({ season }) => ({ url: '/rankings/places', params: season ? { season } : {} }) }),
    club: build.query<Club, { slug: string; date?: string }>({ query: ({ slug, date }) => ({ url: `/clubs/${part(slug)}`, params: date ? { date } : {} }) }),
    myClubs: build.query<MyClubs, void>({ query: () => '/clubs' }),
    createClub: build.mutation<{ slug: string; name: string }, { name: string }>({ query: (body) => ({ url: '/clubs', method: 'POST', body }) }),
    setClubPlaces: build.mutation<unknown, { slug: string; places: string[] }>({ query: (a) => ({ url: `/clubs/${part(a.slug)}/places`, method: 'PUT', body: { places: a.places } }) }),
    deleteClub: build.mutation<unknown, string>({
      query: (slug) => ({ url: `/clubs/${part(slug)}`, method: 'DELETE' }),
      // The list of the pilot's clubs, where the app goes next, no longer shows it.
      async onQueryStarted(slug, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        dispatch(
          clubsApi.util.updateQueryData('myClubs', undefined, (draft) => {
            draft.clubs = draft.clubs.filter((c) => c.slug !== slug);
          }),
        );
      },
    }),
    renewInvite: build.mutation<{ url: string; token: string }, string>({ query: (slug) => ({ url: `/clubs/${part(slug)}/invite`, method: 'POST' }) }),
    joinClub: build.mutation<{ slug: string; name: string }, string>({ query: (token) => ({ url: '/clubs/join', method: 'POST', body: { token } }) }),
    removeMember: build.mutation<unknown, { slug: string; username: string }>({ query: (a) => ({ url: `/clubs/${part(a.slug)}/members/${part(a.username)}`, method: 'DELETE' }) }),
    setAdmin: build.mutation<unknown, { slug: string; username: string; admin: boolean }>({
      query: (a) => ({ url: `/clubs/${part(a.slug)}/admins/${part(a.username)}`, method: a.admin ? 'PUT' : 'DELETE' }),
    }),
  }),
});

export const {
  useRankingQuery,
  useRankingPlacesQuery,
  useSetClubPlacesMutation,
  useDeleteClubMutation,
  useClubQuery, useMyClubsQuery, useCreateClubMutation, useRenewInviteMutation, useJoinClubMutation, useRemoveMemberMutation, useSetAdminMutation } = clubsApi;
