import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { flight } from '../../../testing/flight-fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { VisibilityControl } from '../VisibilityControl';

afterEach(() => jest.restoreAllMocks());

const patched = () => mockApi({ 'PATCH /api/FlightDetail/7': ({ body }) => ({ body: flight({ id: 7, ...(body as object) }) }) });

test('shows who can see the flight and sends the pilot’s choice', async () => {
  const user = userEvent.setup();
  const api = patched();
  renderWithProviders(<VisibilityControl flight={{ id: 7, visibility: 'private' }} />);
  const select = screen.getByRole('combobox', { name: 'Who can see this flight' });
  expect(select).toHaveValue('private');
  expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Private: only me', 'Link: anyone with the link', 'Public: listed, comments and likes']);
  await user.selectOptions(select, 'public');
  await waitFor(() => expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ visibility: 'public' }));
  // Making a flight more visible asks nothing.
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('going private asks first, says the link stops working until the flight is public again, and Cancel changes nothing', async () => {
  const user = userEvent.setup();
  const api = patched();
  renderWithProviders(<VisibilityControl flight={{ id: 7, visibility: 'public' }} />);
  await user.selectOptions(screen.getByRole('combobox', { name: 'Who can see this flight' }), 'private');
  const dialog = screen.getByRole('dialog', { name: 'Make this flight private?' });
  expect(dialog).toHaveAccessibleDescription('Only you will see it. The link stops working until you make the flight public again; then the same link works again.');
  // The quiet choice has the focus: Enter does not make the flight private by accident.
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await user.selectOptions(screen.getByRole('combobox', { name: 'Who can see this flight' }), 'private');
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(api.calls.filter((c) => c.method === 'PATCH')).toEqual([]);

  await user.selectOptions(screen.getByRole('combobox', { name: 'Who can see this flight' }), 'private');
  await user.click(screen.getByRole('button', { name: 'Make private' }));
  await waitFor(() => expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ visibility: 'private' }));
});

test('going private with a new link drops the old address for good', async () => {
  const user = userEvent.setup();
  const api = patched();
  renderWithProviders(<VisibilityControl flight={{ id: 7, visibility: 'link' }} />);
  await user.selectOptions(screen.getByRole('combobox', { name: 'Who can see this flight' }), 'private');
  await user.click(screen.getByRole('checkbox', { name: 'Make a new link when I share it again (the old link never works again)' }));
  await user.click(screen.getByRole('button', { name: 'Make private' }));
  await waitFor(() => expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ visibility: 'private', newLink: true }));
});

test('says so when the change fails', async () => {
  const user = userEvent.setup();
  mockApi({ 'PATCH /api/FlightDetail/7': { status: 404, body: { message: 'Flight not found.' } } });
  renderWithProviders(<VisibilityControl flight={{ id: 7, visibility: 'link' }} />);
  await user.selectOptions(screen.getByRole('combobox', { name: 'Who can see this flight' }), 'private');
  await user.click(screen.getByRole('button', { name: 'Make private' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Flight not found.');
});
