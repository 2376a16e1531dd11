import type { ActivationBody, AirspaceFileAdded, AirspaceFiles, AirspaceScope, AirspaceShapes, ClearanceBody, FlightAirspace } from '../../contract/airspace';
import { api } from './base';

/** The flight lists' tag: the counts they show change when a re-check ends. */
export const LIST = { type: 'Flight' as const, id: 'LIST' };

/** Airspace files, each flight's check and its clearances (docs/airspace.md). */
export const airspaceApi = api.injectEndpoints({
  endpoints: (build) => ({
    airspaceFiles: build.query<AirspaceFiles, void>({ query: () => '/airspace/files', providesTags: ['Airspace'] }),
    addAirspaceFile: build.mutation<AirspaceFileAdded, { file: File; name: string; validFrom: string; validTo: string; scope: AirspaceScope }>({
      query: ({ file, ...fields }) => {
        const body = new FormData();
        for (const [k, v] of Object.entries(fields)) body.append(k, v);
        body.append('file', file);
        return { url: '/airspace/files', method: 'POST', body };
      },
      invalidatesTags: ['Airspace', LIST],
    }),
    replaceAirspaceFile: build.mutation<AirspaceFileAdded, { id: number; file: File | null; name: string; validFrom: string; validTo: string }>({
      query: ({ id, file, ...fields }) => {
        const body = new FormData();
        for (const [k, v] of Object.entries(fields)) body.append(k, v);
        if (file) body.append('file', file);
        return { url: `/airspace/files/${id}`, method: 'PUT', body };
      },
      invalidatesTags: ['Airspace', LIST],
    }),
    deleteAirspaceFile: build.mutation<void, number>({ query: (id) => ({ url: `/airspace/files/${id}`, method: 'DELETE' }), invalidatesTags: ['Airspace', LIST] }),
    flightAirspace: build.query<FlightAirspace, number>({ query: (id) => `/FlightDetail/${id}/airspace`, providesTags: ['Airspace'] }),
    setClearance: build.mutation<FlightAirspace, { flightId: number; index: number } & ClearanceBody>({
      query: ({ flightId, index, ...body }) => ({ url: `/FlightDetail/${flightId}/airspace/${index}`, method: 'PUT', body }),
      invalidatesTags: ['Airspace', LIST],
    }),
    setNotActive: build.mutation<FlightAirspace, { flightId: number; index: number } & ActivationBody>({
      query: ({ flightId, index, ...body }) => ({ url: `/FlightDetail/${flightId}/airspace/${index}/activation`, method: 'PUT', body }),
      invalidatesTags: ['Airspace', LIST],
    }),
    airspaceShapes: build.query<AirspaceShapes, { bbox: string; date: string }>({ query: (params) => ({ url: '/airspace', params }), providesTags: ['Airspace'] }),
  }),
});

export const { useAirspaceFilesQuery, useAddAirspaceFileMutation, useReplaceAirspaceFileMutation, useDeleteAirspaceFileMutation, useFlightAirspaceQuery, useSetClearanceMutation, useSetNotActiveMutation, useAirspaceShapesQuery } = airspaceApi;
