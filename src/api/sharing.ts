import type { PublicFlight, PublicPageState, PublicPilot, ShareBody, ShareLink, ShareState, TrackDownloadState } from '../../contract/sharing';
import type { FlightFeature } from '../../contract/uploads';
import { api } from './base';
import { PATH_CACHE_SECONDS } from './flights';

const token = (value: string) => encodeURIComponent(value);

/**
 * docs/sharing-ui.md: a flight's share link, the opt-in pilot page, and what a visitor without a session sees.
 * The public calls (publicFlight, publicFeatures, publicPilot) never send a 401 to the login page (api/base.ts).
 */
export const sharingApi = api.injectEndpoints({
  endpoints: (build) => ({
    shareState: build.query<ShareState, number>({
      query: (id) => `/FlightDetail/${id}/share`,
      providesTags: (_r, _e, id) => [{ type: 'Share', id }],
    }),
    /** Creates the link, or changes what it includes (the same token). */
    share: build.mutation<ShareLink, { id: number; body: ShareBody }>({
      query: ({ id, body }) => ({ url: `/FlightDetail/${id}/share`, method: 'POST', body }),
      onQueryStarted: async ({ id }, { dispatch, queryFulfilled }) => {
        const answer = await queryFulfilled.catch(() => null); // the dialog shows the failure
        if (answer) dispatch(sharingApi.util.upsertQueryData('shareState', id, { share: answer.data }));
      },
      // Sharing a private flight makes it a link flight: its visibility control follows.
      invalidatesTags: (_r, _e, { id }) => ['PublicPilot', { type: 'Flight', id }],
    }),
    revokeShare: build.mutation<unknown, number>({
      query: (id) => ({ url: `/FlightDetail/${id}/share`, method: 'DELETE' }),
      onQueryStarted: async (id, { dispatch, queryFulfilled }) => {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(sharingApi.util.upsertQueryData('shareState', id, { share: null }));
      },
      // Revoking makes the flight private: its visibility control follows.
      invalidatesTags: (_r, _e, id) => ['PublicPilot', { type: 'Flight', id }],
    }),
    publicFlight: build.query<PublicFlight, string>({ query: (value) => `/public/flights/${token(value)}` }),
    publicFeatures: build.query<FlightFeature[], { token: string; lowRes: boolean }>({
      query: (arg) => ({ url: `/public/flights/${token(arg.token)}/features`, params: { lowRes: String(arg.lowRes) } }),
      keepUnusedDataFor: PATH_CACHE_SECONDS,
    }),
    /** Whether visitors may download this flight's track (docs/sharing.md): the flight's own choice, null for the pilot's default. */
    trackDownload: build.query<TrackDownloadState, number>({
      query: (id) => `/FlightDetail/${id}/track-download`,
      // The visibility change refreshes it (Share); the pilot's default is changed on another page, so it is asked again each time.
      providesTags: (_r, _e, id) => [{ type: 'Share', id }],
      keepUnusedDataFor: 0,
    }),
    setTrackDownload: build.mutation<TrackDownloadState, { id: number; allowed: boolean | null }>({
      query: ({ id, allowed }) => ({ url: `/FlightDetail/${id}/track-download`, method: 'PUT', body: { allowed } }),
      onQueryStarted: async ({ id }, { dispatch, queryFulfilled }) => {
        const answer = await queryFulfilled.catch(() => null); // the control shows the failure
        if (answer) dispatch(sharingApi.util.upsertQueryData('trackDownload', id, answer.data));
      },
    }),
    publicPage: build.query<PublicPageState, void>({ query: () => '/profile/public', providesTags: ['PublicPage'] }),
    updatePublicPage: build.mutation<PublicPageState, { enabled: boolean }>({
      query: (body) => ({ url: '/profile/public', method: 'PUT', body }),
      invalidatesTags: ['PublicPage', 'PublicPilot'],
    }),
    publicPilot: build.query<PublicPilot, string>({ query: (username) => `/public/pilots/${encodeURIComponent(username)}`, providesTags: ['PublicPilot'] }),
  }),
});

export const {
  useShareStateQuery,
  useShareMutation,
  useRevokeShareMutation,
  usePublicFlightQuery,
  usePublicFeaturesQuery,
  usePublicPageQuery,
  useUpdatePublicPageMutation,
  usePublicPilotQuery,
  useTrackDownloadQuery,
  useSetTrackDownloadMutation,
} = sharingApi;

/** Where a visitor downloads a public flight's track; the shared flight's answer gives these addresses when its pilot allows it. */
export const PUBLIC_TRACK_URLS = {
  gpx: (shareToken: string) => `/api/public/flights/${token(shareToken)}/track.gpx`,
  igc: (shareToken: string) => `/api/public/flights/${token(shareToken)}/track.igc`,
} as const;
