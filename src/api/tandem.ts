import type { PassengerBody, PassengerPage, PassengerState, TandemStatistics } from '../../contract/tandem';
import type { FlightFeature } from '../../contract/uploads';
import { api } from './base';
import { PATH_CACHE_SECONDS } from './flights';

const token = (value: string) => encodeURIComponent(value);

/**
 * docs/career.md "Tandem": a flight's passenger, the page the pilot shares with them, tandem counts. The
 * public calls (passengerPage, passengerFeatures) never send a 401 to the login page (api/base.ts).
 */
export const tandemApi = api.injectEndpoints({
  endpoints: (build) => ({
    passenger: build.query<PassengerState, number>({ query: (id) => `/FlightDetail/${id}/passenger`, providesTags: (_r, _e, id) => [{ type: 'Passenger', id }] }),
    savePassenger: build.mutation<PassengerState, { id: number; body: PassengerBody }>({
      query: ({ id, body }) => ({ url: `/FlightDetail/${id}/passenger`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Passenger', id }, 'Tandem'],
    }),
    deletePassenger: build.mutation<unknown, number>({
      query: (id) => ({ url: `/FlightDetail/${id}/passenger`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Passenger', id }, 'Tandem'],
    }),
    /** A new page link; a private flight becomes a link flight, so its visibility control follows. */
    createPassengerLink: build.mutation<PassengerState, number>({
      query: (id) => ({ url: `/FlightDetail/${id}/passenger/link`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Passenger', id }, { type: 'Flight', id }],
    }),
    revokePassengerLink: build.mutation<PassengerState, number>({
      query: (id) => ({ url: `/FlightDetail/${id}/passenger/link`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Passenger', id }],
    }),
    tandemStatistics: build.query<TandemStatistics, void>({ query: () => '/tandem/statistics', providesTags: ['Tandem', 'Statistics'] }),
    passengerPage: build.query<PassengerPage, string>({ query: (value) => `/public/passengers/${token(value)}` }),
    passengerFeatures: build.query<FlightFeature[], string>({
      query: (value) => ({ url: `/public/passengers/${token(value)}/features`, params: { lowRes: 'false' } }),
      keepUnusedDataFor: PATH_CACHE_SECONDS,
    }),
  }),
});

export const {
  usePassengerQuery,
  useSavePassengerMutation,
  useDeletePassengerMutation,
  useCreatePassengerLinkMutation,
  useRevokePassengerLinkMutation,
  useTandemStatisticsQuery,
  usePassengerPageQuery,
  usePassengerFeaturesQuery,
} = tandemApi;
