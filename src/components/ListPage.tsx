import type { ReactNode } from 'react';
import styled from 'styled-components';
import { errorMessage } from '../format/error-message';
import { FailureAlert } from './FailureAlert';
import { Alert, Button, Spinner } from './ui';

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  margin-bottom: 16px;
  h1 { margin: 0 auto 0 0; }
`;

/** What a list page needs to know of its query (RTK Query's result has these). */
export interface ListQueryState {
  isLoading: boolean;
  isError: boolean;
  error?: unknown;
}

/**
 * A page that lists the pilot's things with a form to add one (Gliders, Gear): the title with its Add
 * button, a sentence on how the page works, the last action's failure, then the list once it has loaded
 * (a spinner before, the error if the load failed). Dialogs go in `dialogs`, whatever the load did.
 */
export function ListPage({
  title,
  addLabel,
  onAdd,
  intro,
  failure,
  query,
  children,
  dialogs,
}: {
  title: ReactNode;
  addLabel: ReactNode;
  onAdd: () => void;
  intro: ReactNode;
  failure: string | null;
  query: ListQueryState;
  /** Called once the list has loaded. */
  children: () => ReactNode;
  dialogs?: ReactNode;
}) {
  return (
    <div>
      <Header>
        <h1>{title}</h1>
        <Button type="button" onClick={onAdd}>
          {addLabel}
        </Button>
      </Header>
      <p style={{ marginTop: 0 }}>{intro}</p>
      <FailureAlert failure={failure} style={{ marginBottom: 12 }} />
      <Loaded query={query}>{children}</Loaded>
      {dialogs}
    </div>
  );
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
