import type { Glider, GliderBody, GliderFlightsChanged, GliderMatches, SetGliderFlightsBody } from '../../contract/gliders';
import type { GliderStatistics } from '../../contract/statistics';
import { api } from './base';

/** A wing's name and totals show in flight lists, details and statistics: an edit refreshes them all. */
const GLIDER_VIEWS = ['Gliders', 'Flight', 'Statistics'] as const;

export const glidersApi = api.injectEndpoints({
  endpoints: (build) => ({
    gliders: build.query<Glider[], void>({ query: () => '/gliders', providesTags: ['Gliders'] }),
    createGlider: build.mutation<Glider, GliderBody>({
      query: (body) => ({ url: '/gliders', method: 'POST', body }),
      invalidatesTags: [...GLIDER_VIEWS],
    }),
    updateGlider: build.mutation<Glider, { id: number; body: GliderBody }>({
      query: ({ id, body }) => ({ url: `/gliders/${id}`, method: 'PUT', body }),
      invalidatesTags: [...GLIDER_VIEWS],
    }),
    deleteGlider: build.mutation<unknown, number>({
      query: (id) => ({ url: `/gliders/${id}`, method: 'DELETE' }),
      invalidatesTags: [...GLIDER_VIEWS],
    }),
    /** Flights the linking rule would move onto or off this wing: offered after a wing is added or its dates change. */
    gliderMatches: build.query<GliderMatches, number>({ query: (id) => `/gliders/${id}/matching-flights`, providesTags: ['Gliders', 'Flight'] }),
    linkMatchingFlights: build.mutation<GliderFlightsChanged, number>({
      query: (id) => ({ url: `/gliders/${id}/link-matching`, method: 'POST' }),
      invalidatesTags: [...GLIDER_VIEWS],
    }),
    /** The pilot's choice of wing for chosen flights or a period. */
    setGliderFlights: build.mutation<GliderFlightsChanged, { id: number; body: SetGliderFlightsBody }>({
      query: ({ id, body }) => ({ url: `/gliders/${id}/flights`, method: 'PUT', body }),
      invalidatesTags: [...GLIDER_VIEWS],
    }),
    gliderStatistics: build.query<GliderStatistics, void>({ query: () => '/statistics/gliders', providesTags: ['Statistics', 'Gliders'] }),
  }),
});

export const {
  useGlidersQuery,
  useCreateGliderMutation,
  useUpdateGliderMutation,
  useDeleteGliderMutation,
  useGliderStatisticsQuery,
  useGliderMatchesQuery,
  useLinkMatchingFlightsMutation,
  useSetGliderFlightsMutation,
} = glidersApi;
