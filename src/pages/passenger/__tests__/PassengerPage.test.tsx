import { screen, waitFor } from '@testing-library/react';
import { createFlightMap } from '../../../components/map/flight-map';
import { mockApi, type MockAnswer } from '../../../testing/mock-api';
import { mockMapController } from '../../../testing/map-controller';
import { renderApp } from '../../../testing/render';
// Loaded before the router asks for it, so the lazy route does not wait for its compilation.
import '../PassengerPage';

jest.mock('../../../components/map/flight-map', () => ({ createFlightMap: jest.fn() }));
const controller = mockMapController();
(createFlightMap as jest.Mock).mockImplementation(() => controller);

afterEach(() => jest.restoreAllMocks());

const TOKEN = 'PaSsEnGeRtOkEnXXXXXXXXXXXXXXXXXX';
const track = (n: number) => [
  { type: 'flight', id: 'flight', geometry: { type: 'LineString', points: Array.from({ length: n }, (_, i) => ({ latitude: 46 + i / 1000, longitude: 8, baroAltitude: 1000 + i, timestamp: 1_752_480_300_000 + i * 1000 })) } },
];
const page = { passengerName: 'Anna Gast', pilotName: null, startTime: '2025-07-14T08:05:00.000Z', timeZone: 'Europe/Zurich', flightTime: 1800, hasTrack: true };

function visit(path: string, routes: Record<string, MockAnswer>) {
  const api = mockApi({ 'GET /api/config': { body: { devLogin: false, googleLogin: false, tiles: { street: 's', topo: 't', satellite: 'x' } } }, ...routes });
  return { ...api, ...renderApp({ route: path }) };
}

test('shows the passenger their flight’s map and height profile, without a session and without the pilot’s name', async () => {
  const { calls } = visit(`/passenger/${TOKEN}`, {
    [`GET /api/public/passengers/${TOKEN}`]: { body: page },
    [`GET /api/public/passengers/${TOKEN}/features`]: { body: track(20) },
  });
  expect(await screen.findByRole('heading', { level: 1, name: "Anna Gast's tandem flight" }, { timeout: 20000 })).toBeInTheDocument();
  expect(screen.getByText('Jul 14, 2025, 10:05 · 0:30 h')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Flight Path' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Height Profile' })).toBeInTheDocument();
  await waitFor(() => expect(controller.setFeatures).toHaveBeenCalled());
  // Nothing but the page and its track is asked for: no session, no other flight.
  expect(calls.map((c) => c.path).filter((p) => p.startsWith('/api/') && p !== '/api/config' && p !== '/api/auth/session')).toEqual([`/api/public/passengers/${TOKEN}`, `/api/public/passengers/${TOKEN}/features`]);
});

test('names the pilot when the pilot chose to', async () => {
  visit(`/passenger/${TOKEN}`, { [`GET /api/public/passengers/${TOKEN}`]: { body: { ...page, pilotName: 'Tom Tandem', hasTrack: false } } });
  expect(await screen.findByText(/with Tom Tandem/, undefined, { timeout: 20000 })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Flight Path' })).not.toBeInTheDocument();
});

test('says the flight is not shared for a revoked link', async () => {
  visit(`/passenger/${TOKEN}`, { [`GET /api/public/passengers/${TOKEN}`]: { status: 404, body: { message: 'This passenger page does not exist or is no longer shared.' } } });
  expect(await screen.findByRole('heading', { name: 'This flight is not shared' }, { timeout: 20000 })).toBeInTheDocument();
});
