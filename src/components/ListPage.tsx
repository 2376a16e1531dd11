import type { ReactNode } from 'react';
import styled from 'styled-components';
import { FailureAlert } from './FailureAlert';
import { Loaded, type ListQueryState } from './Loaded';
import { Button } from './ui';

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  margin-bottom: 16px;
  h1 { margin: 0 auto 0 0; }
`;

/**
 * A page that lists the pilot's things with a form to add one (Gliders, Gear): the title with its Add
 * button, a sentence on how the page works, the last action's failure, then the list once it has loaded
 * (`Loaded`: a spinner before, the error if the load failed). Dialogs go in `dialogs`, whatever the load did.
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

export type { ListQueryState };
