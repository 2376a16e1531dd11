import type { Comment, CommunityProfile, Feed, FollowState, Likes, ModerationReports, NewComments, ReportAction, Visibility } from '../../contract/community';
import { api } from './base';
import { FLIGHT_VIEWS } from './flights';

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
    /** The profile's community settings: visibility of new flights, the daily digest of new comments. */
    communityProfile: build.query<CommunityProfile, void>({ query: () => '/profile/community' }),
    setCommunityProfile: build.mutation<CommunityProfile, Partial<CommunityProfile>>({
      query: (body) => ({ url: '/profile/community', method: 'PUT', body }),
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(communityApi.util.upsertQueryData('communityProfile', undefined, answer.data));
      },
    }),
    /** How many flights (all, or of one year) a change to this visibility would change; asked before confirming. */
    visibilityChangeCount: build.query<{ changed: number }, { visibility: Visibility; year?: number }>({
      query: ({ visibility, year }) => ({ url: '/FlightDetail/visibility', params: year === undefined ? { visibility } : { visibility, year } }),
      keepUnusedDataFor: 0,
    }),
    /** Every flight (or one year's) gets this visibility: lists, share links and the pilot page follow. */
    setVisibilityOfMany: build.mutation<{ changed: number }, { visibility: Visibility; year?: number }>({
      query: (body) => ({ url: '/FlightDetail/visibility', method: 'PUT', body }),
      invalidatesTags: ['Flight', ...FLIGHT_VIEWS, 'Share', 'PublicPilot'],
    }),
    /** The navigation badge: comments by others on your flights since you last looked. */
    newComments: build.query<NewComments, void>({ query: () => '/profile/community/new-comments' }),
    markCommentsSeen: build.mutation<NewComments, void>({
      query: () => ({ url: '/profile/community/new-comments/seen', method: 'POST', body: {} }),
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(communityApi.util.upsertQueryData('newComments', undefined, answer.data));
      },
    }),
    reportComment: build.mutation<unknown, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `/comments/${encodeURIComponent(id)}/report`, method: 'POST', body: { reason } }),
    }),
    /** Blocks a pilot by username (their page is public) or a comment's author (whose page may not be). */
    blockPilot: build.mutation<{ blocked: boolean }, { username: string; blocked: boolean } | { commentId: string }>({
      query: (arg) =>
        'commentId' in arg
          ? { url: `/comments/${encodeURIComponent(arg.commentId)}/block-author`, method: 'PUT' }
          : { url: `/pilots/${encodeURIComponent(arg.username)}/block`, method: arg.blocked ? 'PUT' : 'DELETE' },
      onQueryStarted: async (arg, { dispatch, queryFulfilled }) => {
        if (!(await queryFulfilled.catch(() => null)) || 'commentId' in arg) return;
        // A block ends their follow of you; your follow of them is read again.
        dispatch(communityApi.util.invalidateTags(['PublicPilot']));
        void dispatch(communityApi.endpoints.followState.initiate(arg.username, { forceRefetch: true, subscribe: false }));
      },
    }),
    /** The admin's moderation queue (debug area). */
    moderationReports: build.query<ModerationReports, void>({ query: () => '/debug/reports' }),
    moderate: build.mutation<ModerationReports, { id: number; action: ReportAction }>({
      query: ({ id, action }) => ({ url: `/debug/reports/${id}/${action}`, method: 'POST', body: {} }),
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(communityApi.util.upsertQueryData('moderationReports', undefined, answer.data));
      },
    }),
  }),
});

export const {
  useCommunityProfileQuery,
  useSetCommunityProfileMutation,
  useLazyVisibilityChangeCountQuery,
  useSetVisibilityOfManyMutation,
  useNewCommentsQuery,
  useMarkCommentsSeenMutation,
  useReportCommentMutation,
  useBlockPilotMutation,
  useModerationReportsQuery,
  useModerateMutation,
} = communityApi;
export const { useFlightCommentsQuery, useAddCommentMutation, useDeleteCommentMutation, useFlightLikesQuery, useSetLikeMutation, useFollowStateQuery, useSetFollowMutation, useFeedQuery } = communityApi;
