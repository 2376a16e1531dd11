import type { AircraftCategory, FlightCategory } from '../../contract/aircraft';
import type { FlightDetail, FlightPatchBody, FlightSummary, ManualFlightBody, MonthSummary } from '../../contract/flights';
import type { FlightFeature, TrackPoint, UploadResponse, UploadTask } from '../../contract/uploads';
import { api } from './base';
import { downloadFile, uploadFiles } from './files';

/** Path data is kept 30 minutes per flight and resolution (docs/product.md §9). */
export const PATH_CACHE_SECONDS = 30 * 60;

const LIST = { type: 'Flight' as const, id: 'LIST' };
/**
 * What a removal, restore, reason change or upload changes on screen: the pilot's own views, and the
 * public ones a flight appears in once it is public (places, rankings, the feed, clubs' pages).
 */
export const FLIGHT_VIEWS = [LIST, 'Months', 'MarkedCount', 'Statistics', 'UploadTasks', 'Achievements', 'Notifications', 'Places', 'Rankings', 'Feed', 'Clubs'] as const;

/**
 * A list is tagged LIST only: every change that invalidates one flight invalidates LIST too, and a
 * tag per flight cost ~50 ms of store updates for 10,000 flights (docs/scale.md).
 */
const listTags = [LIST];
/**
 * The list frozen before it enters the store: the store freezes what it keeps anyway, and finding
 * the rows already frozen spares it a walk over every row and field (~40 ms for 10,000 flights).
 */
function frozenList(flights: FlightSummary[]): FlightSummary[] {
  for (const flight of flights) Object.freeze(flight);
  return Object.freeze(flights) as FlightSummary[];
}
const flag = (value: boolean | undefined) => (value ? 'true' : undefined);
/** A patch of the note only: the server changes nothing but the flight (docs/logbook.md). */
const onlyNotes = (body: FlightPatchBody) => body.notes !== undefined && body.gliderId === undefined && body.siteId === undefined && body.landingSiteId === undefined;

export const flightsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `q` searches notes, site and glider names across all years. */
    flights: build.query<FlightSummary[], { markedOnly?: boolean; q?: string } | void>({
      query: (arg) => ({ url: '/FlightDetail', params: { markedOnly: flag(arg?.markedOnly), q: arg?.q || undefined } }),
      transformResponse: frozenList,
      providesTags: listTags,
    }),
    flightsByMonth: build.query<FlightSummary[], { year: number; month: number; markedOnly?: boolean; q?: string }>({
      query: ({ year, month, markedOnly, q }) => ({ url: '/FlightDetail/byMonth', params: { year, month, markedOnly: flag(markedOnly), q: q || undefined } }),
      transformResponse: frozenList,
      providesTags: listTags,
    }),
    flightsByYear: build.query<FlightSummary[], { year: number; markedOnly?: boolean }>({
      query: ({ year, markedOnly }) => ({ url: '/FlightDetail/byYear', params: { year, markedOnly: String(!!markedOnly) } }),
      transformResponse: frozenList,
      providesTags: listTags,
    }),
    months: build.query<MonthSummary[], void>({ query: () => '/FlightDetail/months', providesTags: ['Months'] }),
    flight: build.query<FlightSummary, { id: number; includeDeleted?: boolean }>({
      query: ({ id, includeDeleted }) => ({ url: `/FlightDetail/${id}`, params: { includeDeleted: flag(includeDeleted) } }),
      providesTags: (_r, _e, { id }) => [{ type: 'Flight', id }],
    }),
    flightStatus: build.query<{ status: string }, number>({
      query: (id) => `/FlightDetail/${id}/status`,
      providesTags: (_r, _e, id) => [{ type: 'Flight', id }],
    }),
    features: build.query<FlightFeature[], { id: number; lowRes: boolean }>({
      query: ({ id, lowRes }) => ({ url: `/FlightDetail/${id}/features`, params: { lowRes: String(lowRes) } }),
      keepUnusedDataFor: PATH_CACHE_SECONDS,
    }),
    path: build.query<{ path: TrackPoint[] }, number>({
      query: (id) => ({ url: `/FlightDetail/${id}/path`, params: { includeDeleted: 'true' } }),
      keepUnusedDataFor: PATH_CACHE_SECONDS,
    }),
    detailed: build.query<FlightDetail, number>({
      query: (id) => `/FlightDetail/${id}/detailed`,
      providesTags: (_r, _e, id) => [{ type: 'Flight', id }],
    }),
    /** The neighbour's id, or null: errors mean no neighbour (docs/product.md §7). */
    adjacent: build.query<number | null, { id: number; direction: 'prev' | 'next' }>({
      queryFn: async ({ id, direction }, _api, _extra, baseQuery) => {
        const result = await baseQuery({ url: `/FlightDetail/${id}/adjacent`, params: { direction } });
        const data = result.data as { id?: number } | null | undefined;
        return { data: typeof data?.id === 'number' ? data.id : null };
      },
      providesTags: [LIST],
    }),
    /** Downloads the original file under the server's name, else flight.igc. */
    downloadIgc: build.mutation<string, number>({
      queryFn: (id, _api, _extra, baseQuery) => downloadFile(baseQuery, `/FlightDetail/${id}/igc`, 'flight.igc'),
    }),
    setRemovalReason: build.mutation<FlightSummary, { id: number; removalReason: number }>({
      query: ({ id, removalReason }) => ({ url: `/FlightDetail/${id}/removalreason`, method: 'PUT', body: { removalReason } }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Flight', id }, ...FLIGHT_VIEWS],
    }),
    setRemovalDate: build.mutation<FlightSummary, { id: number; removalDate: string }>({
      query: ({ id, removalDate }) => ({ url: `/FlightDetail/${id}/removaldate`, method: 'PUT', body: { removalDate } }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Flight', id }, ...FLIGHT_VIEWS],
    }),
    restoreFlight: build.mutation<FlightSummary, number>({
      query: (id) => ({ url: `/FlightDetail/${id}/restore`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Flight', id }, ...FLIGHT_VIEWS],
    }),
    /** The flight's aircraft category and what decided it (docs/aircraft-category.md). */
    flightCategory: build.query<FlightCategory, number>({
      query: (id) => `/FlightDetail/${id}/category`,
      providesTags: (_r, _e, id) => [{ type: 'Flight', id }],
    }),
    /** The pilot's choice for one flight (null: follow the wing and the IGC): its rankings, place and thermals follow. */
    setFlightCategory: build.mutation<FlightCategory, { id: number; category: AircraftCategory | null }>({
      query: ({ id, category }) => ({ url: `/FlightDetail/${id}/category`, method: 'PUT', body: { category } }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Flight', id }, ...FLIGHT_VIEWS],
    }),
    markedCount: build.query<{ count: number }, void>({ query: () => '/FlightDetail/marked/count', providesTags: ['MarkedCount'] }),
    deleteAllMarked: build.mutation<{ message: string }, void>({
      query: () => ({ url: '/FlightDetail/marked/delete-all', method: 'PUT' }),
      invalidatesTags: [...FLIGHT_VIEWS],
    }),
    /**
     * Notes, glider or sites of one flight; the names show in lists, statistics and the wing's hours.
     * A note alone (the autosave) changes nothing else: the saved flight's note is written into the
     * cached lists and the flight's own entries instead of fetching them again (docs/logbook.md).
     * A visibility makes or drops the share link: the share dialog and the pilot page follow.
     */
    patchFlight: build.mutation<FlightSummary, { id: number; body: FlightPatchBody }>({
      query: ({ id, body }) => ({ url: `/FlightDetail/${id}`, method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { id, body }) =>
        onlyNotes(body)
          ? []
          : [{ type: 'Flight', id }, ...FLIGHT_VIEWS, 'Gliders' as const, 'Sites' as const, ...(body.visibility === undefined ? [] : [{ type: 'Share' as const, id }, 'PublicPilot' as const])],
      async onQueryStarted({ id, body }, { dispatch, getState, queryFulfilled }) {
        if (!onlyNotes(body)) return;
        let notes: string | null;
        try {
          notes = (await queryFulfilled).data.notes;
        } catch {
          return;
        }
        let searched = false;
        for (const { endpointName, originalArgs } of flightsApi.util.selectInvalidatedBy(getState(), [LIST, { type: 'Flight', id }])) {
          const setRow = (list: FlightSummary[]) => {
            const row = list.find((f) => f.id === id);
            if (row) row.notes = notes;
          };
          const setFlight = (flight: FlightSummary) => {
            flight.notes = notes;
          };
          if (endpointName === 'flights' || endpointName === 'flightsByMonth' || endpointName === 'flightsByYear') {
            // A search list may gain or lose the flight with its new words: that one is read again.
            if ((originalArgs as { q?: string } | undefined)?.q) searched = true;
            else if (endpointName === 'flights') dispatch(flightsApi.util.updateQueryData('flights', originalArgs as void, setRow));
            else if (endpointName === 'flightsByMonth') dispatch(flightsApi.util.updateQueryData('flightsByMonth', originalArgs as { year: number; month: number }, setRow));
            else dispatch(flightsApi.util.updateQueryData('flightsByYear', originalArgs as { year: number }, setRow));
          } else if (endpointName === 'flight') dispatch(flightsApi.util.updateQueryData('flight', originalArgs as { id: number }, setFlight));
          else if (endpointName === 'detailed') dispatch(flightsApi.util.updateQueryData('detailed', originalArgs as number, setFlight));
        }
        if (searched) dispatch(flightsApi.util.invalidateTags([LIST]));
      },
    }),
    /** A flight without a track: in lists, months, statistics and achievements like any other. */
    createFlight: build.mutation<FlightSummary, ManualFlightBody>({
      query: (body) => ({ url: '/FlightDetail', method: 'POST', body }),
      invalidatesTags: [...FLIGHT_VIEWS, 'Gliders', 'Sites'],
    }),
    /** The task summaries; the history loads each task's files on demand (api/upload-tasks.ts). */
    uploadTasks: build.query<UploadTask[], void>({ query: () => '/uploadtasks?withFiles=false', providesTags: ['UploadTasks'] }),
    upload: build.mutation<UploadResponse, { files: File[]; onProgress?: (percent: number) => void }>({
      queryFn: ({ files, onProgress }) => uploadFiles(files, onProgress),
      invalidatesTags: [...FLIGHT_VIEWS, 'Gliders', 'Sites'],
    }),
  }),
});

export const {
  useFlightsQuery,
  useFlightsByMonthQuery,
  useFlightsByYearQuery,
  useMonthsQuery,
  useFlightQuery,
  useFlightStatusQuery,
  useFeaturesQuery,
  usePathQuery,
  useDetailedQuery,
  useAdjacentQuery,
  useDownloadIgcMutation,
  useSetRemovalReasonMutation,
  useSetRemovalDateMutation,
  useRestoreFlightMutation,
  useMarkedCountQuery,
  useFlightCategoryQuery,
  useSetFlightCategoryMutation,
  useDeleteAllMarkedMutation,
  useUploadTasksQuery,
  useUploadMutation,
  usePatchFlightMutation,
  useCreateFlightMutation,
} = flightsApi;
