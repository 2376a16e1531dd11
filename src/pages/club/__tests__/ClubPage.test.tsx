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
  await user.click(screen.getByRole('button', { name: 'Make Ben admin' }));
  await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/clubs/flyers/admins/ben')).toBe(true));
  await user.click(screen.getByRole('button', { name: 'Remove Ben' }));
  expect(await screen.findByText('A club always keeps an admin: make another member admin first.')).toBeInTheDocument();
});

test('an unknown club is not found', async () => {
  visit({ 'GET /api/clubs/flyers': { status: 404, body: { message: 'This club does not exist.' } } });
  expect(await screen.findByRole('heading', { name: /not found/i })).toBeInTheDocument();
});
