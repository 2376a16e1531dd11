import type { Followers, FollowSettings, PilotSearch } from '../../contract/follows';
import { api } from './base';

/**
 * Finding and following pilots (docs/community.md): the search by name, the profile's two settings and
 * the followers list. Lists carry each pilot's follow state: they provide `Follows`, which every follow,
 * unfollow and block invalidates (api/community.ts).
 */
export const followsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Pilots who let others find them by name (a public read: no session needed). */
    searchPilots: build.query<PilotSearch, string>({ query: (q) => ({ url: '/public/pilots', params: { q } }), providesTags: ['Follows'] }),
    followers: build.query<Followers, void>({ query: () => '/profile/followers', providesTags: ['Follows'] }),
    followSettings: build.query<FollowSettings, void>({ query: () => '/profile/follow-settings' }),
    setFollowSettings: build.mutation<FollowSettings, Partial<FollowSettings>>({
      query: (body) => ({ url: '/profile/follow-settings', method: 'PUT', body }),
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(followsApi.util.upsertQueryData('followSettings', undefined, answer.data));
      },
      // Whether others may follow you shows in your follow state on your own page.
      invalidatesTags: (_r, error) => (error ? [] : ['Follows']),
    }),
  }),
});

export const { useSearchPilotsQuery, useFollowersQuery, useFollowSettingsQuery, useSetFollowSettingsMutation } = followsApi;
