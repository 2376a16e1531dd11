import { useCallback, useEffect, useState } from 'react';

/**
 * Selects a flight as soon as the list shows it (a flight just added, whose month is still
 * loading): selecting it earlier would be dropped as outside the list.
 */
export function useSelectWhenListed(flights: readonly { id: number }[] | undefined, select: (id: number) => void) {
  const [pending, setPending] = useState<number | null>(null);
  useEffect(() => {
    if (pending !== null && flights?.some((f) => f.id === pending)) {
      select(pending);
      setPending(null);
    }
  }, [flights, pending, select]);
  return useCallback((id: number) => setPending(id), []);
}
