import type { FlightDetail } from '../../contract/flights';
import type { FlightPhases } from '../../contract/phases';
import { api } from './base';

/** What a correction changes on screen: the flight, every list and figure built from flights. */
const CORRECTED = [{ type: 'Flight' as const, id: 'LIST' }, 'Months', 'Statistics', 'Achievements'] as const;

/** A flight's thermals and glides, and the pilot's corrections of takeoff, landing, split and merge. */
export const phasesApi = api.injectEndpoints({
  endpoints: (build) => ({
    phases: build.query<FlightPhases, number>({
      query: (id) => `/FlightDetail/${id}/phases`,
      providesTags: (_r, _e, id) => [{ type: 'Flight', id }],
    }),
    setFlightWindow: build.mutation<FlightDetail, { id: number; takeoffTime: string; landingTime: string }>({
      query: ({ id, ...body }) => ({ url: `/FlightDetail/${id}/window`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Flight', id }, ...CORRECTED],
    }),
    splitFlight: build.mutation<FlightDetail[], { id: number; at: string }>({
      query: ({ id, at }) => ({ url: `/FlightDetail/${id}/split`, method: 'POST', body: { at } }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Flight', id }, ...CORRECTED],
    }),
    mergeFlight: build.mutation<FlightDetail, { id: number; withFlightId: number }>({
      query: ({ id, withFlightId }) => ({ url: `/FlightDetail/${id}/merge`, method: 'POST', body: { withFlightId } }),
      invalidatesTags: (_r, _e, { id, withFlightId }) => [{ type: 'Flight', id }, { type: 'Flight', id: withFlightId }, ...CORRECTED],
    }),
  }),
});

export const { usePhasesQuery, useSetFlightWindowMutation, useSplitFlightMutation, useMergeFlightMutation } = phasesApi;
