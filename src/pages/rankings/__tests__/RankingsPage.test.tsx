import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Ranking } from '../../../../contract/rankings';
import { mockApi, type MockAnswer } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';
// Loaded before the router asks for it, so the lazy route does not wait for its compilation.
import '../RankingsPage';

afterEach(() => jest.restoreAllMocks());

const ranking: Ranking = [
  { rank: 1, pilot: { displayName: 'Anna Alpin', username: 'anna' }, points: 312.5, flights: [{ token: 'T1', points: 200, date: '2025-07-14' }, { token: 'T2', points: 112.5, date: '2025-06-01' }] },
  { rank: 2, pilot: { displayName: 'Ben', username: null }, points: 90, flights: [{ token: 'T3', points: 90, date: '2025-05-02' }] },
];

function visit(path: string, routes: Record<string, MockAnswer>) {
  const api = mockApi({ 'GET /api/config': { body: { devLogin: false, googleLogin: false, tiles: { street: 's', topo: 't', satellite: 'x' } } }, ...routes });
  return { ...api, ...renderApp({ route: path }) };
}

test('shows the season ranking with the flights that count, and filters by wing class through the address', async () => {
  const user = userEvent.setup();
  const { calls } = visit('/rankings?season=2025', {
    'GET /api/rankings': (req) => ({ body: req.query.get('gliderClass') === 'EN C' ? [] : ranking }),
  });
  const table = await screen.findByRole('table', { name: 'Season ranking 2025' });
  const rows = within(table).getAllByRole('row');
  expect(rows[1]).toHaveTextContent('1Anna Alpin312.50');
  // A visitor has no league of their own: the default is the site's.
  expect(within(screen.getByLabelText('League')).getAllByRole('option')[0]).toHaveTextContent('This site’s league');
  expect(within(rows[1]!).getByRole('link', { name: 'Anna Alpin' })).toHaveAttribute('href', '/pilots/anna');
  expect(within(rows[1]!).getByRole('link', { name: 'Flight of Jul 14, 2025 with 200.00 points' })).toHaveAttribute('href', '/shared/T1');
  // A pilot without a public page is a name, not a link.
  expect(within(rows[2]!).queryByRole('link', { name: 'Ben' })).toBeNull();
  expect(calls.find((c) => c.path === '/api/rankings')!.query.get('season')).toBe('2025');

  await user.selectOptions(screen.getByLabelText('Glider class'), 'EN C');
  expect(await screen.findByText('No public scored flights in this season yet.')).toBeInTheDocument();
  await waitFor(() => expect(calls.some((c) => c.path === '/api/rankings' && c.query.get('gliderClass') === 'EN C')).toBe(true));
});

test('says why when the ranking cannot load', async () => {
  visit('/rankings?season=2025&club=gone', { 'GET /api/rankings': { status: 404, body: { message: 'This club does not exist.' } } });
  expect(await screen.findByRole('alert')).toHaveTextContent('This club does not exist.');
});

test('a signed-in pilot picks a place and one of their clubs; both go into the address and the query', async () => {
  const user = userEvent.setup();
  const anna = { id: 1, email: 'anna@example.com', username: 'anna', displayName: null, role: 'User' as const, preferredLanguage: 'en' as const, emailVerified: true, authProvider: 'local' as const };
  const api = mockApi({
    'GET /api/config': { body: { devLogin: false, googleLogin: false, tiles: { street: 's', topo: 't', satellite: 'x' } } },
    'GET /api/auth/check': { body: { user: anna } },
    'GET /api/rankings': { body: ranking },
    'GET /api/rankings/places': { body: { places: [{ id: 'pl_Niesen', name: 'Niesen', flights: 9 }, { id: 'pl_Amden', name: 'Amden', flights: 4 }] } },
    'GET /api/clubs': { body: { clubs: [{ slug: 'flyers', name: 'Flyers', role: 'member', memberCount: 2 }] } },
  });
  renderApp({ route: '/rankings?season=2025', preloadedState: { auth: { user: anna, status: 'signedIn' } } });
  const place = await screen.findByLabelText('Place');
  // Places by name; the season's list.
  await waitFor(() => expect(within(place).getAllByRole('option').map((o) => o.textContent)).toEqual(['All places', 'Amden', 'Niesen']));
  expect(api.calls.find((c) => c.path === '/api/rankings/places')!.query.get('season')).toBe('2025');
  // Without a choice the server ranks by the pilot's own league.
  expect(within(screen.getByLabelText('League')).getAllByRole('option')[0]).toHaveTextContent('Your league');
  await user.selectOptions(place, 'pl_Amden');
  const club = screen.getByLabelText('Club');
  await waitFor(() => expect(within(club).getAllByRole('option').map((o) => o.textContent)).toEqual(['All pilots', 'Flyers']));
  await user.selectOptions(club, 'flyers');
  await waitFor(() => expect(api.calls.some((c) => c.path === '/api/rankings' && c.query.get('place') === 'pl_Amden' && c.query.get('club') === 'flyers')).toBe(true));
});

test('a shared address keeps its club and place chosen for a visitor', async () => {
  visit('/rankings?season=2025&club=flyers&place=pl_Gone', { 'GET /api/rankings': { body: ranking }, 'GET /api/rankings/places': { body: { places: [] } } });
  expect(await screen.findByRole('table', { name: 'Season ranking 2025' })).toBeInTheDocument();
  expect(screen.getByLabelText('Club')).toHaveValue('flyers');
  expect(screen.getByLabelText('Place')).toHaveValue('pl_Gone');
});

test('ranks paragliders by default and another aircraft category when picked, with that category’s places', async () => {
  const user = userEvent.setup();
  const gliding: Ranking = [{ rank: 1, pilot: { displayName: 'Sepp Segler', username: null }, points: 1227, flights: [{ token: 'S1', points: 1227, date: '2025-05-04' }] }];
  const { calls } = visit('/rankings?season=2025', {
    'GET /api/rankings': (req) => ({ body: req.query.get('category') === 'sailplane' ? gliding : ranking }),
    'GET /api/rankings/places': (req) => ({ body: { places: req.query.get('category') === 'sailplane' ? [{ id: 'pl_Airfield', name: 'Unterwössen', flights: 1 }] : [{ id: 'pl_Niesen', name: 'Niesen', flights: 9 }] } }),
  });
  const table = await screen.findByRole('table', { name: 'Season ranking 2025' });
  expect(within(table).queryByText('Sepp Segler')).toBeNull();
  const aircraft = screen.getByLabelText('Aircraft');
  expect(aircraft).toHaveDisplayValue('Paraglider');
  expect(calls.find((c) => c.path === '/api/rankings')!.query.get('category')).toBe('paraglider');

  await user.selectOptions(aircraft, 'Sailplane');
  expect(await screen.findByText('Sepp Segler')).toBeInTheDocument();
  expect(screen.queryByText('Anna Alpin')).toBeNull();
  await waitFor(() => expect(within(screen.getByLabelText('Place')).getAllByRole('option').map((o) => o.textContent)).toEqual(['All places', 'Unterwössen']));
  expect(calls.some((c) => c.path === '/api/rankings/places' && c.query.get('category') === 'sailplane')).toBe(true);
});
