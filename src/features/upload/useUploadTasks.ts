import { useEffect, useRef, useState } from 'react';
import { api } from '../../api/base';
import { useUploadTasksQuery } from '../../api/flights';
import { useAppDispatch } from '../../app/hooks';
import { isProcessing, processingIds, TASK_POLL_MS } from './upload-rules';

/**
 * The upload tasks, asked again every 5 s while one is Processing (a refetch brings status, counts
 * and new tasks), again whenever a page that shows them opens (a new upload shows without
 * Refresh), and every `idlePollMs` on a page that lists them. While a task runs, each answer with more flights analysed reloads the flight list and
 * the months, so flights appear as they arrive; a task that finishes changed the whole logbook:
 * flights, statistics and achievements reload. Fetch failures are only logged (docs/product.md §8).
 */
export function useUploadTasks({ idlePollMs = 0 }: { idlePollMs?: number } = {}) {
  const dispatch = useAppDispatch();
  const [polling, setPolling] = useState(false);
  // A page that lists uploads also asks now and then when none runs (idlePollMs), so an upload made
  // elsewhere (another tab, the phone) shows while it stays open; never while the tab is hidden.
  const query = useUploadTasksQuery(undefined, { pollingInterval: polling ? TASK_POLL_MS : idlePollMs, skipPollingIfUnfocused: !polling, refetchOnMountOrArgChange: true });
  const { data, error } = query;
  const wasProcessing = useRef<number[]>([]);
  const processedBefore = useRef<number | null>(null);

  useEffect(() => {
    setPolling((data ?? []).some(isProcessing));
    const now = processingIds(data);
    const processed = (data ?? []).filter(isProcessing).reduce((sum, t) => sum + t.processedFlightCount, 0);
    if (wasProcessing.current.some((id) => !now.includes(id))) {
      dispatch(api.util.invalidateTags([{ type: 'Flight', id: 'LIST' }, 'Months', 'MarkedCount', 'Statistics', 'Achievements', 'Notifications']));
    } else if (now.length && processedBefore.current !== null && processed > processedBefore.current) {
      dispatch(api.util.invalidateTags([{ type: 'Flight', id: 'LIST' }, 'Months']));
    }
    wasProcessing.current = now;
    processedBefore.current = now.length ? processed : null;
  }, [data, dispatch]);

  useEffect(() => {
    if (error) console.error('Failed to fetch upload tasks', error);
  }, [error]);

  return query;
}
