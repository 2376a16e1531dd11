import type { Comment, CommunityProfile, Feed, FollowState, Likes, ModerationReports, NewComments, ReportAction, Visibility } from '../../contract/community';
import { api } from './base';
import { FLIGHT_VIEWS } from './flights';

const token = (value: string) => encodeURIComponent(value);

/** A flight's comments, by share token; a change by comment id invalidates every flight's (the id does not say which). */
const comments = (value: string) => ({ type: 'Comments' as const, id: value });

/**
 * Flying together (docs/community.md): comments and likes on a public flight, follows and the feed.
 * The reads need no session; writing does. Each change invalidates what shows it (tags `Comments`,
 * `Likes`, `Follows`, `Feed`, `PublicPilot`) or writes the server's answer into the cache, so no page
 * asks again by hand.
 */
export const communityApi = api.injectEndpoints({
  endpoints: (build) => ({
    flightComments: build.query<{ comments: Comment[]; blockedByPilot: boolean }, string>({ query: (value) => `/public/flights/${token(value)}/comments`, providesTags: (_r, _e, value) => [comments(value)] }),
    /** Comment counts show on the feed and the badge of the flight's pilot, which is someone else. */
    addComment: build.mutation<Comment, { token: string; body: string }>({
      query: (arg) => ({ url: `/public/flights/${token(arg.token)}/comments`, method: 'POST', body: { body: arg.body } }),
      invalidatesTags: (_r, error, arg) => (error ? [] : [comments(arg.token), 'Feed']),
    }),
    /** The author changes their comment's text (docs/community.md); the app offers no editing yet. */
    editComment: build.mutation<Comment, { id: string; body: string }>({
      query: ({ id, body }) => ({ url: `/comments/${encodeURIComponent(id)}`, method: 'PUT', body: { body } }),
      invalidatesTags: (_r, error) => (error ? [] : ['Comments']),
    }),
    deleteComment: build.mutation<unknown, string>({
      query: (id) => ({ url: `/comments/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : ['Comments', 'Feed', 'NewComments']),
    }),
    flightLikes: build.query<Likes, string>({ query: (value) => `/public/flights/${token(value)}/likes`, providesTags: (_r, _e, value) => [{ type: 'Likes', id: value }] }),
    /** The answer is the flight's new likes: written into the cache; the feed shows like counts. */
    setLike: build.mutation<Likes, { token: string; liked: boolean }>({
      query: (arg) => ({ url: `/public/flights/${token(arg.token)}/like`, method: arg.liked ? 'PUT' : 'DELETE' }),
      onQueryStarted: async (arg, { dispatch, queryFulfilled }) => {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(communityApi.util.upsertQueryData('flightLikes', arg.token, answer.data));
      },
      invalidatesTags: (_r, error) => (error ? [] : ['Feed']),
    }),
    feed: build.query<Feed, { before?: string }>({ query: ({ before }) => ({ url: '/feed', params: before ? { before } : {} }), providesTags: ['Feed'] }),
    followState: build.query<FollowState, string>({ query: (username) => `/pilots/${encodeURIComponent(username)}/follow`, providesTags: (_r, _e, username) => [{ type: 'Follows', id: username }] }),
    /** Follows or unfollows; the pilot page's counts (PublicPilot) and the feed follow. */
    setFollow: build.mutation<FollowState, { username: string; follow: boolean }>({
      query: (arg) => ({ url: `/pilots/${encodeURIComponent(arg.username)}/follow`, method: arg.follow ? 'PUT' : 'DELETE' }),
      onQueryStarted: async ({ username }, { dispatch, queryFulfilled }) => {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(communityApi.util.upsertQueryData('followState', username, answer.data));
      },
      // The search results and the followers list show whom you follow.
      invalidatesTags: (_r, error) => (error ? [] : ['PublicPilot', 'Feed', 'Follows']),
    }),
    /** The pilot removes one of their followers (docs/community.md), from the followers list; blocking also ends a follow. */
    removeFollower: build.mutation<void, string>({
      query: (username) => ({ url: `/followers/${encodeURIComponent(username)}`, method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : ['PublicPilot', 'Follows']),
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
    newComments: build.query<NewComments, void>({ query: () => '/profile/community/new-comments', providesTags: ['NewComments'] }),
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
      // A block ends follows both ways and hides (an unblock shows again) their comments and likes on your
      // flights (docs/community.md): everything that shows follows, comments, likes or their counts is read again.
      invalidatesTags: (_r, error) => (error ? [] : ['PublicPilot', 'Follows', 'Feed', 'Comments', 'Likes', 'NewComments']),
    }),
    /** The admin's moderation queue (its own page, /moderation; the server's routes stay under /api/debug). */
    moderationReports: build.query<ModerationReports, void>({ query: () => '/debug/reports' }),
    /** Hiding, restoring or deleting a comment changes the flight's comments. */
    moderate: build.mutation<ModerationReports, { id: number; action: ReportAction }>({
      query: ({ id, action }) => ({ url: `/debug/reports/${id}/${action}`, method: 'POST', body: {} }),
      invalidatesTags: (_r, error) => (error ? [] : ['Comments', 'Feed']),
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
export const { useFlightCommentsQuery, useAddCommentMutation, useEditCommentMutation, useDeleteCommentMutation, useRemoveFollowerMutation, useFlightLikesQuery, useSetLikeMutation, useFollowStateQuery, useSetFollowMutation, useFeedQuery } = communityApi;
