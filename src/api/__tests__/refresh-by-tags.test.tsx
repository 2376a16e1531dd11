import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Club, MyClubs } from '../../../contract/clubs';
import type { Comment, Feed } from '../../../contract/community';
import { createStore } from '../../app/store';
import { FollowBar } from '../../pages/pilot/FollowBar';
import { CommunitySection } from '../../pages/shared/CommunitySection';
import FeedPage from '../../pages/feed/FeedPage';
import ClubPage from '../../pages/club/ClubPage';
import ClubsPage from '../../pages/club/ClubsPage';
import { mockApi } from '../../testing/mock-api';
import { renderRoutes, renderWithProviders } from '../../testing/render';
import { clubsApi } from '../clubs';
import { communityApi } from '../community';

/**
 * A change made anywhere shows wherever its data is on screen, through the api slice's tags alone
 * (docs/app.md "Talking to the server"): the screens here never ask again by hand, and the changes
 * are made outside them (by another screen's mutation, dispatched on the same store) or by their own
 * buttons, whose handlers only send the change.
 */

afterEach(() => jest.restoreAllMocks());

const pilot = (username: string) => ({ id: 1, email: `${username}@example.com`, username, displayName: null, role: 'User' as const, preferredLanguage: 'en' as const, emailVerified: true, authProvider: 'local' as const });
const signedIn = (username: string) => createStore({ preloadedState: { auth: { user: pilot(username), status: 'signedIn' } }, recordActions: false });

const comment = (over: Partial<Comment>): Comment => ({ id: 'c1', author: { name: 'Ben', username: null }, body: 'Nice line', createdAt: '2025-07-14T10:00:00.000Z', editedAt: null, mine: false, canDelete: true, ...over });

test('a comment added or hidden elsewhere shows in the flight’s comments', async () => {
  let comments: Comment[] = [comment({})];
  const api = mockApi({
    'GET /api/public/flights/Tok/comments': () => ({ body: { comments } }),
    'GET /api/public/flights/Tok/likes': { body: { count: 0, likedByYou: false, pilots: [] } },
    'POST /api/public/flights/Tok/comments': ({ body }) => {
      const added = comment({ id: 'c2', author: { name: 'anna', username: 'anna' }, body: (body as { body: string }).body, mine: true });
      comments = [...comments, added];
      return { status: 201, body: added };
    },
    // The administrator hides Ben's comment from the moderation queue (debug area).
    'POST /api/debug/reports/5/hide': () => ((comments = comments.filter((c) => c.id !== 'c1')), { body: { reports: [] } }),
  });
  const store = signedIn('anna');
  renderWithProviders(<CommunitySection token="Tok" />, { store });
  expect(await screen.findByText('Nice line')).toBeInTheDocument();

  await act(() => store.dispatch(communityApi.endpoints.addComment.initiate({ token: 'Tok', body: 'Written on another screen' })));
  expect(await screen.findByText('Written on another screen')).toBeInTheDocument();

  await act(() => store.dispatch(communityApi.endpoints.moderate.initiate({ id: 5, action: 'hide' })));
  await waitFor(() => expect(screen.queryByText('Nice line')).toBeNull());
  expect(screen.getByText('Written on another screen')).toBeInTheDocument();
  expect(api.calls.filter((c) => c.method === 'GET' && c.path.endsWith('/comments'))).toHaveLength(3);
});

test('a like changes the count on the flight and on the feed', async () => {
  const user = userEvent.setup();
  let liked = false;
  const likes = () => ({ body: { count: liked ? 3 : 2, likedByYou: liked, pilots: [] } });
  const feedItem = (): Feed['flights'][number] => ({
    token: 'Tok', pilot: { name: 'Ben', username: 'ben' }, startTime: '2025-07-14T08:05:00.000Z', timeZone: 'UTC', flightTime: 3600, distance: 20, xcPoints: 30, flightCode: 'od', place: null, likeCount: liked ? 3 : 2, commentCount: 0,
  });
  mockApi({
    'GET /api/public/flights/Tok/comments': { body: { comments: [] } },
    'GET /api/public/flights/Tok/likes': likes,
    'PUT /api/public/flights/Tok/like': () => ((liked = true), likes()),
    'GET /api/feed': () => ({ body: { flights: [feedItem()], next: null } }),
  });
  renderWithProviders(
    <>
      <FeedPage />
      <CommunitySection token="Tok" />
    </>,
    { store: signedIn('anna') },
  );
  const row = (await screen.findByRole('link', { name: 'Ben' })).closest('tr')!;
  expect(row).toHaveTextContent('2 likes');
  await user.click(await screen.findByRole('button', { name: 'Like' }));
  expect(await screen.findByRole('button', { name: 'Unlike' })).toBeInTheDocument();
  expect(screen.getByText('3 likes', { selector: 'span' })).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('link', { name: 'Ben' }).closest('tr')).toHaveTextContent('3 likes'));
});

test('following a pilot brings their flights into the feed; unfollowing takes them out', async () => {
  const user = userEvent.setup();
  let following = false;
  const state = () => ({ body: { following, blocked: false, acceptsFollowers: true, followers: following ? 1 : 0, followingCount: 0 } });
  const annasFlight: Feed['flights'][number] = {
    token: 'Anna1', pilot: { name: 'Anna Alpin', username: 'anna' }, startTime: '2025-07-14T08:05:00.000Z', timeZone: 'UTC', flightTime: 3600, distance: 20, xcPoints: 30, flightCode: 'od', place: null, likeCount: 0, commentCount: 0,
  };
  mockApi({
    'GET /api/pilots/anna/follow': state,
    'PUT /api/pilots/anna/follow': () => ((following = true), state()),
    'DELETE /api/pilots/anna/follow': () => ((following = false), state()),
    'GET /api/feed': () => ({ body: { flights: following ? [annasFlight] : [], next: null } }),
  });
  renderWithProviders(
    <>
      <FollowBar username="anna" name="Anna Alpin" followers={0} following={0} />
      <FeedPage />
    </>,
    { store: signedIn('ben') },
  );
  expect(await screen.findByText('No flights yet: follow pilots on their pages.')).toBeInTheDocument();
  await user.click(await screen.findByRole('button', { name: 'Follow' }));
  expect(await screen.findByRole('link', { name: 'Anna Alpin' })).toHaveAttribute('href', '/pilots/anna');
  await user.click(screen.getByRole('button', { name: 'Unfollow' }));
  expect(await screen.findByText('No flights yet: follow pilots on their pages.')).toBeInTheDocument();
});

test('removing a follower or blocking a pilot reads their follow state again', async () => {
  let followsBen = true;
  const api = mockApi({
    'GET /api/pilots/ben/follow': () => ({ body: { following: followsBen, blocked: false, acceptsFollowers: true, followers: 0, followingCount: 0 } }),
    'DELETE /api/followers/ben': { status: 204 },
    'PUT /api/pilots/ben/block': () => ((followsBen = false), { body: { blocked: true } }),
  });
  const store = signedIn('anna');
  renderWithProviders(<FollowBar username="ben" name="Ben" followers={1} following={0} />, { store });
  expect(await screen.findByRole('button', { name: 'Unfollow' })).toBeInTheDocument();
  await act(() => store.dispatch(communityApi.endpoints.removeFollower.initiate('ben')));
  await waitFor(() => expect(api.calls.filter((c) => c.path === '/api/pilots/ben/follow')).toHaveLength(2));
  await act(() => store.dispatch(communityApi.endpoints.blockPilot.initiate({ username: 'ben', blocked: true })));
  expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
});

test('joining and leaving a club show on the pilot’s list of clubs', async () => {
  let mine: MyClubs['clubs'] = [];
  mockApi({
    'GET /api/clubs': () => ({ body: { clubs: mine } }),
    'POST /api/clubs/join': () => ((mine = [{ slug: 'flyers', name: 'Flyers', role: 'member', memberCount: 2 }]), { body: { slug: 'flyers', name: 'Flyers' } }),
    'DELETE /api/clubs/flyers/members/anna': () => ((mine = []), { status: 204 }),
  });
  const store = signedIn('anna');
  renderWithProviders(<ClubsPage />, { store });
  expect(await screen.findByText(/You belong to no club yet/)).toBeInTheDocument();

  // The invite page joins; this list was loaded before.
  await act(() => store.dispatch(clubsApi.endpoints.joinClub.initiate('an-invite-token-of-16')));
  const entry = (await screen.findByRole('link', { name: 'Flyers' })).closest('li')!;
  expect(entry).toHaveTextContent('Flyers · member · 2 members');

  // The club's page leaves.
  await act(() => store.dispatch(clubsApi.endpoints.removeMember.initiate({ slug: 'flyers', username: 'anna' })));
  expect(await screen.findByText(/You belong to no club yet/)).toBeInTheDocument();
});

const flyers = (members: Club['members'], places: Club['places']): Club => ({
  slug: 'flyers', name: 'Flyers', places, members, otherMembers: 0, yourRole: 'admin', date: '2025-07-16', weekStart: '2025-07-14', today: [], week: [], season: 2025, league: 'XContest', ranking: [],
});

test('an admin’s changes to members and home places show on the club’s page', async () => {
  const user = userEvent.setup();
  let members: Club['members'] = [
    { pilot: { displayName: 'Anna Alpin', username: 'anna' }, role: 'admin', you: true },
    { pilot: { displayName: 'Ben', username: 'ben' }, role: 'member', you: false },
  ];
  let places: Club['places'] = [{ id: 'pl_Niesen', name: 'Niesen' }];
  const api = mockApi({
    'GET /api/clubs/flyers': () => ({ body: flyers(members, places) }),
    'GET /api/rankings/places': { body: { places: [{ id: 'pl_Niesen', name: 'Niesen' }, { id: 'pl_Fiesch', name: 'Fiesch' }] } },
    'PUT /api/clubs/flyers/admins/ben': () => ((members = members.map((m) => (m.pilot.username === 'ben' ? { ...m, role: 'admin' } : m))), { status: 204 }),
    'DELETE /api/clubs/flyers/members/ben': () => ((members = members.filter((m) => m.pilot.username !== 'ben')), { status: 204 }),
    'PUT /api/clubs/flyers/places': ({ body }) => ((places = (body as { places: string[] }).places.map((id) => ({ id, name: id.slice(3) }))), { status: 204 }),
  });
  renderRoutes([{ path: '/clubs/:slug', element: <ClubPage /> }], { initialEntries: ['/clubs/flyers'], store: signedIn('anna') });
  const list = await screen.findByRole('region', { name: 'Members' });
  await user.click(within(list).getByRole('button', { name: 'Make Ben admin' }));
  expect(await within(list).findByText('Ben (admin)')).toBeInTheDocument();
  await user.click(within(list).getByRole('button', { name: 'Remove Ben' }));
  await waitFor(() => expect(within(list).queryByText(/Ben/)).toBeNull());

  const home = screen.getByRole('region', { name: 'Home places' });
  await user.click(within(home).getByRole('button', { name: 'Remove Niesen' }));
  expect(await within(home).findByText('No home places yet.')).toBeInTheDocument();
  expect(api.calls.filter((c) => c.method === 'GET' && c.path === '/api/clubs/flyers')).toHaveLength(4);
});
