import type { Club, MyClubs } from '../../contract/clubs';
import { api } from './base';

const part = (value: string) => encodeURIComponent(value);

/** The pilot's list of clubs. */
const MINE = { type: 'Clubs' as const, id: 'MINE' };
const club = (slug: string) => ({ type: 'Clubs' as const, id: slug });

/**
 * Clubs (docs/rankings-and-clubs.md). The club page is a public read; the rest needs the session.
 * Each change invalidates what shows it: the club's page (`Clubs` by slug), the pilot's list of clubs
 * (`Clubs` MINE), and the rankings where membership decides the club league.
 */
export const clubsApi = api.injectEndpoints({
  endpoints: (build) => ({
    club: build.query<Club, { slug: string; date?: string }>({
      query: ({ slug, date }) => ({ url: `/clubs/${part(slug)}`, params: date ? { date } : {} }),
      providesTags: (_r, _e, { slug }) => [club(slug)],
    }),
    myClubs: build.query<MyClubs, void>({ query: () => '/clubs', providesTags: [MINE] }),
    createClub: build.mutation<{ slug: string; name: string }, { name: string }>({ query: (body) => ({ url: '/clubs', method: 'POST', body }), invalidatesTags: [MINE] }),
    setClubPlaces: build.mutation<unknown, { slug: string; places: string[] }>({
      query: (a) => ({ url: `/clubs/${part(a.slug)}/places`, method: 'PUT', body: { places: a.places } }),
      invalidatesTags: (_r, error, { slug }) => (error ? [] : [club(slug)]),
    }),
    deleteClub: build.mutation<unknown, string>({
      query: (slug) => ({ url: `/clubs/${part(slug)}`, method: 'DELETE' }),
      // The list of the pilot's clubs, where the app goes next, no longer shows it: written at once,
      // so it never shows the club for the moment a new answer takes.
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
      invalidatesTags: (_r, error) => (error ? [] : ['Rankings']),
    }),
    renewInvite: build.mutation<{ url: string; token: string }, string>({ query: (slug) => ({ url: `/clubs/${part(slug)}/invite`, method: 'POST' }) }),
    /** The club an invite link leads to, named on the invite page before joining. */
    invitedClub: build.query<{ slug: string; name: string }, string>({ query: (token) => `/clubs/join/${part(token)}` }),
    joinClub: build.mutation<{ slug: string; name: string }, string>({
      query: (token) => ({ url: '/clubs/join', method: 'POST', body: { token } }),
      invalidatesTags: (answer) => (answer ? [MINE, club(answer.slug), 'Rankings'] : []),
    }),
    /** Removes a member, or the pilot leaves (their own username). */
    removeMember: build.mutation<unknown, { slug: string; username: string }>({
      query: (a) => ({ url: `/clubs/${part(a.slug)}/members/${part(a.username)}`, method: 'DELETE' }),
      invalidatesTags: (_r, error, { slug }) => (error ? [] : [club(slug), MINE, 'Rankings']),
    }),
    setAdmin: build.mutation<unknown, { slug: string; username: string; admin: boolean }>({
      query: (a) => ({ url: `/clubs/${part(a.slug)}/admins/${part(a.username)}`, method: a.admin ? 'PUT' : 'DELETE' }),
      invalidatesTags: (_r, error, { slug }) => (error ? [] : [club(slug), MINE]),
    }),
  }),
});

export const { useClubQuery, useMyClubsQuery, useCreateClubMutation, useSetClubPlacesMutation, useDeleteClubMutation, useRenewInviteMutation, useInvitedClubQuery, useJoinClubMutation, useRemoveMemberMutation, useSetAdminMutation } =
  clubsApi;
