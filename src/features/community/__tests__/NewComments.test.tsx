import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';

const user = { id: 1, email: 'anna@example.com', username: 'anna', displayName: 'Anna', role: 'User', preferredLanguage: 'en', emailVerified: '2024-01-01T00:00:00Z', authProvider: 'local', profilePictureUrl: null };

afterEach(() => jest.restoreAllMocks());

test('the Feed tab shows how many new comments there are; the feed lists their flights and Mark as read clears the badge', async () => {
  let seen = false;
  const api = mockApi({
    'GET /api/auth/check': { body: { user } },
    'GET /api/feed': { body: { flights: [], next: null } },
    'GET /api/profile/community/new-comments': () => ({
      body: seen
        ? { count: 0, flights: [] }
        : {
            count: 3,
            flights: [
              { token: 'TokA', startTime: '2025-07-14T08:05:00.000Z', timeZone: 'Europe/Zurich', place: { id: 'P1', name: 'Niesen' }, count: 2 },
              { token: 'TokB', startTime: '2025-06-01T08:00:00.000Z', timeZone: 'Europe/Zurich', place: null, count: 1 },
            ],
          },
    }),
    'POST /api/profile/community/new-comments/seen': () => {
      seen = true;
      return { body: { count: 0, flights: [] } };
    },
  });
  renderApp({ route: '/feed' });
  const tab = await screen.findByRole('link', { name: 'Feed New comments on your flights: 3' });
  expect(within(tab).getByTestId('new-comments-badge')).toHaveTextContent('3');

  const list = await screen.findByRole('region', { name: 'New comments on your flights' });
  expect(within(list).getByRole('link', { name: 'Jul 14, 2025 · Niesen' })).toHaveAttribute('href', '/shared/TokA');
  expect(list).toHaveTextContent('Jul 14, 2025 · Niesen (2 new comments)');
  expect(within(list).getByRole('link', { name: 'Jun 1, 2025' })).toHaveAttribute('href', '/shared/TokB');

  await userEvent.click(within(list).getByRole('button', { name: 'Mark as read' }));
  await waitFor(() => expect(screen.queryByTestId('new-comments-badge')).not.toBeInTheDocument());
  expect(screen.queryByRole('region', { name: 'New comments on your flights' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Feed' })).toBeInTheDocument();
  expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/profile/community/new-comments/seen']);
});
