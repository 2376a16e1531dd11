import { useEffect, useMemo, useRef } from 'react';
import type { FlightSummary } from '../../../contract/flights';
import { api } from '../../api/base';
import { flightsApi } from '../../api/flights';
import { useAppDispatch } from '../../app/hooks';
import { isInProgress, POLL_INTERVAL_MS, watchedFlights } from './flight-rules';

/**
 * docs/product.md §4 Flight status: while a listed flight is pending or processing, its status is asked
 * every 5 s (`GET /api/FlightDetail/{id}/status`, the oldest few, see `watchedFlights`) instead of the
 * whole list, which at 10,000 flights is a large answer. When a status differs from the list's (or the
 * flight is gone), the list is asked once. When the last one finishes, the months and the marked count
 * are asked again: reasons and months may have changed. A failed status call is only logged.
 */
export function useStatusPolling(flights: readonly FlightSummary[] | undefined) {
  const dispatch = useAppDispatch();
  const inProgress = !!flights?.some(isInProgress);
  const wasInProgress = useRef(false);
  // The same flights in the same states keep one timer across list answers that change nothing for them.
  const key = useMemo(() => watchedFlights(flights).map((f) => `${f.id}:${f.status}`).join(','), [flights]);

  useEffect(() => {
    if (wasInProgress.current && !inProgress) dispatch(api.util.invalidateTags(['Months', 'MarkedCount']));
    wasInProgress.current = inProgress;
  }, [inProgress, dispatch]);

  useEffect(() => {
    if (!key) return;
    const flightsNow = key.split(',').map((entry) => {
      const [id, status] = entry.split(':');
      return { id: Number(id), status: status! };
    });
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const round = async () => {
      const answers = await Promise.all(flightsNow.map((f) => dispatch(flightsApi.endpoints.flightStatus.initiate(f.id, { forceRefetch: true, subscribe: false }))));
      if (stopped) return;
      const changed = answers.some((answer, i) => {
        if (answer.error) {
          const gone = 'status' in answer.error && answer.error.status === 404;
          if (!gone) console.error('Asking a flight status failed', answer.error);
          return gone;
        }
        return answer.data?.status !== flightsNow[i]!.status;
      });
      // The next round waits for this one, so a slow server never has two rounds at once.
      if (changed) dispatch(api.util.invalidateTags([{ type: 'Flight', id: 'LIST' }]));
      timer = setTimeout(round, POLL_INTERVAL_MS);
    };
    timer = setTimeout(round, POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [key, dispatch]);
}
