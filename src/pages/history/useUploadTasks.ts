import { useEffect, useRef, useState } from 'react';
import { api } from '../../api/base';
import { useUploadTasksQuery } from '../../api/flights';
import { useAppDispatch } from '../../app/hooks';
import { HISTORY_POLL_MS, isProcessing, processingIds } from './history-rules';

/**
 * The upload tasks, asked again every 5 s while one is Processing (a refetch brings status, counts,
 * files and new tasks). A task that finishes changed the logbook: flights, statistics and
 * achievements reload. Fetch failures are only logged (docs/product.md §8).
 */
export function useUploadTasks() {
  const dispatch = useAppDispatch();
  const [polling, setPolling] = useState(false);
  const query = useUploadTasksQuery(undefined, { pollingInterval: polling ? HISTORY_POLL_MS : 0 });
  const { data, error } = query;
  const wasProcessing = useRef<number[]>([]);

  useEffect(() => {
    setPolling((data ?? []).some(isProcessing));
    const now = processingIds(data);
    if (wasProcessing.current.some((id) => !now.includes(id))) {
      dispatch(api.util.invalidateTags([{ type: 'Flight', id: 'LIST' }, 'Months', 'MarkedCount', 'Statistics', 'Achievements', 'Notifications']));
    }
    wasProcessing.current = now;
  }, [data, dispatch]);

  useEffect(() => {
    if (error) console.error('Failed to fetch upload tasks', error);
  }, [error]);

  return query;
}
