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
