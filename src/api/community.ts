import type { Comment, Feed, FollowState, Likes } from '../../contract/community';
import { api } from './base';

const token = (value: string) => encodeURIComponent(value);

/**
 * Flying together (docs/community.md): comments and likes on a public flight. The reads need no
 * session; writing does. The page refetches after each change (no shared tags needed).
 */
export const communityApi = api.injectEndpoints({
  endpoints: (build) => ({
    flightComments: build.query<{ comments: Comment[] }, string>({ query: (value) => `/public/flights/${token(value)}/comments` }),
    addComment: build.mutation<Comment, { token: string; body: string }>({
      query: (arg) => ({ url: `/public/flights/${token(arg.token)}/comments`, method: 'POST', body: { body: arg.body } }),
    }),
    deleteComment: build.mutation<unknown, string>({ query: (id) => ({ url: `/comments/${encodeURIComponent(id)}`, method: 'DELETE' }) }),
    flightLikes: build.query<Likes, string>({ query: (value) => `/public/flights/${token(value)}/likes` }),
    setLike: build.mutation<Likes, { token: string; liked: boolean }>({
      query: (arg) => ({ url: `/public/flights/${token(arg.token)}/like`, method: arg.liked ? 'PUT' : 'DELETE' }),
    }),
    feed: build.query<Feed, { before?: string }>({ query: ({ before }) => ({ url: '/feed', params: before ? { before } : {} }) }),
    followState: build.query<FollowState, string>({ query: (username) => `/pilots/${encodeURIComponent(username)}/follow` }),
    /** Follows or unfollows; the pilot page's counts follow (PublicPilot). */
    setFollow: build.mutation<FollowState, { username: string; follow: boolean }>({
      query: (arg) => ({ url: `/pilots/${encodeURIComponent(arg.username)}/follow`, method: arg.follow ? 'PUT' : 'DELETE' }),
      onQueryStarted: async ({ username }, { dispatch, queryFulfilled }) => {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(communityApi.util.upsertQueryData('followState', username, answer.data));
      },
      invalidatesTags: ['PublicPilot'],
    }),
  }),
});

export const { useFlightCommentsQuery, useAddCommentMutation, useDeleteCommentMutation, useFlightLikesQuery, useSetLikeMutation, useFollowStateQuery, useSetFollowMutation, useFeedQuery } = communityApi;
