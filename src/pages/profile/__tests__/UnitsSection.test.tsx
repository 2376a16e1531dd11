import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';

// docs/units.md: the profile's units section saves each choice at once and can go back to the region's default.
const user = { id: 1, email: 'anna@example.com', username: 'anna', displayName: 'Anna', role: 'User', preferredLanguage: 'en', emailVerified: '2024-01-01T00:00:00Z', authProvider: 'local', profilePictureUrl: null, units: null };

afterEach(() => jest.restoreAllMocks());

test('starts from the region default, saves a change of one unit, and returns to the region default', async () => {
  let stored: unknown = null;
  const api = mockApi({
    'GET /api/auth/check': () => ({ body: { user: { ...user, emailVerified: true, units: stored } } }),
    'GET /api/auth/profile': () => ({ body: { user: { ...user, units: stored } } }),
    'GET /api/profile/scoring': { body: { scoringRules: 'XContest', rescoring: null } },
    'PUT /api/auth/units': ({ body }) => {
      stored = (body as { units: unknown }).units;
      return { body: { units: stored } };
    },
  });
  renderApp({ route: '/profile' });
  const section = await screen.findByRole('region', { name: 'Units' });
  const altitude = within(section).getByRole('combobox', { name: 'Altitude' });
  expect(altitude).toHaveValue('m');
  expect(within(section).getByRole('combobox', { name: 'Climb and sink' })).toHaveValue('ms');
  expect(within(section).queryByRole('button', { name: 'Use my region’s units' })).not.toBeInTheDocument();

  await userEvent.selectOptions(altitude, 'ft');
  expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({ units: { altitude: 'ft', distance: 'km', speed: 'kmh', climb: 'ms' } });
  expect(await screen.findByText('Units saved.')).toBeInTheDocument();
  await waitFor(() => expect(altitude).toHaveValue('ft'));

  await userEvent.click(within(section).getByRole('button', { name: 'Use my region’s units' }));
  expect(api.calls.filter((c) => c.method === 'PUT').at(-1)!.body).toEqual({ units: null });
  await waitFor(() => expect(altitude).toHaveValue('m'));
});
