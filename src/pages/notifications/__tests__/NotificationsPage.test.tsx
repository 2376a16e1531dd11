import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification } from '../../../../contract/notifications';
import { createStore } from '../../../app/store';
import { NotificationBell } from '../../../features/notifications/NotificationBell';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import NotificationsPage from '../NotificationsPage';

afterEach(() => jest.restoreAllMocks());

const anna = { id: 1, email: 'anna@example.com', username: 'anna', displayName: null, role: 'User' as const, preferredLanguage: 'en' as const, emailVerified: true, authProvider: 'local' as const };
const signedIn = () => createStore({ preloadedState: { auth: { user: anna, status: 'signedIn' } }, recordActions: false });
const flight = { token: 'Tok', startTime: '2025-07-14T10:00:00.000Z', timeZone: 'Europe/Zurich', place: { id: 'P1', name: 'Niesen' } };
const note = (id: string, over: Partial<Notification>): Notification => ({ id, kind: 'follow', at: '2025-07-15T08:00:00.000Z', read: false, actor: null, flight: null, excerpt: null, ...over });

/** The server's bell: each mark answers the new list, as the real one does. */
function bellServer() {
  let notifications = [
    note('n1', { kind: 'comment', actor: { name: 'Ben', username: 'ben' }, flight, excerpt: '<b>Great</b> climb' }),
    note('n2', { kind: 'like', actor: { name: 'Carla', username: null }, flight }),
    note('n3', { kind: 'follow', actor: { name: 'Ben', username: 'ben' } }),
    note('n4', { kind: 'reportHandled', flight, excerpt: 'buy cheap wings' }),
    note('n5', { kind: 'commentHidden', flight, excerpt: 'my rude words', read: true }),
  ];
  const answer = () => ({ body: { notifications, unread: notifications.filter((n) => !n.read).length } });
  return mockApi({
    'GET /api/notifications': answer,
    'POST /api/notifications/n2/read': () => ((notifications = notifications.map((n) => (n.id === 'n2' ? { ...n, read: true } : n))), answer()),
    'POST /api/notifications/read': () => ((notifications = notifications.map((n) => ({ ...n, read: true }))), answer()),
  });
}

test('the bell links to the notifications and says how many are unread, in words', async () => {
  bellServer();
  renderWithProviders(<NotificationBell />, { store: signedIn() });
  const bell = await screen.findByRole('link', { name: 'Notifications, 4 unread' });
  expect(bell).toHaveAttribute('href', '/notifications');
  expect(bell).toHaveTextContent('4');
});

test('the bell shows no count when everything is read', async () => {
  mockApi({ 'GET /api/notifications': { body: { notifications: [note('n1', { read: true })], unread: 0 } } });
  renderWithProviders(<NotificationBell />, { store: signedIn() });
  await waitFor(() => expect(screen.getByRole('link', { name: 'Notifications' })).toHaveTextContent(''));
});

test('lists each kind with its pilot and flight, unread ones marked; marks one, then all, read', async () => {
  const user = userEvent.setup();
  const { calls } = bellServer();
  renderWithProviders(
    <>
      <NotificationBell />
      <NotificationsPage />
    </>,
    { store: signedIn() },
  );
  expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
  const items = await screen.findAllByTestId('notification');
  expect(items.map((i) => i.querySelector('p')!.textContent)).toEqual([
    'New: Ben commented on your flight Jul 14, 2025 · Niesen:',
    'New: Carla likes your flight Jul 14, 2025 · Niesen.',
    'New: Ben follows you.',
    'New: A moderator handled your report of this comment on the flight Jul 14, 2025 · Niesen:',
    'A moderator removed your comment on the flight Jul 14, 2025 · Niesen:',
  ]);
  // Comments are plain text, never HTML.
  expect(within(items[0]!).getByText('<b>Great</b> climb')).toBeInTheDocument();
  expect(document.querySelector('blockquote b')).toBeNull();
  expect(within(items[0]!).getByRole('link', { name: 'Ben' })).toHaveAttribute('href', '/pilots/ben');
  expect(within(items[0]!).getByRole('link', { name: 'Jul 14, 2025 · Niesen' })).toHaveAttribute('href', '/shared/Tok');
  // A pilot without a public page is named, not linked.
  expect(within(items[1]!).queryByRole('link', { name: 'Carla' })).toBeNull();
  expect(screen.getByRole('status')).toHaveTextContent('4 unread');

  await user.click(within(items[1]!).getByRole('button', { name: 'Mark as read' }));
  expect(await screen.findByRole('link', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
  expect(within(screen.getAllByTestId('notification')[1]!).queryByRole('button', { name: 'Mark as read' })).toBeNull();

  await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
  expect(await screen.findByText('All read')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Mark as read' })).toBeNull();
  expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/notifications/n2/read', '/api/notifications/read']);
});

test('says so when there is nothing yet', async () => {
  mockApi({ 'GET /api/notifications': { body: { notifications: [], unread: 0 } } });
  renderWithProviders(<NotificationsPage />, { store: signedIn() });
  expect(await screen.findByText(/Nothing yet/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
});
