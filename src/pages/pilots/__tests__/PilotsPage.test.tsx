import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PilotListItem } from '../../../../contract/follows';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import PilotsPage from '../PilotsPage';

afterEach(() => jest.restoreAllMocks());

const pilot = (over: Partial<PilotListItem>): PilotListItem => ({ name: 'Zoë Müller', username: 'zoe', publicPage: false, acceptsFollowers: true, following: false, ...over });

/** A server with two findable pilots and one follower, answering follows as the real one does. */
function server(acceptsFollowers = true) {
  const following = new Set<string>();
  const found = () => [pilot({}), pilot({ name: 'Zora', username: 'zora', publicPage: true, acceptsFollowers: false })].map((p) => ({ ...p, following: following.has(p.username) }));
  const state = (username: string) => ({ body: { following: following.has(username), blocked: false, acceptsFollowers: true, followers: 1, followingCount: 0 } });
  return mockApi({
    'GET /api/public/pilots': ({ query }) => ({ body: { pilots: (query.get('q') ?? '').startsWith('zo') ? found() : [] } }),
    'GET /api/profile/followers': () => ({ body: { followers: [{ ...pilot({ name: 'Ben', username: 'ben' }), following: following.has('ben'), since: '2025-07-01T10:00:00.000Z' }] } }),
    'GET /api/profile/follow-settings': { body: { findableByName: false, acceptsFollowers } },
    'PUT /api/pilots/zoe/follow': () => (following.add('zoe'), state('zoe')),
    'PUT /api/pilots/ben/follow': () => (following.add('ben'), state('ben')),
    'DELETE /api/followers/ben': { status: 204 },
  });
}

test('finds pilots by name and follows one who accepts followers', async () => {
  const u = userEvent.setup();
  const api = server();
  renderWithProviders(<PilotsPage />);
  expect(screen.getByRole('heading', { level: 1, name: 'Pilots' })).toBeInTheDocument();
  await u.type(screen.getByRole('searchbox', { name: 'Name' }), 'zo');
  const results = await screen.findByRole('list', { name: 'Pilots found' });
  const [zoe, zora] = within(results).getAllByRole('listitem');
  expect(zoe).toHaveTextContent('Zoë Müller');
  expect(within(zora!).getByRole('link', { name: 'Zora' })).toHaveAttribute('href', '/pilots/zora');
  expect(zora).toHaveTextContent('Does not accept followers');
  expect(within(zora!).queryByRole('button')).toBeNull();
  await u.click(within(zoe!).getByRole('button', { name: 'Follow Zoë Müller' }));
  expect(await within(results).findByRole('button', { name: 'Unfollow Zoë Müller' })).toHaveAttribute('aria-pressed', 'true');
  expect(api.calls.filter((c) => c.path === '/api/public/pilots').every((c) => c.query.get('q') === 'zo')).toBe(true);
});

test('asks nothing for one letter and says when nobody is found', async () => {
  const u = userEvent.setup();
  const api = server();
  renderWithProviders(<PilotsPage />);
  await u.type(screen.getByRole('searchbox', { name: 'Name' }), 'x');
  await new Promise((r) => setTimeout(r, 400));
  expect(api.calls.some((c) => c.path === '/api/public/pilots')).toBe(false);
  await u.type(screen.getByRole('searchbox', { name: 'Name' }), 'y');
  expect(await screen.findByText('No pilot found by that name.')).toBeInTheDocument();
});

test('lists followers with Follow back and Remove', async () => {
  const u = userEvent.setup();
  const api = server();
  renderWithProviders(<PilotsPage />);
  const list = await screen.findByRole('list', { name: 'Your followers' });
  await u.click(within(list).getByRole('button', { name: 'Follow Ben back' }));
  expect(await within(list).findByRole('button', { name: 'Unfollow Ben' })).toBeInTheDocument();
  await u.click(within(list).getByRole('button', { name: 'Remove Ben from your followers' }));
  await waitFor(() => expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/followers/ben')).toBe(true));
  expect(screen.queryByText(/Nobody new can follow you/)).toBeNull();
});

test('says where to turn on followers when you do not accept them', async () => {
  server(false);
  renderWithProviders(<PilotsPage />);
  const hint = await screen.findByText(/Nobody new can follow you/);
  expect(within(hint).getByRole('link', { name: 'profile' })).toHaveAttribute('href', '/profile');
});
