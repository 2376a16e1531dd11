import { act, screen, waitFor, within } from '@testing-library/react';
import { authApi } from '../../../api/auth';
import { createStore } from '../../../app/store';
import { createFlightMap } from '../../../components/map/flight-map';
import { flightDetail } from '../../../testing/flight-fixtures';
import { mockMapController } from '../../../testing/map-controller';
import { mockApi } from '../../../testing/mock-api';
import { renderRoutes } from '../../../testing/render';
import FlightPage from '../FlightPage';

// docs/units.md: every number on the flight page follows the pilot's units, and changes with them.
jest.mock('../../../components/map/flight-map', () => ({ createFlightMap: jest.fn() }));
const controller = mockMapController();
(createFlightMap as jest.Mock).mockImplementation(() => controller);

const imperial = { altitude: 'ft', distance: 'mi', speed: 'mph', climb: 'fpm' } as const;
const pilot = { id: 1, email: 'p@example.com', username: 'p', displayName: null, role: 'User', preferredLanguage: 'en', emailVerified: true, authProvider: 'local', units: null };
const track = [{ type: 'flight', id: 'flight', geometry: { type: 'LineString', points: Array.from({ length: 20 }, (_, i) => ({ latitude: 46 + i / 1000, longitude: 8, baroAltitude: 1000 + i, timestamp: 1_700_000_000_000 + i * 1000 })) } }];
const phases = {
  summary: { circlingShare: 0.4, thermalCount: 1, averageThermalClimb: 2.1, bestThermalClimb: 3.3, glideRatio: 8.2 },
  thermals: [{ startTime: '2023-11-14T22:13:20Z', endTime: '2023-11-14T22:15:20Z', entryAltitude: 1500, gain: 300, averageClimb: 2.5, maxClimb: 3.3, turns: 6, direction: 'left', windSpeed: 20, windDirection: 270 }],
  glides: [{ startTime: '2023-11-14T22:15:20Z', endTime: '2023-11-14T22:20:20Z', distance: 5, averageSpeed: 36, altitudeLoss: 400, glideRatio: 8.2 }],
};

afterEach(() => jest.restoreAllMocks());

const card = async (label: string) => (await screen.findByText(label)).parentElement!;

test('the stat cards, thermals and glides switch to feet, miles, mph and ft/min when the pilot changes units', async () => {
  mockApi({
    'GET /api/config': { body: { devLogin: false, googleLogin: false, tiles: { street: 's', topo: 't', satellite: 'x' } } },
    'GET /api/FlightDetail/5/detailed': { body: flightDetail({ id: 5 }) },
    'GET /api/FlightDetail/5/adjacent': { status: 404, body: { message: 'No next flight.' } },
    'GET /api/FlightDetail/5/features': { body: track },
    'GET /api/FlightDetail/5/photos': { body: [] },
    'GET /api/FlightDetail/5/phases': { body: phases },
    'PUT /api/auth/units': ({ body }) => ({ body: { units: (body as { units: unknown }).units } }),
  });
  const store = createStore({ preloadedState: { auth: { user: pilot, status: 'signedIn' } }, recordActions: false });
  renderRoutes([{ path: '/flight/:id', element: <FlightPage /> }], { initialEntries: ['/flight/5'], store });

  expect(await card('XC Distance')).toHaveTextContent('42.4 km');
  expect(await card('Max Height')).toHaveTextContent('2751 m');

  await act(async () => {
    await store.dispatch(authApi.endpoints.setUnits.initiate(imperial));
  });

  await waitFor(() => expect(screen.getByText('XC Distance').parentElement).toHaveTextContent('26.3 mi'));
  expect(await card('Ground Distance')).toHaveTextContent('34.2 mi');
  expect(await card('XC Speed')).toHaveTextContent('17.4 mph');
  expect(await card('Max Height')).toHaveTextContent('9024 ft');
  expect(await card('Start Height')).toHaveTextContent('5257 ft');
  expect(await card('Max Lift')).toHaveTextContent('898 ft/min');
  expect(await card('Max Sink')).toHaveTextContent('-677 ft/min');
  expect(screen.queryByText(/\d (m|km|km\/h|m\/s)$/)).not.toBeInTheDocument();

  const thermal = (await screen.findAllByTestId('thermal-row'))[0]!;
  expect(thermal).toHaveTextContent('4921 ft');
  expect(thermal).toHaveTextContent('984 ft');
  expect(thermal).toHaveTextContent('492 ft/min');
  expect(thermal).toHaveTextContent('12 mph 270°');
  const glide = within(screen.getByTestId('glide-table')).getAllByRole('row')[1]!;
  expect(glide).toHaveTextContent('3.1 mi');
  expect(glide).toHaveTextContent('22 mph');
  expect(glide).toHaveTextContent('1312 ft');
});
