import { useState } from 'react';
import { errorMessage } from '../format/error-message';

/**
 * The failure of the last action a page or section ran, shown by `FailureAlert`: `run` clears it, runs
 * the action and keeps the server's sentence when the action throws (else the call's fallback, else the
 * hook's, else the common error); it says whether the action succeeded.
 */
export function useActionFailure(fallback?: string) {
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>, callFallback = fallback): Promise<boolean> => {
    setFailure(null);
    try {
      await action();
      return true;
    } catch (error) {
      setFailure(errorMessage(error, callFallback));
      return false;
    }
  };
  return { failure, run };
}
