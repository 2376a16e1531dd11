import { useEffect, useRef } from 'react';
import type { FlightSummary } from '../../../contract/flights';
import { api } from '../../api/base';
import { useAppDispatch } from '../../app/hooks';
import { isInProgress, POLL_INTERVAL_MS } from './flight-rules';

/**
 * docs/product.md §8: while a listed flight is pending or processing the list is asked again every 5 s
 * (`setPollingInterval` gets 5000, else 0, for the list query). When the last one finishes, the
 * months and the marked count are asked again: reasons and months may have changed.
 */
export function useStatusPolling(flights: readonly FlightSummary[] | undefined, setPollingInterval: (ms: number) => void) {
  const dispatch = useAppDispatch();
  const inProgress = !!flights?.some(isInProgress);
  const wasInProgress = useRef(false);

  useEffect(() => {
    setPollingInterval(inProgress ? POLL_INTERVAL_MS : 0);
    if (wasInProgress.current && !inProgress) dispatch(api.util.invalidateTags(['Months', 'MarkedCount']));
    wasInProgress.current = inProgress;
  }, [inProgress, dispatch, setPollingInterval]);
}
