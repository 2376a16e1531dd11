import type { Photo, PhotoPatchBody, PhotoUploadAnswer } from '../../contract/sharing';
import { api } from './base';
import { postFiles } from './files';

/** The photos of one flight; every change refreshes that flight's strip and markers. */
export const photosUrl = (flightId: number) => `/api/FlightDetail/${flightId}/photos`;

export const photosApi = api.injectEndpoints({
  endpoints: (build) => ({
    flightPhotos: build.query<Photo[], number>({
      query: (flightId) => `/FlightDetail/${flightId}/photos`,
      providesTags: (_r, _e, flightId) => [{ type: 'Photos', id: flightId }],
    }),
    uploadPhotos: build.mutation<PhotoUploadAnswer, { flightId: number; files: File[]; onProgress?: (percent: number) => void }>({
      queryFn: ({ flightId, files, onProgress }) => postFiles<PhotoUploadAnswer>({ url: photosUrl(flightId), field: 'files', files, endpoint: 'uploadPhotos', onProgress }),
      invalidatesTags: (_r, _e, { flightId }) => [{ type: 'Photos', id: flightId }],
    }),
    /** Hides (or shows again) a photo's position on share links; the pilot's own map keeps it (docs/photos.md). */
    patchPhoto: build.mutation<Photo, { id: number; flightId: number; body: PhotoPatchBody }>({
      query: ({ id, body }) => ({ url: `/photos/${id}`, method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { flightId }) => [{ type: 'Photos', id: flightId }],
    }),
    deletePhoto: build.mutation<unknown, { id: number; flightId: number }>({
      query: ({ id }) => ({ url: `/photos/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { flightId }) => [{ type: 'Photos', id: flightId }],
    }),
  }),
});

export const { useFlightPhotosQuery, useUploadPhotosMutation, usePatchPhotoMutation, useDeletePhotoMutation } = photosApi;
