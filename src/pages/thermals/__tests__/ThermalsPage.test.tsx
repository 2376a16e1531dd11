import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ThermalMap } from '../../../../contract/thermals';
import { createThermalMap } from '../../../features/thermal-map/thermal-layer';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import ThermalsPage from '../ThermalsPage';

jest.mock('../../../features/thermal-map/thermal-layer', () => ({ createThermalMap: jest.fn() }));
const controller = { setTileUrl: jest.fn(), setCells: jest.fn(), onMove: jest.fn(), centreOn: jest.fn(), dispose: jest.fn() };
(createThermalMap as jest.Mock).mockImplementation(() => controller);

afterEach(() => {
  jest.restoreAllMocks();
  Object.values(controller).forEach((fn) => fn.mockClear());
});

const map: ThermalMap = {
  scope: 'mine',
  cellSize: 0.005,
  cells: [
    { latitude: 46.6025, longitude: 7.8025, count: 3, averageClimb: 2.4, bestHour: 13, failedLaunches: 0 },
    { latitude: 46.7025, longitude: 8.0025, count: 0, averageClimb: null, bestHour: null, failedLaunches: 2 },
    { latitude: 46.6125, longitude: 7.8125, count: 5, averageClimb: 0.8, bestHour: 11, failedLaunches: 1 },
  ],
};

test('asks for the cells in view with the filters, lists the busiest spots and offers the hotspots as .cup and .kml', async () => {
  const api = mockApi({ 'GET /api/thermals': { body: map } });
  renderWithProviders(<ThermalsPage />);
  await waitFor(() => expect(controller.onMove).toHaveBeenCalledWith(expect.any(Function)));
  const onMove = controller.onMove.mock.calls.find((c) => c[0])![0] as (box: object) => void;
  act(() => onMove({ west: 7.5, south: 46.4, east: 8.3, north: 46.9 }));
  const table = await screen.findByRole('table', { name: 'Busiest spots in view' });
  const rows = within(table).getAllByRole('row');
  expect(rows[1]).toHaveTextContent('46.612, 7.813');
  expect(rows[1]).toHaveTextContent('0.8 m/s');
  expect(rows[2]).toHaveTextContent('2.4 m/s');
  expect(rows[2]).toHaveTextContent('13:00');
  expect(screen.getByTestId('thermal-summary')).toHaveTextContent('Thermals in view: 8. Launches that found nothing: 3.');
  await waitFor(() => expect(controller.setCells).toHaveBeenLastCalledWith(map.cells, 0.005));
  const first = api.calls.find((c) => c.path === '/api/thermals')!;
  expect(Object.fromEntries(first.query)).toEqual({ scope: 'mine', bbox: '7.5000,46.4000,8.3000,46.9000' });

  await userEvent.selectOptions(screen.getByLabelText('Flights'), 'public');
  await userEvent.selectOptions(screen.getByLabelText('Month'), '7');
  await userEvent.selectOptions(screen.getByLabelText('From hour'), '11');
  await userEvent.selectOptions(screen.getByLabelText('To hour'), '13');
  await waitFor(() => expect(Object.fromEntries(api.calls.at(-1)!.query)).toEqual({ scope: 'public', bbox: '7.5000,46.4000,8.3000,46.9000', months: '7', hours: '11,12,13' }));
  expect(screen.getByRole('link', { name: 'Download hotspots (.cup)' })).toHaveAttribute('href', '/api/thermals.cup?scope=public&bbox=7.5000%2C46.4000%2C8.3000%2C46.9000&months=7&hours=11%2C12%2C13');
  expect(screen.getByRole('link', { name: 'Download hotspots (.kml)' }).getAttribute('href')).toMatch(/^\/api\/thermals\.kml\?scope=public&/);

  // Paragliders by default; another aircraft asks for its own thermals, downloads too (docs/aircraft-category.md).
  expect(screen.getByLabelText('Aircraft')).toHaveValue('paraglider');
  await userEvent.selectOptions(screen.getByLabelText('Aircraft'), 'hang_glider');
  await waitFor(() => expect(api.calls.at(-1)!.query.get('category')).toBe('hang_glider'));
  expect(screen.getByRole('link', { name: 'Download hotspots (.cup)' }).getAttribute('href')).toContain('category=hang_glider');
});

test('asks for at most the widest box the server answers, centred on the view', async () => {
  const api = mockApi({ 'GET /api/thermals': { body: { ...map, cells: [] } } });
  renderWithProviders(<ThermalsPage />);
  await waitFor(() => expect(controller.onMove).toHaveBeenCalledWith(expect.any(Function)));
  const onMove = controller.onMove.mock.calls.find((c) => c[0])![0] as (box: object) => void;
  act(() => onMove({ west: -40, south: 10, east: 40, north: 70 }));
  await waitFor(() => expect(api.calls.some((c) => c.path === '/api/thermals')).toBe(true));
  expect(await screen.findByText('No thermals in view with these filters.')).toBeInTheDocument();
  const [w, s, e, n] = api.calls.find((c) => c.path === '/api/thermals')!.query.get('bbox')!.split(',').map(Number);
  expect(e! - w!).toBeLessThanOrEqual(20);
  expect(n! - s!).toBeLessThanOrEqual(20);
  expect((w! + e!) / 2).toBeCloseTo(0, 3);
  expect((s! + n!) / 2).toBeCloseTo(40, 3);
});
