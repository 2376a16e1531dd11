import { useEffect } from 'react';
import type { FlightSummary } from '../../../contract/flights';
import { errorMessage } from '../../api/base';
import { useFlightsByMonthQuery, useFlightsByYearQuery, useFlightsQuery } from '../../api/flights';
import type { Period } from './period';

export interface FlightListArgs {
  period: Period;
  markedOnly: boolean;
  /** The months have loaded, so the period is known. */
  ready: boolean;
  /** Why the months could not load: shown in place of the list. */
  monthsError?: unknown;
  /** Words searched in all years: the period is set aside while searching. */
  search?: string;
}

export interface FlightListState {
  flights: FlightSummary[] | undefined;
  isFetching: boolean;
  loading: boolean;
  error: string | null;
}

/**
 * One list at a time (docs/product.md §2): marked flights, all flights, a year, or a month. A refresh that
 * fails while a list is shown (after a status poll saw a change, docs/product.md §8) is only logged: the last list stays.
 */
export function useFlightListQuery({ period, markedOnly, ready, monthsError, search }: FlightListArgs): FlightListState {
  const kind = search || markedOnly || period.year === null ? 'all' : period.month === null ? 'year' : 'month';
  const options = { refetchOnMountOrArgChange: true } as const;
  const allArg = search ? { q: search, ...(markedOnly ? { markedOnly: true } : {}) } : markedOnly ? { markedOnly: true } : undefined;
  const all = useFlightsQuery(allArg, { ...options, skip: !ready || kind !== 'all' });
  const byYear = useFlightsByYearQuery({ year: period.year ?? 0 }, { ...options, skip: !ready || kind !== 'year' });
  const byMonth = useFlightsByMonthQuery({ year: period.year ?? 0, month: period.month ?? 0 }, { ...options, skip: !ready || kind !== 'month' });
  const list = kind === 'all' ? all : kind === 'year' ? byYear : byMonth;
  const flights = list.currentData;
  const refreshFailed = !!list.error && !!flights;

  useEffect(() => {
    if (refreshFailed) console.error('Refreshing the flight list failed', list.error);
  }, [refreshFailed, list.error]);

  const failure = monthsError ?? (refreshFailed ? null : list.error);
  return {
    flights,
    isFetching: list.isFetching,
    loading: !ready || list.isFetching || list.isLoading,
    error: failure ? errorMessage(failure) : null,
  };
}
