import { useState } from 'react';
import { errorMessage } from '../format/error-message';

/**
 * The failure of the last action a page or section ran: `run` clears it, runs the action and keeps the
 * server's sentence (else `fallback`) when the action throws; it says whether the action succeeded.
 */
export function useActionFailure(fallback?: string) {
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>): Promise<boolean> => {
    setFailure(null);
    try {
      await action();
      return true;
    } catch (error) {
      setFailure(errorMessage(error, fallback));
      return false;
    }
  };
  return { failure, run };
}
