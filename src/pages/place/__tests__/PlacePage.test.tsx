import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Place, PublicFlightRef } from '../../../../contract/community';
import { mockApi, type MockAnswer } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';
// Loaded before the router asks for it, so the lazy route does not wait for its compilation.
import '../PlacePage';

afterEach(() => jest.restoreAllMocks());

const ref = (token: string, name: string, startTime: string): PublicFlightRef => ({
  token,
  pilot: { name, username: null },
  startTime,
  timeZone: 'UTC',
  flightTime: 5_430,
  distance: 42.356,
  xcPoints: 50,
  flightCode: 'od',
});

const place: Place = {
  id: 'pl_Niesen',
  name: 'Niesen',
  category: 'paraglider',
  latitude: 46.6,
  longitude: 7.65,
  pilotCount: 3,
  flightCount: 9,
  days: [{ date: '2025-07-14', count: 2 }],
  season: 2025,
  best: [ref('Best1', 'Anna Alpin', '2025-07-14T08:05:00.000Z')],
};

function visit(path: string, routes: Record<string, MockAnswer>) {
  const api = mockApi({ 'GET /api/config': { body: { devLogin: false, googleLogin: false, tiles: { street: 's', topo: 't', satellite: 'x' } } }, ...routes });
  return { ...api, ...renderApp({ route: path }) };
}

const pad = (n: number) => String(n).padStart(2, '0');
const now = new Date();
const TODAY = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

test('shows the place, how many pilots fly it, its best flights of the season and opens on its most recent day with flights; another day on request', async () => {
  const user = userEvent.setup();
  const { calls } = visit('/places/pl_Niesen', {
    'GET /api/places/pl_Niesen': { body: { ...place, days: [{ date: '2025-07-14', count: 2 }, { date: '2025-07-01', count: 1 }] } },
    [`GET /api/places/pl_Niesen/days/${TODAY}`]: { body: { place: { id: 'pl_Niesen', name: 'Niesen' }, date: TODAY, flights: [] } },
    'GET /api/places/pl_Niesen/days/2025-07-14': {
      body: { place: { id: 'pl_Niesen', name: 'Niesen' }, date: '2025-07-14', flights: [ref('Day1', 'Ben', '2025-07-14T09:30:00.000Z')] },
    },
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Niesen' })).toBeInTheDocument();
  expect(screen.getByText('3 pilots fly here')).toBeInTheDocument();
  const best = screen.getByRole('table', { name: 'Best flights of 2025' });
  expect(within(best).getByRole('link', { name: 'Anna Alpin' })).toHaveAttribute('href', '/shared/Best1');
  expect(best).toHaveTextContent('Jul 14, 2025');
  // Not today, which is nearly always empty: the latest day with public flights.
  const day = screen.getByLabelText('Day');
  expect(day).toHaveValue('2025-07-14');
  const flights = await screen.findByRole('table', { name: 'Flights of the day' });
  expect(within(flights).getByRole('link', { name: 'Ben' })).toHaveAttribute('href', '/shared/Day1');
  expect(flights).toHaveTextContent('09:30');
  expect(within(screen.getByRole('group', { name: 'Recent days with flights' })).getByRole('button', { name: 'Jul 14, 2025 (2)' })).toHaveAttribute('aria-pressed', 'true');

  await user.clear(day);
  await user.type(day, TODAY);
  expect(await screen.findByText('No public flights on this day.')).toBeInTheDocument();
  await waitFor(() => expect(calls.some((c) => c.path === `/api/places/pl_Niesen/days/${TODAY}`)).toBe(true));
});

test('opens on today when the place lists no recent day', async () => {
  visit('/places/pl_Niesen', {
    'GET /api/places/pl_Niesen': { body: { ...place, days: [] } },
    [`GET /api/places/pl_Niesen/days/${TODAY}`]: { body: { place: { id: 'pl_Niesen', name: 'Niesen' }, date: TODAY, flights: [] } },
  });
  expect(await screen.findByLabelText('Day')).toHaveValue(TODAY);
  expect(await screen.findByText('No public flights on this day.')).toBeInTheDocument();
});

test('an unknown place is not found', async () => {
  visit('/places/nope', { 'GET /api/places/nope': { status: 404, body: { message: 'Not found' } } });
  expect(await screen.findByRole('heading', { name: /not found/i })).toBeInTheDocument();
});

test('opens at the day a link asks for, and offers the recent days with flights', async () => {
  const user = userEvent.setup();
  const { calls, router } = visit('/places/pl_Niesen?day=2025-07-14', {
    'GET /api/places/pl_Niesen': { body: { ...place, days: [{ date: '2025-07-14', count: 2 }, { date: '2025-07-01', count: 1 }] } },
    'GET /api/places/pl_Niesen/days/2025-07-14': { body: { place: { id: 'pl_Niesen', name: 'Niesen' }, date: '2025-07-14', flights: [ref('Day1', 'Ben', '2025-07-14T09:30:00.000Z')] } },
    'GET /api/places/pl_Niesen/days/2025-07-01': { body: { place: { id: 'pl_Niesen', name: 'Niesen' }, date: '2025-07-01', flights: [ref('Day2', 'Carla', '2025-07-01T10:00:00.000Z')] } },
  });
  expect(await screen.findByLabelText('Day')).toHaveValue('2025-07-14');
  expect(within(await screen.findByRole('table', { name: 'Flights of the day' })).getByRole('link', { name: 'Ben' })).toBeInTheDocument();
  const days = screen.getByRole('group', { name: 'Recent days with flights' });
  expect(within(days).getByRole('button', { name: 'Jul 14, 2025 (2)' })).toHaveAttribute('aria-pressed', 'true');
  await user.click(within(days).getByRole('button', { name: 'Jul 1, 2025 (1)' }));
  expect(await screen.findByRole('link', { name: 'Carla' })).toHaveAttribute('href', '/shared/Day2');
  expect(screen.getByLabelText('Day')).toHaveValue('2025-07-01');
  expect(router.state.location.search).toBe('?day=2025-07-01');
  expect(calls.some((c) => c.path === `/api/places/pl_Niesen/days/${TODAY}`)).toBe(false);
});
