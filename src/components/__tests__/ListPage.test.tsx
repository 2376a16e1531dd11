import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing/render';
import { ListPage, type ListQueryState } from '../ListPage';
import { useActionFailure } from '../useActionFailure';

function Things({ query, action, onDone = () => {} }: { query: ListQueryState; action: () => Promise<unknown>; onDone?: () => void }) {
  const { failure, run } = useActionFailure();
  return (
    <ListPage title="Things" addLabel="Add thing" onAdd={() => void run(action).then((succeeded) => succeeded && onDone())} intro="What things are." failure={failure} query={query} dialogs={<p>A dialog</p>}>
      {() => <p>The list</p>}
    </ListPage>
  );
}

const loaded = { isLoading: false, isError: false };

test('the title, its Add button and the sentence always; a spinner, the load error, else the list; dialogs whatever the load did', () => {
  const { rerender } = renderWithProviders(<Things query={{ isLoading: true, isError: false }} action={async () => {}} />);
  expect(screen.getByRole('heading', { level: 1, name: 'Things' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Add thing' })).toBeInTheDocument();
  expect(screen.getByText('What things are.')).toBeInTheDocument();
  expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  expect(screen.queryByText('The list')).not.toBeInTheDocument();
  expect(screen.getByText('A dialog')).toBeInTheDocument();

  rerender(<Things query={{ isLoading: false, isError: true, error: { status: 500, data: { message: 'The database is away.' } } }} action={async () => {}} />);
  expect(screen.getByRole('alert')).toHaveTextContent('The database is away.');
  expect(screen.queryByText('The list')).not.toBeInTheDocument();

  rerender(<Things query={loaded} action={async () => {}} />);
  expect(screen.getByText('The list')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(screen.getByText('A dialog')).toBeInTheDocument();
});

test('a failed action shows the server’s sentence above the list until the next action succeeds, and says whether it did', async () => {
  let refuse = true;
  const action = async () => {
    if (refuse) throw { status: 409, data: { message: 'That name is taken.' } };
  };
  const onDone = jest.fn();
  renderWithProviders(<Things query={loaded} action={action} onDone={onDone} />);
  await userEvent.click(screen.getByRole('button', { name: 'Add thing' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('That name is taken.');
  expect(screen.getByText('The list')).toBeInTheDocument();
  expect(onDone).not.toHaveBeenCalled();
  refuse = false;
  await userEvent.click(screen.getByRole('button', { name: 'Add thing' }));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
});
