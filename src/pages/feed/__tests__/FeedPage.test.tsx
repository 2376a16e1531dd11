import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Feed } from '../../../../contract/community';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import FeedPage from '../FeedPage';

afterEach(() => jest.restoreAllMocks());

const item = (token: string, startTime: string, over: Partial<Feed['flights'][number]> = {}): Feed['flights'][number] => ({
  token,
  pilot: { name: 'Anna Alpin', username: 'anna' },
  startTime,
  timeZone: 'Europe/Zurich',
  flightTime: 5_430,
  distance: 42.356,
  xcPoints: 50,
  flightCode: 'od',
  place: { id: 'P1', name: 'Niesen' },
  likeCount: 2,
  commentCount: 1,
  ...over,
});

test('lists the followed pilots’ public flights linking to them, and loads older ones', async () => {
  const user = userEvent.setup();
  const api = mockApi({
    'GET /api/feed': ({ query }) =>
      query.get('before')
        ? { body: { flights: [item('Old', '2025-06-01T08:00:00.000Z', { pilot: { name: 'Ben', username: null }, place: null })], next: null } }
        : { body: { flights: [item('New', '2025-07-14T08:05:00.000Z')], next: '2025-07-14T08:05:00.000Z' } },
  });
  renderWithProviders(<FeedPage />);
  const first = (await screen.findByRole('link', { name: 'Jul 14, 2025' })).closest('tr')!;
  expect(screen.getByRole('link', { name: 'Jul 14, 2025' })).toHaveAttribute('href', '/shared/New');
  expect(within(first).getByRole('link', { name: 'Anna Alpin' })).toHaveAttribute('href', '/pilots/anna');
  expect(within(first).getByRole('link', { name: 'Niesen' })).toHaveAttribute('href', '/places/P1?day=2025-07-14');
  expect(first).toHaveTextContent('2 likes · 1 comment');
  await user.click(screen.getByRole('button', { name: 'Older flights' }));
  const older = (await screen.findByRole('link', { name: 'Jun 1, 2025' })).closest('tr')!;
  expect(within(older).queryByRole('link', { name: 'Ben' })).toBeNull();
  expect(api.calls.find((c) => c.query.get('before'))?.query.get('before')).toBe('2025-07-14T08:05:00.000Z');
  expect(screen.queryByRole('button', { name: 'Older flights' })).toBeNull();
});

test('says how to fill an empty feed', async () => {
  mockApi({ 'GET /api/feed': { body: { flights: [], next: null } } });
  renderWithProviders(<FeedPage />);
  expect(await screen.findByText('No flights yet: follow pilots on their pages.')).toBeInTheDocument();
});
