import type { FlightSiteStatistics, MonthlyHoursItem, OverallStatistics, YearlySummaryItem } from '../../contract/statistics';
import { api } from './base';

export const statisticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    overallStatistics: build.query<OverallStatistics, void>({ query: () => '/statistics/overall', providesTags: ['Statistics'] }),
    yearlySummary: build.query<YearlySummaryItem[], void>({ query: () => '/statistics/yearly-summary', providesTags: ['Statistics'] }),
    flightSites: build.query<FlightSiteStatistics, void>({ query: () => '/statistics/flight-sites', providesTags: ['Statistics'] }),
    /** The year is sent only when one is picked (docs/product.md §7). */
    monthlyHours: build.query<MonthlyHoursItem[], number | null>({
      query: (year) => ({ url: '/statistics/monthly-hours', params: year ? { year } : undefined }),
      providesTags: ['Statistics'],
    }),
  }),
});

export const {
  useOverallStatisticsQuery,
  useYearlySummaryQuery,
  useFlightSitesQuery,
  useMonthlyHoursQuery,
} = statisticsApi;
