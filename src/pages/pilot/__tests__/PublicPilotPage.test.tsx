import { screen, within } from '@testing-library/react';
import type { PublicPilot } from '../../../../contract/sharing';
import { mockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';
// Loaded before the router asks for it, so the lazy route does not wait for its compilation.
import '../PublicPilotPage';

afterEach(() => jest.restoreAllMocks());

const pilot: PublicPilot = {
  name: 'Anna Alpin',
  username: 'anna',
  totals: { totalFlights: 12, totalHours: 30.5, totalDistance: 410.2, maxAltitude: 3200, maxDistance: 85.3, maxDuration: 5.2, firstFlight: '2024-04-02T09:00:00.000Z', lastFlight: '2025-07-14T08:05:00.000Z', firstFlightTimeZone: 'Europe/Zurich', lastFlightTimeZone: 'Europe/Zurich' },
  years: [
    { year: 2025, totalFlights: 7, totalHours: 20, totalDistance: 300, maxDistance: 85.3, maxDuration: 5.2, avgFlightTime: 2.9 },
    { year: 2024, totalFlights: 5, totalHours: 10.5, totalDistance: 110.2, maxDistance: 40, maxDuration: 3, avgFlightTime: 2.1 },
  ],
  flights: [{ token: 'Tok_en-1', startTime: '2025-07-14T08:05:00.000Z', timeZone: 'Europe/Zurich', flightTime: 5_430, distance: 42.356, xcPoints: 50, flightCode: 'od', siteName: 'Niesen' }],
  followers: 0,
  following: 0,
};

test('shows the pilot name, totals, the yearly summary and the shared flights linking to their pages', async () => {
  const { router } = (mockApi({ 'GET /api/public/pilots/anna': { body: pilot } }), renderApp({ route: '/pilots/anna' }));
  expect(await screen.findByRole('heading', { level: 1, name: "Anna Alpin's flight logbook" })).toBeInTheDocument();
  expect(screen.getByText('Total Flights').nextSibling).toHaveTextContent('12');
  const years = screen.getByRole('table', { name: 'Yearly Summary' });
  expect(within(years).getAllByRole('row').map((r) => r.firstChild!.textContent)).toEqual(['Year', '2025', '2024']);
  const flights = screen.getByRole('table', { name: 'Public flights' });
  const row = within(flights).getAllByRole('row')[1]!;
  expect(row).toHaveTextContent('Niesen');
  expect(row).toHaveTextContent('1:30');
  expect(row).toHaveTextContent('42.4 km');
  expect(row).toHaveTextContent('50.00');
  expect(within(row).getByRole('link', { name: 'Jul 14, 2025' })).toHaveAttribute('href', '/shared/Tok_en-1');
  expect(document.title).toBe("Anna Alpin's flight logbook");
  expect(router.state.location.pathname).toBe('/pilots/anna');
});

test('says when no flight is shared yet', async () => {
  mockApi({ 'GET /api/public/pilots/anna': { body: { ...pilot, flights: [] } } });
  renderApp({ route: '/pilots/anna' });
  expect(await screen.findByText('No public flights yet.')).toBeInTheDocument();
});

test('an unpublished page is not found, with no detour to the login page', async () => {
  mockApi({ 'GET /api/public/pilots/bert': { status: 404, body: { message: 'Pilot page not found.' } } });
  const { router } = renderApp({ route: '/pilots/bert' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/pilots/bert');
});
