import type { NewSite, Site } from '../../contract/sites';
import { api } from './base';

/** A site's name shows in flight lists, details and statistics: a rename or merge refreshes them all. */
const SITE_VIEWS = ['Sites', 'Flight', 'Statistics'] as const;

export const sitesApi = api.injectEndpoints({
  endpoints: (build) => ({
    sites: build.query<Site[], void>({ query: () => '/sites', providesTags: ['Sites'] }),
    createSite: build.mutation<Site, NewSite>({
      query: (body) => ({ url: '/sites', method: 'POST', body }),
      invalidatesTags: ['Sites'],
    }),
    renameSite: build.mutation<Site, { id: number; name: string }>({
      query: ({ id, name }) => ({ url: `/sites/${id}`, method: 'PUT', body: { name } }),
      invalidatesTags: [...SITE_VIEWS],
    }),
    mergeSite: build.mutation<unknown, { id: number; intoSiteId: number }>({
      query: ({ id, intoSiteId }) => ({ url: `/sites/${id}/merge`, method: 'POST', body: { intoSiteId } }),
      invalidatesTags: [...SITE_VIEWS],
    }),
  }),
});

export const { useSitesQuery, useCreateSiteMutation, useRenameSiteMutation, useMergeSiteMutation } = sitesApi;
