import type { ReactNode } from 'react';
import { errorMessage } from '../format/error-message';
import { Alert, Spinner } from './ui';

/** What `Loaded` needs to know of a query (RTK Query's result has these). */
export interface ListQueryState {
  isLoading: boolean;
  isError: boolean;
  error?: unknown;
}

/** A spinner while the query loads, its error if it failed, else what `children` draws of the answer. */
export function Loaded({ query, children }: { query: ListQueryState; children: () => ReactNode }) {
  if (query.isLoading) return <Spinner />;
  if (query.isError)
    return (
      <Alert $tone="error" role="alert">
        {errorMessage(query.error)}
      </Alert>
    );
  return <>{children()}</>;
}
