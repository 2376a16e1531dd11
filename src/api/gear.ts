import type { DueCheck, GearCheck, GearCheckBody, GearCheckUpdateBody, GearItem, GearItemBody, GearList, GearRecordBody } from '../../contract/gear';
import { api } from './base';

/** Where a check's attached report is downloaded (a plain link: the browser sends the session cookie). */
export const gearReportUrl = (recordId: number) => `/api/gear/records/${recordId}/report`;

/** docs/career.md "Gear": items, checks on items and wings, checks done with their reports, what is due. */
export const gearApi = api.injectEndpoints({
  endpoints: (build) => ({
    gear: build.query<GearList, void>({ query: () => '/gear', providesTags: ['Gear'] }),
    dueGear: build.query<DueCheck[], void>({ query: () => '/gear/due', providesTags: ['Gear'] }),
    createGearItem: build.mutation<GearItem, GearItemBody>({ query: (body) => ({ url: '/gear', method: 'POST', body }), invalidatesTags: ['Gear'] }),
    updateGearItem: build.mutation<GearItem, { id: number; body: GearItemBody }>({ query: ({ id, body }) => ({ url: `/gear/${id}`, method: 'PUT', body }), invalidatesTags: ['Gear'] }),
    deleteGearItem: build.mutation<unknown, number>({ query: (id) => ({ url: `/gear/${id}`, method: 'DELETE' }), invalidatesTags: ['Gear'] }),
    createGearCheck: build.mutation<GearCheck, GearCheckBody>({ query: (body) => ({ url: '/gear/checks', method: 'POST', body }), invalidatesTags: ['Gear'] }),
    updateGearCheck: build.mutation<GearCheck, { id: number; body: GearCheckUpdateBody }>({ query: ({ id, body }) => ({ url: `/gear/checks/${id}`, method: 'PUT', body }), invalidatesTags: ['Gear'] }),
    deleteGearCheck: build.mutation<unknown, number>({ query: (id) => ({ url: `/gear/checks/${id}`, method: 'DELETE' }), invalidatesTags: ['Gear'] }),
    addGearRecord: build.mutation<GearCheck, { checkId: number; body: GearRecordBody }>({
      query: ({ checkId, body }) => ({ url: `/gear/checks/${checkId}/records`, method: 'POST', body }),
      invalidatesTags: ['Gear'],
    }),
    deleteGearRecord: build.mutation<GearCheck, number>({ query: (id) => ({ url: `/gear/records/${id}`, method: 'DELETE' }), invalidatesTags: ['Gear'] }),
    attachGearReport: build.mutation<GearCheck, { recordId: number; file: File }>({
      query: ({ recordId, file }) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return { url: `/gear/records/${recordId}/report`, method: 'PUT', body };
      },
      invalidatesTags: ['Gear'],
    }),
    // The report itself is fetched by the browser through a link (gearReportUrl), listed here for the route table.
    gearReport: build.query<Blob, number>({ query: (id) => ({ url: `/gear/records/${id}/report`, responseHandler: (r) => r.blob() }) }),
  }),
});

export const {
  useGearQuery,
  useDueGearQuery,
  useCreateGearItemMutation,
  useUpdateGearItemMutation,
  useDeleteGearItemMutation,
  useCreateGearCheckMutation,
  useUpdateGearCheckMutation,
  useDeleteGearCheckMutation,
  useAddGearRecordMutation,
  useDeleteGearRecordMutation,
  useAttachGearReportMutation,
} = gearApi;
