import type { DebugStatistics, ReasonChange, ResetAllResponse, ResetCompletedResponse, RevalidateAllResponse } from '../../contract/debug';
import { api } from './base';

type Message = { message?: string };

const post = (url: string, body?: unknown) => ({ url: `/debug/${url}`, method: 'POST', body });
/** Debug actions change flights: every view of them reloads. */
const CHANGES_FLIGHTS = [{ type: 'Flight' as const, id: 'LIST' }, 'Months', 'MarkedCount', 'Statistics', 'DebugStatistics'] as const;

export const debugApi = api.injectEndpoints({
  endpoints: (build) => ({
    debugStatistics: build.query<DebugStatistics, void>({ query: () => '/debug/statistics', providesTags: ['DebugStatistics'] }),
    sendWelcomeEmail: build.mutation<Message, void>({ query: () => post('send-welcome-email') }),
    sendPasswordResetEmail: build.mutation<Message, void>({ query: () => post('send-password-reset-email') }),
    sendEmailChange: build.mutation<Message, void>({ query: () => post('send-email-change') }),
    revalidateFlight: build.mutation<ReasonChange & Message, number>({ query: (flightId) => post('revalidate-flight', { flightId }), invalidatesTags: [...CHANGES_FLIGHTS] }),
    revalidateAllFlights: build.mutation<RevalidateAllResponse, void>({ query: () => post('revalidate-all-flights'), invalidatesTags: [...CHANGES_FLIGHTS] }),
    resetCompletedFlights: build.mutation<ResetCompletedResponse, void>({ query: () => post('reset-completed-flights-without-features'), invalidatesTags: [...CHANGES_FLIGHTS] }),
    resetAllCalculations: build.mutation<ResetAllResponse, void>({ query: () => post('reset-all-calculations'), invalidatesTags: [...CHANGES_FLIGHTS] }),
  }),
});

export const {
  useDebugStatisticsQuery,
  useSendWelcomeEmailMutation,
  useSendPasswordResetEmailMutation,
  useSendEmailChangeMutation,
  useRevalidateFlightMutation,
  useRevalidateAllFlightsMutation,
  useResetCompletedFlightsMutation,
  useResetAllCalculationsMutation,
} = debugApi;
