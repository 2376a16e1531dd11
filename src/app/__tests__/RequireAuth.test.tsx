import { act, screen, waitFor } from '@testing-library/react';
import { emptyStatistics, mockApi } from '../../testing/mock-api';
import { renderApp } from '../../testing/render';

const pilot = { id: 1, email: 'anna@example.com', username: 'anna', displayName: null, role: 'User', preferredLanguage: 'en', emailVerified: true, authProvider: 'local' };

afterEach(() => jest.restoreAllMocks());

test('a signed-out visit to /statistics lands on the login page', async () => {
  mockApi({ 'GET /api/auth/check': { status: 401, body: { message: 'Please sign in.' } }, 'GET /api/config': { body: {} } });
  const { router } = renderApp({ route: '/statistics' });
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
});

test('under a language prefix the guard keeps the language', async () => {
  mockApi({ 'GET /api/auth/check': { status: 401, body: {} }, 'GET /api/config': { body: {} } });
  const { router } = renderApp({ route: '/de/profile' });
  await waitFor(() => expect(router.state.location.pathname).toBe('/de/login'));
});

test('the check runs on each navigation but reuses an answer younger than five minutes', async () => {
  const api = mockApi({ ...emptyStatistics, 'GET /api/uploadtasks': { body: [] }, 'GET /api/auth/check': { body: { user: pilot } }, 'GET /api/auth/profile': { body: { user: { ...pilot, profilePictureUrl: null, emailVerified: '2024-01-01T00:00:00Z' } } } });
  const { router } = renderApp({ route: '/statistics' });
  expect(await screen.findByRole('heading', { name: 'Flight Statistics' })).toBeInTheDocument();
  await act(() => router.navigate('/history'));
  expect(await screen.findByRole('heading', { name: 'Upload History' })).toBeInTheDocument();
  expect(api.calls.filter((c) => c.path === '/api/auth/check')).toHaveLength(1);
});

test('an expired check is asked again and a failure then sends the pilot to login', async () => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'], advanceTimers: true });
  let signedIn = true;
  const api = mockApi({ ...emptyStatistics, 'GET /api/auth/check': () => (signedIn ? { body: { user: pilot } } : { status: 401, body: {} }), 'GET /api/config': { body: {} } });
  const { router } = renderApp({ route: '/statistics' });
  expect(await screen.findByRole('heading', { name: 'Flight Statistics' })).toBeInTheDocument();
  signedIn = false;
  jest.setSystemTime(Date.now() + 6 * 60 * 1000);
  await act(() => router.navigate('/history'));
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  expect(api.calls.filter((c) => c.path === '/api/auth/check').length).toBeGreaterThanOrEqual(2);
  jest.useRealTimers();
});

test('a 401 from any other call sends the pilot to /{lang}/login', async () => {
  mockApi({
    'GET /api/auth/check': { body: { user: pilot } },
    'GET /api/auth/profile': { status: 401, body: { message: 'Session expired' } },
    'GET /api/config': { body: {} },
  });
  const { router, store } = renderApp({ route: '/profile' });
  await waitFor(() => expect(router.state.location.pathname).toBe('/en/login'), { timeout: 5000 });
  expect(store.getState().auth.user).toBeNull();
});

test('Debug is a tab only for admins, and the active tab follows the path', async () => {
  mockApi({ ...emptyStatistics, 'GET /api/auth/check': { body: { user: { ...pilot, role: 'Admin' } } } });
  renderApp({ route: '/fr/statistics' });
  expect(await screen.findByRole('link', { name: 'Debug' })).toHaveAttribute('href', '/fr/debug');
  expect(screen.getByRole('link', { name: 'Statistics' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current');
});

test('a pilot without the Admin role sees no Debug tab', async () => {
  mockApi({ ...emptyStatistics, 'GET /api/auth/check': { body: { user: pilot } } });
  renderApp({ route: '/statistics' });
  expect(await screen.findByRole('link', { name: 'Overview' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Debug' })).not.toBeInTheDocument();
});

test('an unknown language prefix or path shows the not-found page', async () => {
  mockApi({});
  renderApp({ route: '/xx/login' });
  expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
});
