import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';

const user = { id: 1, email: 'anna@example.com', username: 'anna', displayName: 'Anna', role: 'User', preferredLanguage: 'en', emailVerified: '2024-01-01T00:00:00Z', authProvider: 'local', profilePictureUrl: null };
const URL_OF = 'https://logbook.example/pilots/anna';

afterEach(() => jest.restoreAllMocks());

test('the pilot page is off by default; switching it on shows its address, switching it off hides it', async () => {
  let enabled = false;
  const api = mockApi({
    'GET /api/auth/check': { body: { user } },
    'GET /api/auth/profile': { body: { user } },
    'GET /api/profile/scoring': { body: { scoringRules: 'XContest', rescoring: null } },
    'GET /api/profile/public': () => ({ body: { enabled, url: URL_OF } }),
    'PUT /api/profile/public': ({ body }) => {
      enabled = (body as { enabled: boolean }).enabled;
      return { body: { enabled, url: URL_OF } };
    },
  });
  renderApp({ route: '/profile' });
  const toggle = await screen.findByRole('switch', { name: 'Publish my pilot page' });
  await waitFor(() => expect(toggle).toBeEnabled());
  expect(toggle).not.toBeChecked();
  expect(screen.queryByRole('link', { name: URL_OF })).not.toBeInTheDocument();

  await userEvent.click(toggle);
  expect(await screen.findByRole('link', { name: URL_OF })).toHaveAttribute('href', '/pilots/anna');
  expect(toggle).toBeChecked();
  expect(screen.getByText('Your pilot page is published.')).toBeInTheDocument();

  await userEvent.click(toggle);
  await waitFor(() => expect(screen.queryByRole('link', { name: URL_OF })).not.toBeInTheDocument());
  expect(toggle).not.toBeChecked();
  expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ enabled: true }, { enabled: false }]);
});

test('a refused change shows the server message and leaves the switch as it was', async () => {
  mockApi({
    'GET /api/auth/check': { body: { user } },
    'GET /api/auth/profile': { body: { user } },
    'GET /api/profile/public': { body: { enabled: false, url: URL_OF } },
    'PUT /api/profile/public': { status: 400, body: { message: 'enabled must be true or false.' } },
  });
  renderApp({ route: '/profile' });
  const toggle = await screen.findByRole('switch', { name: 'Publish my pilot page' });
  await waitFor(() => expect(toggle).toBeEnabled());
  await userEvent.click(toggle);
  expect(await screen.findByText('enabled must be true or false.')).toBeInTheDocument();
  expect(toggle).not.toBeChecked();
});
