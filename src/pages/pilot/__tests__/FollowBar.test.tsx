import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from '../../../app/store';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { FollowBar } from '../FollowBar';

afterEach(() => jest.restoreAllMocks());

const user = (username: string) => ({ id: 1, email: `${username}@example.com`, username, displayName: null, role: 'User' as const, preferredLanguage: 'en' as const, emailVerified: true, authProvider: 'local' as const });
const signedIn = (username: string) => createStore({ preloadedState: { auth: { user: user(username), status: 'signedIn' } }, recordActions: false });

test('shows the counts; another signed-in pilot follows and unfollows', async () => {
  const u = userEvent.setup();
  let following = false;
  const state = () => ({ body: { following, blocked: false, acceptsFollowers: true, followers: following ? 3 : 2, followingCount: 1 } });
  const api = mockApi({
    'GET /api/pilots/anna/follow': state,
    'PUT /api/pilots/anna/follow': () => ((following = true), state()),
    'DELETE /api/pilots/anna/follow': () => ((following = false), state()),
  });
  renderWithProviders(<FollowBar username="anna" name="Anna" followers={2} following={1} />, { store: signedIn('ben') });
  expect(screen.getByText('2 followers')).toBeInTheDocument();
  expect(screen.getByText('1 following')).toBeInTheDocument();
  await u.click(await screen.findByRole('button', { name: 'Follow' }));
  expect(await screen.findByRole('button', { name: 'Unfollow' })).toHaveAttribute('aria-pressed', 'true');
  await u.click(screen.getByRole('button', { name: 'Unfollow' }));
  expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
  expect(api.calls.filter((c) => c.method !== 'GET').map((c) => c.method)).toEqual(['PUT', 'DELETE']);
});

test('offers no Follow for a pilot who does not accept followers, but Unfollow when you already follow', async () => {
  let following = false;
  mockApi({ 'GET /api/pilots/anna/follow': () => ({ body: { following, blocked: false, acceptsFollowers: false, followers: 1, followingCount: 0 } }) });
  const first = renderWithProviders(<FollowBar username="anna" name="Anna" followers={1} following={0} />, { store: signedIn('ben') });
  expect(await screen.findByRole('button', { name: 'Block' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
  first.unmount();
  following = true;
  renderWithProviders(<FollowBar username="anna" name="Anna" followers={1} following={0} />, { store: signedIn('ben') });
  expect(await screen.findByRole('button', { name: 'Unfollow' })).toBeInTheDocument();
});

test('offers no button to a visitor or on your own page', async () => {
  mockApi({});
  renderWithProviders(<FollowBar username="anna" name="Anna" followers={1} following={0} />);
  expect(screen.getByText('1 follower')).toBeInTheDocument();
  expect(screen.queryByRole('button')).toBeNull();
});

test('offers no button on your own page', () => {
  mockApi({});
  renderWithProviders(<FollowBar username="Anna" name="Anna" followers={0} following={0} />, { store: signedIn('anna') });
  expect(screen.queryByRole('button')).toBeNull();
});

test('blocks a pilot after asking in the dialog, and unblocks them', async () => {
  const u = userEvent.setup();
  let blocked = false;
  const state = () => ({ body: { following: false, blocked, acceptsFollowers: true, followers: 2, followingCount: 1 } });
  const api = mockApi({
    'GET /api/pilots/anna/follow': state,
    'PUT /api/pilots/anna/block': () => ((blocked = true), { body: { blocked } }),
    'DELETE /api/pilots/anna/block': () => ((blocked = false), { body: { blocked } }),
  });
  renderWithProviders(<FollowBar username="anna" name="Anna Alpin" followers={2} following={1} />, { store: signedIn('ben') });
  await u.click(await screen.findByRole('button', { name: 'Block' }));
  let dialog = screen.getByRole('dialog', { name: 'Block Anna Alpin?' });
  expect(dialog).toHaveTextContent("You stop following each other. Anna Alpin's comments and likes on your flights are hidden for everyone, and Anna Alpin can no longer comment on, like or follow your flights and page.");
  await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);

  await u.click(screen.getByRole('button', { name: 'Block' }));
  dialog = screen.getByRole('dialog', { name: 'Block Anna Alpin?' });
  await u.click(within(dialog).getByRole('button', { name: 'Block' }));
  await u.click(await screen.findByRole('button', { name: 'Unblock' }));
  expect(await screen.findByRole('button', { name: 'Block' })).toBeInTheDocument();
  expect(api.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /api/pilots/anna/block', 'DELETE /api/pilots/anna/block']);
});
