import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { CategoryControl } from '../CategoryControl';

afterEach(() => jest.restoreAllMocks());

test('shows what the IGC says the flight was flown on and sends the pilot’s own choice', async () => {
  const user = userEvent.setup();
  let answer = { category: 'sailplane', source: 'igc', detected: 'sailplane' };
  const api = mockApi({
    'GET /api/FlightDetail/7/category': () => ({ body: answer }),
    'PUT /api/FlightDetail/7/category': ({ body }) => {
      answer = { category: (body as { category: string }).category, source: 'flight', detected: 'sailplane' };
      return { body: answer };
    },
  });
  renderWithProviders(<CategoryControl flightId={7} />);
  const select = await screen.findByRole('combobox', { name: 'Aircraft' });
  expect(select).toHaveDisplayValue('As detected: Sailplane');
  expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['As detected: Sailplane', 'Paraglider', 'Hang glider', 'Sailplane', 'Other aircraft']);
  await user.selectOptions(select, 'Paraglider');
  await waitFor(() => expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ category: 'paraglider' }));
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Aircraft' })).toHaveDisplayValue('Paraglider'));
});
