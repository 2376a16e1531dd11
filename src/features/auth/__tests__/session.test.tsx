import { screen } from '@testing-library/react';
import { appRoutes } from '../../../app/router';
import { createStore } from '../../../app/store';
import { mockApi } from '../../../testing/mock-api';
import { renderRoutes } from '../../../testing/render';
import { loadSession } from '../session';

const anna = { id: 1, email: 'anna@example.com', username: 'anna', displayName: null, role: 'User', preferredLanguage: 'de', emailVerified: true, authProvider: 'local' };

afterEach(() => jest.restoreAllMocks());

/** Start-up as main.tsx runs it, then the page: what the browser would have asked and been answered. */
async function visit(route: string, sessionUser: typeof anna | null) {
  const api = mockApi({
    'GET /api/auth/session': { body: { user: sessionUser } },
    'GET /api/auth/check': sessionUser ? { body: { user: sessionUser } } : { status: 401, body: { message: 'Not signed in' } },
    'GET /api/config': { body: { devLogin: false, googleLogin: false } },
  });
  const store = createStore({ recordActions: false });
  const preferred = (await loadSession(store.dispatch))?.preferredLanguage ?? null;
  renderRoutes(appRoutes, { initialEntries: [route], store });
  return { api, store, preferred };
}

test.each(['/', '/login', '/register', '/forgot-password', '/fr/reset-password'])('a visitor on %s meets no 401 (no failed request in the console)', async (route) => {
  const { api, store, preferred } = await visit(route, null);
  expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
  expect(preferred).toBeNull();
  expect(store.getState().auth).toEqual({ user: null, status: 'signedOut' });
  expect(api.calls.filter((call) => call.status === 401)).toEqual([]);
  expect(api.calls.map((call) => call.path)).toContain('/api/auth/session');
});

test('a signed-in pilot is known from the start: the stored language and the Dashboard link', async () => {
  const { preferred } = await visit('/', anna);
  expect(preferred).toBe('de');
  expect(await screen.findByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
});

test('a session that cannot be asked (server down) starts the app as a visitor', async () => {
  mockApi({ 'GET /api/auth/session': { status: 503, body: {} } });
  const store = createStore({ recordActions: false });
  await expect(loadSession(store.dispatch)).resolves.toBeNull();
});
