import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, type MockAnswer } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';
// Loaded before the router asks for it, so the lazy route does not wait for its compilation.
import '../JoinClubPage';

afterEach(() => jest.restoreAllMocks());

const pilot = { id: 1, email: 'anna@example.com', username: 'anna', displayName: 'Anna', role: 'User', preferredLanguage: 'en', emailVerified: true, authProvider: 'local' };
const TOKEN = 'InviteTokenInviteToken';

function visit(routes: Record<string, MockAnswer>) {
  const api = mockApi({ 'GET /api/auth/check': { body: { user: pilot } }, 'GET /api/config': { body: {} }, ...routes });
  return { ...api, ...renderApp({ route: `/clubs/join/${TOKEN}`, onlyOpenedPage: true }) };
}

test('names the club of the invite before joining, and joins with one click', async () => {
  const user = userEvent.setup();
  const { calls, router } = visit({
    [`GET /api/clubs/join/${TOKEN}`]: { body: { slug: 'flyers', name: 'Niesen Flyers' } },
    'POST /api/clubs/join': { body: { slug: 'flyers', name: 'Niesen Flyers' } },
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Join Niesen Flyers' })).toBeInTheDocument();
  expect(screen.getByText(/You were invited to the club Niesen Flyers\./)).toBeInTheDocument();
  expect(document.title).toContain('Join Niesen Flyers');
  expect(calls.some((c) => c.method === 'POST')).toBe(false);
  await user.click(screen.getByRole('button', { name: 'Join Niesen Flyers' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/clubs/flyers'));
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ token: TOKEN });
});

test('an old or unknown invite says so, with no button to join', async () => {
  visit({ [`GET /api/clubs/join/${TOKEN}`]: { status: 404, body: { message: 'This invite link is not valid: ask a club admin for a new one.' } } });
  expect(await screen.findByRole('alert')).toHaveTextContent('This invite link is not valid: ask a club admin for a new one.');
  expect(screen.getByRole('heading', { level: 1, name: 'Join a club' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Join/ })).not.toBeInTheDocument();
});
