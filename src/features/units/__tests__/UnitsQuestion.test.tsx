import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthUser } from '../../../../contract/auth';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { UnitsQuestion } from '../UnitsQuestion';
import { UnitsRoot } from '../UnitsRoot';

const pilot = (over: Partial<AuthUser>): AuthUser => ({
  id: 1,
  email: 'anna@example.com',
  username: 'anna',
  displayName: 'Anna',
  role: 'User',
  preferredLanguage: 'en',
  emailVerified: true,
  authProvider: 'local',
  units: null,
  ...over,
});

const render = (user: AuthUser) =>
  renderWithProviders(
    <UnitsRoot>
      <UnitsQuestion />
    </UnitsRoot>,
    { preloadedState: { auth: { user, status: 'signedIn' } } },
  );

afterEach(() => {
  jest.restoreAllMocks();
  Object.defineProperty(window.navigator, 'languages', { value: ['en'], configurable: true });
});

test('a Swiss pilot with an en-US browser is asked about metres and km/h, and one click keeps them', async () => {
  Object.defineProperty(window.navigator, 'languages', { value: ['en-US', 'en'], configurable: true });
  const api = mockApi({ 'PUT /api/auth/units': ({ body }) => ({ body: { units: (body as { units: unknown }).units } }) });
  render(pilot({ takeoffTimeZone: 'Europe/Zurich' }));
  expect(screen.getByText('Heights in m, distances in km, speeds in km/h?')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Change units' })).toHaveAttribute('href', '/profile#units-heading');
  await userEvent.click(screen.getByRole('button', { name: 'Keep these units' }));
  expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({ units: { altitude: 'm', distance: 'km', speed: 'kmh', climb: 'ms' } });
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Units' })).not.toBeInTheDocument());
});

test('a pilot who flies in Colorado gets feet, miles and mph whatever the browser says', () => {
  render(pilot({ takeoffTimeZone: 'America/Denver' }));
  expect(screen.getByText('Heights in ft, distances in mi, speeds in mph?')).toBeInTheDocument();
});

test('a pilot with no flights yet gets the browser region of the language; a pilot who chose is not asked', () => {
  Object.defineProperty(window.navigator, 'languages', { value: ['en-GB'], configurable: true });
  const { unmount } = render(pilot({ takeoffTimeZone: null }));
  expect(screen.getByText('Heights in ft, distances in km, speeds in mph?')).toBeInTheDocument();
  unmount();
  render(pilot({ units: { altitude: 'm', distance: 'km', speed: 'kmh', climb: 'ms' } }));
  expect(screen.queryByRole('region', { name: 'Units' })).not.toBeInTheDocument();
});
