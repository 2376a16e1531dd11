import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFlightMap } from '../../../components/map/flight-map';
import { flightDetail } from '../../../testing/flight-fixtures';
import { mockMapController } from '../../../testing/map-controller';
import { mockApi } from '../../../testing/mock-api';
import { renderRoutes } from '../../../testing/render';
import FlightPage from '../FlightPage';

// Issue 26 item 7: the flight page opens at the top, names the launch, keeps long thermal and glide tables short,
// and a thermal row shows its place on the map.
jest.mock('../../../components/map/flight-map', () => ({ createFlightMap: jest.fn() }));
const controller = mockMapController();
(createFlightMap as jest.Mock).mockImplementation(() => controller);

const start = Date.parse('2024-07-14T10:00:00Z');
const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
const thermal = (i: number, gain: number) => ({ startTime: at(i * 10), endTime: at(i * 10 + 3), startIndex: i, endIndex: i + 1, entryAltitude: 1500, exitAltitude: 1500 + gain, gain, averageClimb: 2, maxClimb: 3, direction: 'left', turns: 5, latitude: 46 + i / 100, longitude: 8, windSpeed: null, windDirection: null });
const gains = [100, 900, 200, 800, 300, 700, 600, 50];
const phases = {
  summary: { circlingShare: 0.4, thermalCount: gains.length, averageThermalClimb: 2, bestThermalClimb: 3, glideRatio: 8 },
  thermals: gains.map((gain, i) => thermal(i, gain)),
  glides: [{ startTime: at(4), endTime: at(9), startIndex: 1, endIndex: 2, distance: 5, averageSpeed: 36, altitudeLoss: 400, glideRatio: 8 }],
};
const track = [{ type: 'flight', id: 'flight', geometry: { type: 'LineString', points: Array.from({ length: 20 }, (_, i) => ({ latitude: 46 + i / 1000, longitude: 8, baroAltitude: 1000 + i, timestamp: start + i * 60_000 })) } }];

function renderFlight() {
  mockApi({
    'GET /api/config': { body: { devLogin: false, googleLogin: false, tiles: { street: 's', topo: 't', satellite: 'x' } } },
    'GET /api/FlightDetail/5/detailed': { body: flightDetail({ id: 5, siteName: 'Niesen', timeZone: 'Europe/Zurich', startTime: '2024-07-14T10:00:00Z' }) },
    'GET /api/FlightDetail/5/adjacent': { status: 404, body: { message: 'No next flight.' } },
    'GET /api/FlightDetail/5/features': { body: track },
    'GET /api/FlightDetail/5/photos': { body: [] },
    'GET /api/FlightDetail/5/phases': { body: phases },
  });
  renderRoutes([{ path: '/flight/:id', element: <FlightPage /> }], { initialEntries: ['/flight/5'] });
}

afterEach(() => jest.restoreAllMocks());

test('opens at the top with the launch site beside the date, and offers the original IGC beside GPX and KML', async () => {
  const scrollTo = jest.spyOn(window, 'scrollTo');
  renderFlight();
  expect(await screen.findByTestId('flight-when-where')).toHaveTextContent(/^Jul 14, 2024, 12:00 · Niesen$/);
  expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
  expect(screen.getByRole('link', { name: 'Download IGC' })).toHaveAttribute('href', '/api/FlightDetail/5/igc');
  expect(screen.getByRole('link', { name: 'Download GPX' })).toBeInTheDocument();
});

test('shows the five best thermals in flight order and expands to all on request; the map has every thermal', async () => {
  renderFlight();
  const table = await screen.findByTestId('thermal-table');
  const numbers = () => within(table).getAllByTestId('thermal-row').map((row) => within(row).getByRole('rowheader').textContent);
  expect(numbers()).toEqual(['2', '4', '5', '6', '7']);
  // All eight go to the map, which groups those that would overlap (the journey checks the groups drawn).
  await waitFor(() => expect((controller.setThermalMarkers as jest.Mock).mock.lastCall?.[0]).toHaveLength(8));
  expect((controller.setThermalMarkers as jest.Mock).mock.lastCall[0].map((m: { label: string }) => m.label)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);

  const expand = screen.getByRole('button', { name: 'Show all 8 thermals' });
  expect(expand).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(expand);
  expect(numbers()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
  await userEvent.click(screen.getByRole('button', { name: 'Show the best 5' }));
  expect(numbers()).toHaveLength(5);
  // One glide: nothing to expand.
  expect(screen.queryByTestId('glide-expand')).not.toBeInTheDocument();
});

test('clicking a thermal row brings the map into view and keeps the thermal highlighted there: its marker drawn apart', async () => {
  const scrollIntoView = jest.spyOn(Element.prototype, 'scrollIntoView');
  renderFlight();
  const row = (await screen.findAllByTestId('thermal-row'))[0]!;
  expect(within(row).getByRole('rowheader')).toHaveTextContent('2');
  await waitFor(() => expect((controller.setThermalMarkers as jest.Mock).mock.lastCall?.[0]).toHaveLength(8));
  expect((controller.setThermalMarkers as jest.Mock).mock.lastCall[0].some((m: { active?: boolean }) => m.active)).toBe(false);
  await userEvent.click(row);
  expect(scrollIntoView).toHaveBeenCalled();
  await userEvent.unhover(row);
  expect(row).toHaveAttribute('data-active', 'true');
  const active = () => (controller.setThermalMarkers as jest.Mock).mock.lastCall[0].filter((m: { active?: boolean }) => m.active).map((m: { label: string }) => m.label);
  await waitFor(() => expect(active()).toEqual(['2']));
});

test('"Colour by climb" and the circling bands say what their colours mean', async () => {
  renderFlight();
  await screen.findAllByTestId('thermal-row');
  expect(await screen.findByText('Circling in a thermal')).toBeInTheDocument();
  expect(screen.queryByRole('list', { name: 'Climb colours' })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Colour by climb' }));
  const legend = screen.getByRole('list', { name: 'Climb colours' });
  expect(within(legend).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['≤ -3.0 m/s', '-3.0 m/s … -1.5 m/s', '-1.5 m/s … -0.5 m/s', '-0.5 m/s … 0.5 m/s', '0.5 m/s … 1.5 m/s', '1.5 m/s … 3.0 m/s', '> 3.0 m/s']);
});
