import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { flight } from '../../../testing/flight-fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { VisibilityControl } from '../VisibilityControl';

afterEach(() => jest.restoreAllMocks());

test('shows who can see the flight and sends the pilot’s choice', async () => {
  const user = userEvent.setup();
  const api = mockApi({ 'PATCH /api/FlightDetail/7': ({ body }) => ({ body: flight({ id: 7, ...(body as object) }) }) });
  renderWithProviders(<VisibilityControl flight={{ id: 7, visibility: 'private' }} />);
  const select = screen.getByRole('combobox', { name: 'Who can see this flight' });
  expect(select).toHaveValue('private');
  expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Private: only me', 'Link: anyone with the link', 'Public: listed, comments and likes']);
  await user.selectOptions(select, 'public');
  await waitFor(() => expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ visibility: 'public' }));
});

test('says so when the change fails', async () => {
  const user = userEvent.setup();
  mockApi({ 'PATCH /api/FlightDetail/7': { status: 404, body: { message: 'Flight not found.' } } });
  renderWithProviders(<VisibilityControl flight={{ id: 7, visibility: 'link' }} />);
  await user.selectOptions(screen.getByRole('combobox', { name: 'Who can see this flight' }), 'private');
  expect(await screen.findByRole('alert')).toHaveTextContent('Flight not found.');
});
