import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Club } from '../../../../contract/clubs';
import type { PublicFlightRef } from '../../../../contract/community';
import { mockApi, type MockAnswer } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';
import '../ClubPage';

afterEach(() => jest.restoreAllMocks());

const ref = (token: string, name: string, startTime: string): PublicFlightRef => ({ token, pilot: { name, username: null }, startTime, timeZone: 'UTC', flightTime: 3600, distance: 20, xcPoints: 30, flightCode: 'od' });

const club = (yourRole: Club['yourRole']): Club => ({
  slug: 'flyers',
  name: 'Flyers',
  places: [{ id: 'pl_Niesen', name: 'Niesen' }],
  members: [
    { pilot: { displayName: 'Anna Alpin', username: yourRole ? 'anna' : null }, role: 'admin', you: yourRole === 'admin' },
    { pilot: { displayName: 'Ben', username: yourRole ? 'ben' : null }, role: 'member', you: false },
  ],
  otherMembers: 0,
  yourRole,
  date: '2025-07-16',
  weekStart: '2025-07-14',
  today: [ref('Today1', 'Ben', '2025-07-16T10:00:00.000Z')],
  week: [ref('Week1', 'Anna Alpin', '2025-07-14T10:00:00.000Z'), ref('Today1', 'Ben', '2025-07-16T10:00:00.000Z')],
  season: 2025,
  league: 'XContest',
  ranking: [{ rank: 1, pilot: { displayName: 'Ben', username: null }, points: 30, flights: [{ token: 'Today1', points: 30, date: '2025-07-16' }] }],
});

function visit(routes: Record<string, MockAnswer>) {
  const api = mockApi({ 'GET /api/config': { body: { devLogin: false, googleLogin: false, tiles: { street: 's', topo: 't', satellite: 'x' } } }, ...routes });
  return { ...api, ...renderApp({ route: '/clubs/flyers' }) };
}

test('a visitor sees the members’ flights of today and this week, the ranking and the home places, and no admin controls', async () => {
  visit({ 'GET /api/clubs/flyers': { body: club(null) } });
  expect(await screen.findByRole('heading', { level: 1, name: 'Flyers' })).toBeInTheDocument();
  expect(within(screen.getByRole('table', { name: 'Flights of today' })).getByRole('link', { name: 'Ben' })).toHaveAttribute('href', '/shared/Today1');
  expect(within(screen.getByRole('table', { name: 'Flights of this week' })).getAllByRole('row')).toHaveLength(3);
  expect(within(screen.getByRole('table', { name: 'Club ranking 2025' })).getAllByRole('row')).toHaveLength(2);
  expect(screen.getByRole('link', { name: 'Niesen' })).toHaveAttribute('href', '/places/pl_Niesen');
  expect(screen.queryByRole('button')).toBeNull();
});

test('an admin makes an invite link, makes a member admin and removes one', async () => {
  const user = userEvent.setup();
  const { calls } = visit({
    'GET /api/clubs/flyers': { body: club('admin') },
    'POST /api/clubs/flyers/invite': { body: { url: 'https://logbook.example/clubs/join/abc', token: 'abc' } },
    'PUT /api/clubs/flyers/admins/ben': { status: 204 },
    'DELETE /api/clubs/flyers/members/ben': { status: 409, body: { message: 'A club always keeps an admin: make another member admin first.' } },
  });
  await user.click(await screen.findByRole('button', { name: 'Make an invite link' }));
  expect(await screen.findByLabelText('Invite link')).toHaveValue('https://logbook.example/clubs/join/abc');
  await user.click(screen.getByRole('button', { name: 'Copy link' }));
  // Announced to screen readers, and really on the clipboard.
  expect(await screen.findByText('Copied')).toHaveAttribute('role', 'status');
  await expect(navigator.clipboard.readText()).resolves.toBe('https://logbook.example/clubs/join/abc');
  await user.click(screen.getByRole('button', { name: 'Make Ben admin' }));
  await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/clubs/flyers/admins/ben')).toBe(true));
  await user.click(screen.getByRole('button', { name: 'Remove Ben' }));
  expect(await screen.findByText('A club always keeps an admin: make another member admin first.')).toBeInTheDocument();
});

test('an unknown club is not found', async () => {
  visit({ 'GET /api/clubs/flyers': { status: 404, body: { message: 'This club does not exist.' } } });
  expect(await screen.findByRole('heading', { name: /not found/i })).toBeInTheDocument();
});

test('an admin adds and removes home places from the known places', async () => {
  const user = userEvent.setup();
  let places = [{ id: 'pl_Niesen', name: 'Niesen' }];
  const { calls } = visit({
    'GET /api/clubs/flyers': () => ({ body: { ...club('admin'), places } }),
    'GET /api/rankings/places': { body: { places: [{ id: 'pl_Niesen', name: 'Niesen', flights: 9 }, { id: 'pl_Amden', name: 'Amden', flights: 4 }] } },
    'PUT /api/clubs/flyers/places': (req) => {
      places = (req.body as { places: string[] }).places.map((id) => ({ id, name: id === 'pl_Amden' ? 'Amden' : 'Niesen' }));
      return { status: 204 };
    },
  });
  const section = await screen.findByRole('region', { name: 'Home places' });
  const select = within(section).getByLabelText('Place');
  // Only places the club does not have yet are offered.
  await waitFor(() => expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a place', 'Amden']));
  await user.selectOptions(select, 'pl_Amden');
  await user.click(within(section).getByRole('button', { name: 'Add home place' }));
  await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ places: ['pl_Niesen', 'pl_Amden'] }));
  await user.click(await within(section).findByRole('button', { name: 'Remove Niesen' }));
  await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ places: ['pl_Amden'] }));
  expect(await within(section).findByText('Amden')).toBeInTheDocument();
});

test('an admin deletes the club only after confirming in the dialog', async () => {
  const user = userEvent.setup();
  const { calls } = visit({
    'GET /api/clubs/flyers': { body: club('admin') },
    'GET /api/rankings/places': { body: { places: [] } },
    'DELETE /api/clubs/flyers': { status: 204 },
    'GET /api/clubs': { body: { clubs: [] } },
  });
  await user.click(await screen.findByRole('button', { name: 'Delete Flyers' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete Flyers?' });
  expect(dialog).toHaveTextContent('Its 2 members lose the membership');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  await user.click(screen.getByRole('button', { name: 'Delete Flyers' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Delete Flyers?' })).getByRole('button', { name: 'Delete the club' }));
  await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/clubs/flyers')).toBe(true));
});

test('a member sees neither the home-place editor nor the delete button', async () => {
  visit({ 'GET /api/clubs/flyers': { body: club('member') } });
  expect(await screen.findByRole('heading', { level: 1, name: 'Flyers' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Delete Flyers' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Add home place' })).toBeNull();
});

test('a visitor sees members with a public page by name and the others as a count', async () => {
  visit({ 'GET /api/clubs/flyers': { body: { ...club(null), members: [club(null).members[1]!], otherMembers: 3 } } });
  const members = await screen.findByRole('region', { name: 'Members' });
  expect(within(members).getByText('Ben')).toBeInTheDocument();
  expect(within(members).queryByText(/Anna Alpin/)).toBeNull();
  expect(within(members).getByText('and 3 more members')).toBeInTheDocument();
});
