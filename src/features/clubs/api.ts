import type { Club, MyClubs } from '../../../contract/clubs';
import type { Ranking, RankingsQuery } from '../../../contract/rankings';
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
    club: build.query<Club, { slug: string; date?: string }>({ query: ({ slug, date }) => ({ url: `/clubs/${part(slug)}`, params: date ? { date } : {} }) }),
    myClubs: build.query<MyClubs, void>({ query: () => '/clubs' }),
    createClub: build.mutation<{ slug: string; name: string }, { name: string }>({ query: (body) => ({ url: '/clubs', method: 'POST', body }) }),
    renewInvite: build.mutation<{ url: string; token: string }, string>({ query: (slug) => ({ url: `/clubs/${part(slug)}/invite`, method: 'POST' }) }),
    joinClub: build.mutation<{ slug: string; name: string }, string>({ query: (token) => ({ url: '/clubs/join', method: 'POST', body: { token } }) }),
    removeMember: build.mutation<unknown, { slug: string; username: string }>({ query: (a) => ({ url: `/clubs/${part(a.slug)}/members/${part(a.username)}`, method: 'DELETE' }) }),
    setAdmin: build.mutation<unknown, { slug: string; username: string; admin: boolean }>({
      query: (a) => ({ url: `/clubs/${part(a.slug)}/admins/${part(a.username)}`, method: a.admin ? 'PUT' : 'DELETE' }),
    }),
  }),
});

export const { useRankingQuery, useClubQuery, useMyClubsQuery, useCreateClubMutation, useRenewInviteMutation, useJoinClubMutation, useRemoveMemberMutation, useSetAdminMutation } = clubsApi;
