import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';

const pilot = { id: 1, email: 'anna@example.com', username: 'anna', displayName: null, role: 'User', preferredLanguage: 'en', emailVerified: true, authProvider: 'local' };
const admin = { ...pilot, role: 'Admin' };

afterEach(() => jest.restoreAllMocks());

test('any dashboard page loads pending notifications and pops the first one up', async () => {
  const api = mockApi({
    'GET /api/auth/check': { body: { user: pilot } },
    'GET /api/uploadtasks': { body: [] },
    'GET /api/achievements/notifications': { body: [{ id: 4, achievementId: 'sites', achievementName: 'Explorer', level: 1, achievedAt: '2024-01-01T00:00:00Z' }] },
    'POST /api/achievements/notifications/4/dismiss': { body: {} },
  });
  renderApp({ route: '/history' });
  const popup = await screen.findByRole('dialog', { name: 'Achievement Unlocked!' }, { timeout: 4000 });
  expect(popup).toHaveTextContent('Explorer');
  expect(screen.getByRole('heading', { name: 'Upload History' })).toBeInTheDocument();
  await userEvent.click(within(popup).getByRole('button', { name: 'Awesome!' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(api.calls.some((c) => c.path === '/api/achievements/notifications/4/dismiss')).toBe(true);
  // Not an admin: no Debug tab.
  expect(screen.queryByRole('link', { name: 'Debug' })).not.toBeInTheDocument();
});

test('an admin has the Debug tab', async () => {
  mockApi({ 'GET /api/auth/check': { body: { user: admin } }, 'GET /api/uploadtasks': { body: [] }, 'GET /api/achievements/notifications': { body: [] } });
  renderApp({ route: '/history' });
  expect(await screen.findByRole('link', { name: 'Debug' }, { timeout: 4000 })).toHaveAttribute('href', '/debug');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});
